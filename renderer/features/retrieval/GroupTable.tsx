import type { MeansOut } from '../../../shared/api/retrieval-ops';
import type { SummaryMetric } from '../../../shared/retrieval/report';
import type { EnumKind } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { formatFigure, metricLabel } from './retrievalText';

const COLUMNS: SummaryMetric[] = ['recall', 'precision', 'ndcg', 'reciprocalRank'];

/** Means per slice or per question type, each with its n and interval. */
export function GroupTable({ title, groups, kind, k, testId }: { title: string; groups: { group: string; n: number; mean: MeansOut }[]; kind: EnumKind; k: number | 'whole'; testId: string }) {
  const i18n = useI18n();
  const { t, label } = i18n;
  const undefinedText = t('retrieval.undefined');
  return (
    <section className="retrieval-card" data-testid={testId}>
      <h2 className="retrieval-card-title">{title}</h2>
      {groups.length === 0 ? <p className="muted">{t('retrieval.noGroups')}</p> : (
        <table className="retrieval-table">
          <thead>
            <tr>
              <th>{t('retrieval.group')}</th>
              <th className="num">n</th>
              {COLUMNS.map((m) => <th key={m} className="num">{metricLabel(i18n, m, k)}</th>)}
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.group}>
                <th scope="row">{label(kind, g.group)}</th>
                <td className="num">{g.n}</td>
                {COLUMNS.map((m) => {
                  const f = g.mean[m];
                  return (
                    <td key={m} className="num">
                      <span className="figure">{formatFigure(m, f.value, undefinedText)}</span>
                      <span className="interval">{f.ci95 ? `${formatFigure(m, f.ci95[0], undefinedText)} – ${formatFigure(m, f.ci95[1], undefinedText)}` : f.reason ? t(`retrieval.reason.${f.reason}`) : ''}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
