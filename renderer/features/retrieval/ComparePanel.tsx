import { SUMMARY_METRICS } from '../../../shared/retrieval/report';
import { useI18n } from '../../i18n/useI18n';
import { formatDifference, formatFigure, metricLabel } from './retrievalText';
import { CutoffPicker } from './RetrievalToolbar';
import { kOf, useRetrievalStore } from './retrievalStore';
import { visibleId } from '../../common/bidi';
import { usePick } from '../../common/usePick';

/** Two versions at the same k: paired differences with intervals, per slice, and the cases that got worse. */
export function ComparePanel({ onOpen }: { onOpen(caseId: string): void }) {
  const i18n = useI18n();
  const { t, label } = i18n;
  const systems = useRetrievalStore((s) => s.systems) ?? [];
  const { system, baseline, cutoff, baselineCutoff, comparison, setBaseline, setBaselineCutoff } = usePick(useRetrievalStore, 'system', 'baseline', 'cutoff', 'baselineCutoff', 'comparison', 'setBaseline', 'setBaselineCutoff');
  const undefinedText = t('retrieval.undefined');
  const k = kOf(cutoff);
  const baselineRow = systems.find((s) => s.system === baseline);
  const result = comparison?.comparison;
  return (
    <section className="retrieval-card" data-testid="retrieval-compare">
      <div className="retrieval-toolbar">
        <label className="retrieval-field">
          <span className="field-label">{t('retrieval.compare.baseline')}</span>
          <select className="select" value={baseline ?? ''} data-testid="retrieval-baseline" onChange={(e) => setBaseline(e.target.value || null)}>
            <option value="">—</option>
            {systems.filter((s) => s.system !== system).map((s) => <option key={s.system} value={s.system}>{s.system}</option>)}
          </select>
        </label>
        <CutoffPicker cutoff={baselineCutoff} candidates={(baselineRow?.withCandidates ?? 0) > 0} testIdPrefix="retrieval-baseline-" listLabel={t('retrieval.compare.baselineCutoff')} onChange={setBaselineCutoff} />
      </div>
      {!baseline ? <p className="muted">{t('retrieval.compare.pick')}</p> : null}
      {comparison?.refusal ? (
        <p className="retrieval-refusal" role="alert" data-testid="retrieval-compare-refused">
          {t(`retrieval.compare.refused.${comparison.refusal.code}`, { current: comparison.refusal.current, baseline: comparison.refusal.baseline })}
        </p>
      ) : null}
      {result ? (
        <>
          <p className="retrieval-count">{t('retrieval.compare.pairs', { n: result.n })}</p>
          <table className="retrieval-table" data-testid="retrieval-compare-table">
            <thead>
              <tr>
                <th>{t('retrieval.compare.metric')}</th>
                <th className="num">{t('retrieval.compare.current')}</th>
                <th className="num">{t('retrieval.compare.base')}</th>
                <th className="num">{t('retrieval.compare.difference')}</th>
              </tr>
            </thead>
            <tbody>
              {SUMMARY_METRICS.map((m) => {
                const d = result.difference[m];
                return (
                  <tr key={m}>
                    <th scope="row">{metricLabel(i18n, m, k)}</th>
                    <td className="num">{formatFigure(m, result.current[m].value, undefinedText)}</td>
                    <td className="num">{formatFigure(m, result.baseline[m].value, undefinedText)}</td>
                    <td className={`num ${d.value !== null && d.value < 0 ? 'worse' : d.value !== null && d.value > 0 ? 'better' : ''}`}>
                      <span className="figure">{formatDifference(m, d.value, undefinedText)}</span>
                      <span className="interval">{d.ci95 ? `${formatDifference(m, d.ci95[0], undefinedText)} – ${formatDifference(m, d.ci95[1], undefinedText)}` : d.reason ? t(`retrieval.reason.${d.reason}`) : ''}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {result.bySlice.length > 0 ? (
            <>
              <h3 className="retrieval-subtitle">{t('retrieval.compare.bySlice')}</h3>
              <table className="retrieval-table">
                <tbody>
                  {result.bySlice.map((g) => (
                    <tr key={g.group}>
                      <th scope="row">{label('slice', g.group)}</th>
                      <td className="num">n = {g.n}</td>
                      <td className="num">{formatDifference('recall', g.difference.recall.value, undefinedText)}</td>
                      <td className="num interval">{g.difference.recall.ci95 ? `${formatDifference('recall', g.difference.recall.ci95[0], undefinedText)} – ${formatDifference('recall', g.difference.recall.ci95[1], undefinedText)}` : g.difference.recall.reason ? t(`retrieval.reason.${g.difference.recall.reason}`) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : null}
          <h3 className="retrieval-subtitle">{t('retrieval.compare.worse')}</h3>
          {result.regressions.length === 0 ? <p className="muted">{t('retrieval.compare.noWorse')}</p> : (
            <ul className="retrieval-loss-list" data-testid="retrieval-regressions">
              {result.regressions.map((r) => (
                <li key={r.caseId} data-testid="retrieval-regression">
                  <button type="button" className="link-button retrieval-case-open" onClick={() => onOpen(r.caseId)}>
                    <span className="retrieval-case-id">{visibleId(r.caseId)}</span>
                    <span className="retrieval-case-query">{r.query}</span>
                  </button>
                  <span className="muted">{formatFigure('recall', r.recallBefore, undefinedText)} → {formatFigure('recall', r.recallAfter, undefinedText)}</span>
                  <ul>
                    {r.lost.map((u) => (
                      <li key={`${u.docId}:${u.quote}`}>
                        {t('retrieval.compare.lost', { docId: u.docId, quote: u.quote, before: u.rankBefore ?? t('retrieval.compare.notRetrieved'), after: u.rankAfter ?? t('retrieval.compare.notRetrieved') })}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
