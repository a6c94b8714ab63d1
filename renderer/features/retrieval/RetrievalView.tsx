import { useEffect } from 'react';
import { ErrorDetails } from '../../common/ErrorDetails';
import { PageShell } from '../../common/PageShell';
import { PageTabs } from '../../common/PageTabs';
import { useI18n } from '../../i18n/useI18n';
import { useTestSetStore } from '../test-sets/testSetStore';
import { AssemblyLossPanel } from './AssemblyLossPanel';
import { CaseChunks } from './CaseChunks';
import { ComparePanel } from './ComparePanel';
import { GroupTable } from './GroupTable';
import { MeansGrid } from './MeansGrid';
import { RetrievalCurve } from './RetrievalCurve';
import { RetrievalToolbar } from './RetrievalToolbar';
import { kOf, useRetrievalStore, type RetrievalReport, type RetrievalTab } from './retrievalStore';
import { useRetrievalKeyboard } from './useRetrievalKeyboard';
import { WorstCases } from './WorstCases';
import { visibleId } from '../../common/bidi';
import './retrieval.css';
import { usePick } from '../../common/usePick';

function Overview({ report, onOpen }: { report: RetrievalReport; onOpen(caseId: string): void }) {
  const { t } = useI18n();
  const curve = useRetrievalStore((s) => s.curve);
  return (
    <>
      <section className="retrieval-card">
        <p className="retrieval-count" data-testid="retrieval-excluded">
          {t('retrieval.excluded', { n: report.n, noEvidence: report.excluded.noEvidence, unanswerable: report.excluded.unanswerable })}
        </p>
        {report.excluded.noList > 0 ? <p className="muted">{t('retrieval.noList', { count: report.excluded.noList })}</p> : null}
        <MeansGrid means={report.mean} k={report.k} />
        <p className="muted retrieval-method">{t('retrieval.ciMethod')}</p>
      </section>
      <section className="retrieval-card">
        <h2 className="retrieval-card-title">{t('retrieval.curve.title')}</h2>
        {curve ? <RetrievalCurve curve={curve} k={report.k} list={report.list} /> : <div className="skeleton skeleton-line wide" />}
      </section>
      <GroupTable title={t('retrieval.bySlice')} groups={report.bySlice} kind="slice" k={report.k} testId="retrieval-by-slice" />
      <GroupTable title={t('retrieval.byQuestionType')} groups={report.byQuestionType} kind="questionType" k={report.k} testId="retrieval-by-type" />
      <WorstCases report={report} onOpen={onOpen} />
      <div className="retrieval-columns">
        <section className="retrieval-card" data-testid="retrieval-unanswerable">
          <h2 className="retrieval-card-title">{t('retrieval.unanswerable.title')}</h2>
          {report.unanswerable.length === 0 ? <p className="muted">{t('retrieval.none')}</p> : (
            <ul className="retrieval-loss-list">
              {report.unanswerable.map((u) => (
                <li key={u.caseId}>
                  <button type="button" className="link-button retrieval-case-open" onClick={() => onOpen(u.caseId)}>
                    <span className="retrieval-case-id">{visibleId(u.caseId)}</span>
                    <span className="retrieval-case-query">{u.query}</span>
                  </button>
                  <span className="muted">{t('retrieval.unanswerable.chunks', { count: u.chunks })}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="retrieval-card" data-testid="retrieval-no-evidence">
          <h2 className="retrieval-card-title">{t('retrieval.noEvidence.title')}</h2>
          {report.noEvidence.length === 0 ? <p className="muted">{t('retrieval.none')}</p> : (
            <ul className="retrieval-loss-list">
              {report.noEvidence.map((c) => (
                <li key={c.caseId}>
                  <span className="retrieval-case-id">{visibleId(c.caseId)}</span> <span className="retrieval-case-query">{c.query}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

/** Retrieval measured against the experts' evidence spans, per system version. */
export function RetrievalView() {
  const { t } = useI18n();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const { init, systems, report, loading, error, tab, setTab, detail, cutoff, assembly, openCase, closeCase } = usePick(useRetrievalStore, 'init', 'systems', 'report', 'loading', 'error', 'tab', 'setTab', 'detail', 'cutoff', 'assembly', 'openCase', 'closeCase');
  const systemRow = useRetrievalStore((s) => s.systems?.find((row) => row.system === s.system));
  useRetrievalKeyboard();

  useEffect(() => {
    // fresh figures each time the screen opens: responses may have been imported meanwhile
    void init(testSetId);
  }, [init, testSetId]);

  const tabs: { name: RetrievalTab; label: string }[] = [
    { name: 'overview', label: t('retrieval.tab.overview') },
    { name: 'assembly', label: t('retrieval.tab.assembly') },
    { name: 'compare', label: t('retrieval.tab.compare') },
  ];
  const onOpen = (caseId: string) => void openCase(caseId);

  let body;
  if (error) body = <div className="inline-error"><ErrorDetails error={error} testId="retrieval-error" /></div>;
  else if (systems !== null && systems.length === 0) {
    body = (
      <div className="retrieval-card" data-testid="retrieval-empty">
        <h2>{t('retrieval.empty.title')}</h2>
        <p className="muted">{t('retrieval.empty.hint')}</p>
      </div>
    );
  } else if (!report) {
    body = <div className="retrieval-card" aria-busy="true"><div className="skeleton skeleton-title" /><div className="skeleton skeleton-line wide" /><p className="muted">{t('retrieval.loading')}</p></div>;
  } else {
    body = (
      <div className={loading ? 'retrieval-body stale' : 'retrieval-body'}>
        <PageTabs label={t('retrieval.title')} tabs={tabs} active={tab} testIdPrefix="retrieval-tab-" onSelect={setTab} />
        {systemRow && systemRow.withCandidates === 0 ? <p className="muted">{t('retrieval.noCandidates')}</p> : null}
        {tab === 'overview' ? <Overview report={report} onOpen={onOpen} /> : null}
        {tab === 'assembly' ? <AssemblyLossPanel loss={assembly} onOpen={onOpen} /> : null}
        {tab === 'compare' ? <ComparePanel onOpen={onOpen} /> : null}
      </div>
    );
  }
  return (
    <PageShell
      testId="retrieval-view"
      title={t('retrieval.title')}
      subtitle={t('retrieval.subtitle')}
      aside={<RetrievalToolbar />}
      width="wide"
      busy={loading}
      overlays={detail ? <CaseChunks detail={detail} k={kOf(cutoff)} onClose={closeCase} /> : null}
    >
      {body}
    </PageShell>
  );
}
