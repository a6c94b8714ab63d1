import { useMemo } from 'react';
import type { Claim } from '../../../shared/domain/schemas';
import { groupRevisions } from '../../../shared/documents/revision-order';
import { useI18n } from '../../i18n/useI18n';
import type { StoredDocument } from './documentView';
import { DocumentRevision } from './DocumentRevision';

interface DocumentListProps {
  claims: readonly Claim[];
  documents: readonly StoredDocument[];
  activeClaim: number | null;
}

/** The case's documents, one block per docId, each revision shown with its own text and highlights. */
export function DocumentList({ claims, documents, activeClaim }: DocumentListProps) {
  const { t } = useI18n();
  const groups = useMemo(() => groupRevisions(documents), [documents]);
  return (
    <section className="detail-section">
      <h2 className="section-title">
        {t('detail.documents')}
        {documents.length > 0 ? <span className="section-count">{t('detail.marksLegend')}</span> : null}
      </h2>
      {groups.length === 0 ? <p className="muted">{t('detail.noDocuments')}</p> : null}
      {groups.map((group) => (
        <div key={group.docId} className="document-group" data-testid="document-group" data-doc-id={group.docId}>
          <div className="document-group-header">
            <h3 className="document-title">{group.revisions[0].title || group.docId}</h3>
            <span className="mono muted">{group.docId}</span>
            {group.revisions.length > 1 ? (
              <span className="badge">{t('detail.revisions', { count: group.revisions.length })}</span>
            ) : null}
          </div>
          {group.revisions.map((document) => (
            <DocumentRevision key={document.revision} claims={claims} document={document} activeClaim={activeClaim} showTitle={document.title !== group.revisions[0].title} />
          ))}
        </div>
      ))}
    </section>
  );
}
