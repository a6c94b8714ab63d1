import { memo, useMemo, useRef } from 'react';
import type { Claim } from '../../../shared/domain/schemas';
import { selectionToEvidence } from './codepoints';
import { highlightDocument } from '../case-detail/evidence';
import { useI18n } from '../../i18n/useI18n';
import { useClaimsDraftStore } from './claimsDraftStore';
import type { StoredDocument } from '../case-detail/documentView';
import { selectionWithin } from './selectionOffsets';
import { HighlightedText } from '../case-detail/HighlightedText';

interface LabelDocumentProps {
  document: StoredDocument;
  claims: readonly Claim[];
  latest: boolean;
  selectable: boolean;
  /** 1-based claim number whose evidence is emphasised. */
  activeClaim: number | null;
}

/**
 * One revision of a document. Its text (data-testid doc-text) is where a
 * mouse selection becomes evidence: docId, the exact quote, and code point
 * offsets into this revision's text.
 */
export const LabelDocument = memo(function LabelDocument({ document, claims, latest, selectable, activeClaim }: LabelDocumentProps) {
  const { t } = useI18n();
  const textRef = useRef<HTMLDivElement>(null);
  const highlighted = useMemo(() => highlightDocument(claims, document), [claims, document]);
  const found = highlighted.result.ranges.filter((range) => range !== null).length;
  const superseded = Boolean(document.supersededBy);

  const onSelect = () => {
    const container = textRef.current;
    const text = document.text;
    if (!selectable || !container || !text) return;
    const selection = selectionWithin(container);
    if (!selection) {
      useClaimsDraftStore.getState().offerSelection(null);
      return;
    }
    const evidence = selectionToEvidence(document.docId, text, selection.start, selection.end);
    useClaimsDraftStore.getState().offerSelection(evidence ? { evidence, x: selection.rect.left + selection.rect.width / 2, y: selection.rect.bottom } : null);
  };

  return (
    <article className={superseded ? 'document superseded' : 'document'} data-testid="document" data-doc-id={document.docId} data-revision={document.revision}>
      <header className="document-header">
        <span className="revision-badge">{t('detail.revision', { revision: document.revision })}</span>
        {superseded ? <span className="badge warning">{t('detail.superseded')}</span> : null}
        {document.effectiveFrom ? (
          <span className="document-fact">
            <span className="muted">{t('detail.effectiveFrom')}</span> <span className="mono">{document.effectiveFrom}</span>
          </span>
        ) : null}
        {document.expiresAt ? (
          <span className="document-fact">
            <span className="muted">{t('detail.expiresAt')}</span> <span className="mono">{document.expiresAt}</span>
          </span>
        ) : null}
        {found > 0 ? <span className="marks-count">{t('detail.marksCount', { count: found })}</span> : null}
      </header>
      {document.text ? (
        <div
          ref={textRef}
          className={selectable ? 'doc-text-wrap selectable' : 'doc-text-wrap'}
          data-testid="doc-text"
          data-doc-id={document.docId}
          data-revision={document.revision}
          onMouseUp={onSelect}
          onKeyUp={(event) => {
            if (event.shiftKey) onSelect();
          }}
        >
          <HighlightedText marks={highlighted.marks} result={highlighted.result} activeClaim={activeClaim} />
        </div>
      ) : (
        <p className="muted doc-no-text">{t('detail.noText')}</p>
      )}
    </article>
  );
});
