import { useEffect, useState } from 'react';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { useI18n } from '../../i18n/useI18n';
import { openCaseInCasesView } from '../cases/openCaseInCasesView';
import { LayerStatus } from './LayerStatus';
import { openRecheckQueue } from './recheckQueue';
import { saveText } from './saveText';
import { SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';
import { visibleId } from '../../common/bidi';

type Changes = OpOutput<'diagnosis.documentChanges'>;

/** After a new revision of a document: the cases whose evidence cites it, whether each quote is still there, to re-check one by one or re-run. */
export function DocumentChangesSection({ report }: DiagnosisSectionProps) {
  const { t, num } = useI18n();
  const [changes, setChanges] = useState<Changes | null>(null);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  useEffect(() => {
    let live = true;
    invoke('diagnosis.documentChanges', {}).then(
      (value) => live && setChanges(value),
      (e: unknown) => live && setError(toErrorBody(e)),
    );
    return () => {
      live = false;
    };
  }, [report]);
  return (
    <SectionCard id="document-changes" title={t('dxdata.changes.title')} subtitle={t('dxdata.changes.sub')}>
      {!changes ? (
        <LayerStatus error={error} />
      ) : changes.length === 0 ? (
        <p className="muted" data-testid="dx-changes-none">{t('dxdata.changes.none')}</p>
      ) : (
        changes.map((change) => {
          const lost = change.cases.filter((c) => c.quotes.some((q) => q.found === false)).length;
          return (
            <div key={change.docId} className="dx-figure" data-testid={`dx-change-${change.docId}`}>
              <div className="dx-figure-label">{t('dxdata.changes.doc', { docId: change.docId, revision: change.newestRevision ?? '—' })}</div>
              <p>{t('dxdata.changes.count', { cases: num(change.cases.length), lost: num(lost) })}</p>
              <ul className="dx-case-list">
                {change.cases.map((c) => (
                  <li key={c.caseId}>
                    <button type="button" className="link-button mono" title={t('diagnosis.cases.openTitle')} onClick={() => openCaseInCasesView(c.caseId)}>{visibleId(c.caseId)}</button>
                    <span className={c.quotes.some((q) => q.found === false) ? 'dx-warning' : 'muted'}>
                      {c.quotes.map((q) => t(q.found === null ? 'dxdata.changes.noText' : q.found ? 'dxdata.changes.found' : 'dxdata.changes.lost', { claim: num(q.claim) })).join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
              {change.cases.length > 0 ? (
                <button type="button" className="button small primary" data-testid="dx-change-recheck" onClick={() => openRecheckQueue(change.cases.map((c) => c.caseId), [change.docId])}>
                  {t('dxdata.changes.recheck', { count: num(change.cases.length) })}
                </button>
              ) : null}
              {change.cases.length > 0 ? (
                <button type="button" className="button small" onClick={() => saveText(`${change.docId}-affected-cases.txt`, change.cases.map((c) => `${c.caseId}\n`).join(''))}>{t('dxdata.changes.save')}</button>
              ) : null}
            </div>
          );
        })
      )}
    </SectionCard>
  );
}
