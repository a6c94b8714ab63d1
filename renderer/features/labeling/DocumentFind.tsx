import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import type { EvidenceSpan } from './codepoints';
import { currentDocumentSelection, selectInDocument, selectedEvidence } from './documentSelection';
import { useDocumentFind } from './documentFindStore';
import { useClaimsDraftStore } from './claimsDraftStore';
import { LABEL_CONTEXT_ID } from './labelDomIds';
import './labeling-keys.css';

const PREVIEW = 40;
const preview = (quote: string) => ([...quote].length > PREVIEW ? `${[...quote].slice(0, PREVIEW).join('')}…` : quote);

/**
 * Above the documents: the find box (F) and, on the claims step, the text now
 * selected and where A attaches it. Leaving the box (Esc) keeps the match
 * selected and hands the keys back to the screen.
 */
export function DocumentFind({ caseId, selecting }: { caseId: string; selecting: boolean }) {
  const { t, num } = useI18n();
  const { open, query, index, total, focusTicket } = useDocumentFind();
  const input = useRef<HTMLInputElement>(null);
  const selected = useSelectedEvidence();

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open, focusTicket]);

  useEffect(() => () => useDocumentFind.getState().close(), [caseId]);

  const leave = () => {
    const kept = currentDocumentSelection();
    useDocumentFind.getState().close();
    document.getElementById(LABEL_CONTEXT_ID)?.focus({ preventScroll: true });
    // moving the focus must not lose the match: it is the selection the next keys work on
    if (kept) selectInDocument(kept.container, kept.anchor, kept.focus);
  };

  return (
    <div className="doc-find-bar" data-testid="doc-find-bar">
      {open ? (
        <div className="doc-find" role="search">
          <input
            ref={input}
            type="search"
            className="input doc-find-input"
            value={query}
            aria-label={t('docFind.label')}
            placeholder={t('docFind.placeholder')}
            data-testid="doc-find-input"
            onChange={(event) => useDocumentFind.getState().setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.nativeEvent.isComposing) return;
              if (event.key === 'Enter') {
                event.preventDefault();
                event.stopPropagation();
                useDocumentFind.getState().move(event.shiftKey ? -1 : 1);
              } else if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                leave();
              }
            }}
          />
          <span className="doc-find-count" data-testid="doc-find-count" data-index={index} data-total={total}>
            {query.trim() === '' ? '' : total === 0 ? t('docFind.none') : t('docFind.count', { index: num(index + 1), total: num(total) })}
          </span>
          <span className="doc-find-hint">{t('docFind.hint')}</span>
        </div>
      ) : (
        <button type="button" className="button small doc-find-open" onClick={() => useDocumentFind.getState().openFind()} data-testid="doc-find-open">
          {t('docFind.open')} <kbd>F</kbd>
        </button>
      )}
      {/* the line is there for the whole claims step, one line high, so a selection made with the mouse never moves the text under it;
          it is the claims step's one selection hint until text is selected */}
      {selecting ? selected ? <SelectedLine evidence={selected} /> : <HintLine /> : null}
    </div>
  );
}

/** How to select evidence and where it goes (the active claim), on the selection line while nothing is selected. */
function HintLine() {
  const { t } = useI18n();
  const claimCount = useClaimsDraftStore((s) => s.claimsDraft?.length ?? 0);
  const activeClaim = useClaimsDraftStore((s) => s.activeClaim);
  const hint = claimCount > 0 ? t('labeling.context.selectHintKeys', { number: activeClaim + 1 }) : t('labeling.context.selectHintNone');
  return (
    <p className="doc-selection waiting" title={hint} data-testid="doc-selection-hint">
      <span className="doc-selection-text">{hint}</span>
    </p>
  );
}

function SelectedLine({ evidence }: { evidence: EvidenceSpan }) {
  const { t } = useI18n();
  const claims = useClaimsDraftStore((s) => s.claimsDraft);
  const activeClaim = useClaimsDraftStore((s) => s.activeClaim);
  const hasClaim = Boolean(claims && claims[activeClaim]);
  return (
    <p className="doc-selection" data-testid="doc-selection" data-quote={evidence.quote} data-doc-id={evidence.docId}>
      <span className="muted">{t('docFind.selected')}</span> <q>{preview(evidence.quote)}</q>
      <span className="doc-selection-keys">
        <kbd>A</kbd> {hasClaim ? t('docFind.attach', { number: activeClaim + 1 }) : t('docFind.attachNone')}
        <span className="muted"> · {t('docFind.adjust')}</span>
      </span>
    </p>
  );
}

/**
 * The evidence the window's selection makes in a document, kept up to date as keys change it (find,
 * Shift+arrows). A selection made with the mouse has its own Attach offer beside it; this line then
 * keeps its hint, so nothing above the text changes while the pointer selects.
 */
function useSelectedEvidence(): EvidenceSpan | null {
  const [evidence, setEvidence] = useState<EvidenceSpan | null>(null);
  useEffect(() => {
    let byMouse = false;
    const update = () => {
      const next = byMouse ? null : selectedEvidence();
      setEvidence((previous) => (previous?.quote === next?.quote && previous?.start === next?.start && previous?.docId === next?.docId ? previous : next));
    };
    const mouse = () => {
      byMouse = true;
      update();
    };
    const keys = () => {
      byMouse = false;
    };
    document.addEventListener('selectionchange', update);
    document.addEventListener('mousedown', mouse);
    document.addEventListener('keydown', keys, true);
    return () => {
      document.removeEventListener('selectionchange', update);
      document.removeEventListener('mousedown', mouse);
      document.removeEventListener('keydown', keys, true);
    };
  }, []);
  return evidence;
}
