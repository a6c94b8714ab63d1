import { useMemo } from 'react';
import type { Claim } from '../../../shared/domain/schemas';
import { highlightDocument } from './evidence';
import { useI18n } from '../../i18n/useI18n';
import type { StoredDocument } from './documentView';
import { HighlightedText } from './HighlightedText';

interface DocumentRevisionProps {
  claims: readonly Claim[];
  document: StoredDocument;
  activeClaim: number | null;
  showTitle: boolean;
}

export function DocumentRevision({ claims, document, activeClaim, showTitle }: DocumentRevisionProps) {
  const { t } = useI18n();
  const highlighted = useMemo(() => highlightDocument(claims, document), [claims, document]);
  const found = highlighted.result.ranges.filter((range) => range !== null).length;
  const superseded = Boolean(document.supersededBy);
  return (
    <article
      className={superseded ? 'document superseded' : 'document'}
      data-testid="document"
      data-doc-id={document.docId}
      data-revision={document.revision}
    >
      <header className="document-header">
        <span className="revision-badge">{t('detail.revision', { revision: document.revision })}</span>
        {superseded ? <span className="badge warning">{t('detail.superseded')}</span> : null}
        {showTitle ? <span className="document-revision-title">{document.title}</span> : null}
        <dl className="document-facts">
          {document.effectiveFrom ? (
            <div>
              <dt>{t('detail.effectiveFrom')}</dt>
              <dd className="mono">{document.effectiveFrom}</dd>
            </div>
          ) : null}
          {document.expiresAt ? (
            <div>
              <dt>{t('detail.expiresAt')}</dt>
              <dd className="mono">{document.expiresAt}</dd>
            </div>
          ) : null}
          {document.supersedes ? (
            <div>
              <dt>{t('detail.supersedes')}</dt>
              <dd className="mono">{document.supersedes}</dd>
            </div>
          ) : null}
          {document.supersededBy ? (
            <div>
              <dt>{t('detail.supersededBy')}</dt>
              <dd className="mono">{document.supersededBy}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('detail.accessScope')}</dt>
            <dd className="mono">{document.accessScope.length > 0 ? document.accessScope.join(', ') : t('common.none')}</dd>
          </div>
        </dl>
        {found > 0 ? <span className="marks-count">{t('detail.marksCount', { count: found })}</span> : null}
      </header>
      {document.text ? (
        <HighlightedText marks={highlighted.marks} result={highlighted.result} activeClaim={activeClaim} />
      ) : (
        <p className="muted doc-no-text">{t('detail.noText')}</p>
      )}
    </article>
  );
}
