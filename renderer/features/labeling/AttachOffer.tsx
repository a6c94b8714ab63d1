import { useEffect } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { currentStepKind, useLabelingStore } from './labelingStore';
import { useClaimsDraftStore } from './claimsDraftStore';
import { LABEL_CONTEXT_ID } from './labelDomIds';

/** After a text selection in a document (claims step): "Attach to claim N", next to the selection. */
export function AttachOffer() {
  const { t } = useI18n();
  const offer = useClaimsDraftStore((s) => s.selectionOffer);
  const claims = useClaimsDraftStore((s) => s.claimsDraft);
  const activeClaim = useClaimsDraftStore((s) => s.activeClaim);
  const kind = useLabelingStore(currentStepKind);
  const attach = useClaimsDraftStore((s) => s.attachEvidence);
  const clear = useClaimsDraftStore((s) => s.offerSelection);

  useEffect(() => {
    if (!offer) return;
    const context = document.getElementById(LABEL_CONTEXT_ID);
    const close = () => clear(null);
    context?.addEventListener('scroll', close, { passive: true });
    window.addEventListener('resize', close);
    return () => {
      context?.removeEventListener('scroll', close);
      window.removeEventListener('resize', close);
    };
  }, [offer, clear]);

  if (!offer || kind !== 'claims') return null;
  const hasClaim = Boolean(claims && claims[activeClaim]);
  const left = Math.max(12, Math.min(window.innerWidth - 260, offer.x - 110));
  const top = Math.min(window.innerHeight - 60, offer.y + 8);
  const preview = [...offer.evidence.quote].length > 28 ? `${[...offer.evidence.quote].slice(0, 28).join('')}…` : offer.evidence.quote;
  return (
    <div className="attach-offer" style={{ left, top }} data-testid="attach-offer" onMouseDown={(event) => event.preventDefault()}>
      <span className="attach-quote">“{preview}”</span>
      <button
        type="button"
        className="button primary small"
        disabled={!hasClaim}
        data-testid="evidence-attach"
        onClick={() => {
          attach(offer.evidence);
          window.getSelection()?.removeAllRanges();
        }}
      >
        {hasClaim ? t('labeling.claims.attach', { number: activeClaim + 1 }) : t('labeling.claims.attachNone')}
      </button>
    </div>
  );
}
