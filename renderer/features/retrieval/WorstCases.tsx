import { useI18n } from '../../i18n/useI18n';
import { formatFigure } from './retrievalText';
import type { RetrievalReport } from './retrievalStore';
import { visibleId } from '../../common/bidi';

/** The cases with the lowest Recall (then nDCG) first; a row opens the case's ranked chunks. */
export function WorstCases({ report, onOpen }: { report: RetrievalReport; onOpen(caseId: string): void }) {
  const { t } = useI18n();
  const undefinedText = t('retrieval.undefined');
  return (
    <section className="retrieval-card" data-testid="retrieval-worst">
      <h2 className="retrieval-card-title">
        {t('retrieval.worst.title')}
        <span className="muted">{t('retrieval.worst.count', { shown: report.cases.length, total: report.casesTotal })}</span>
      </h2>
      <table className="retrieval-table">
        <thead>
          <tr>
            <th>{t('retrieval.case')}</th>
            <th className="num">{t('retrieval.metric.recall')}</th>
            <th className="num">{t('retrieval.metric.ndcg')}</th>
            <th className="num">{t('retrieval.metric.reciprocalRank')}</th>
            <th className="num">{t('retrieval.units')}</th>
          </tr>
        </thead>
        <tbody>
          {report.cases.map((c) => (
            <tr key={c.caseId} data-testid="retrieval-case-row" data-case-id={c.caseId}>
              <th scope="row">
                <button type="button" className="link-button retrieval-case-open" title={t('retrieval.open')} onClick={() => onOpen(c.caseId)}>
                  <span className="retrieval-case-id">{visibleId(c.caseId)}</span>
                  <span className="retrieval-case-query">{c.query}</span>
                </button>
              </th>
              <td className="num">{formatFigure('recall', c.values.recall, undefinedText)}</td>
              <td className="num">{formatFigure('ndcg', c.values.ndcg, undefinedText)}</td>
              <td className="num">{formatFigure('reciprocalRank', c.values.reciprocalRank, undefinedText)}</td>
              <td className="num">{t('retrieval.unitsOf', { found: c.unitsFound, total: c.units })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
