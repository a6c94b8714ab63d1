import { useI18n } from '../../i18n/useI18n';
import type { DimensionReport } from './agreementStore';
import { formatValue } from './agreementText';

const SIZE = 300;
const PAD = { left: 58, right: 14, top: 14, bottom: 40 };

/** Numeric dimensions: people's score (x) against the judge's (y), dot area by count, the diagonal for reference. */
export function ScatterPlot({ dimension }: { dimension: DimensionReport }) {
  const { t, locale, num } = useI18n();
  const scatter = dimension.scatter;
  if (!scatter || scatter.min === null || scatter.max === null) return null;
  const { min, max } = scatter;
  const span = max - min || 1;
  const inner = SIZE - PAD.left - PAD.right;
  const innerY = SIZE - PAD.top - PAD.bottom;
  const x = (v: number) => PAD.left + ((v - min) / span) * inner;
  const y = (v: number) => PAD.top + innerY - ((v - min) / span) * innerY;
  const most = Math.max(1, ...scatter.points.map((p) => p.count));
  const radius = (count: number) => 3 + 9 * Math.sqrt(count / most);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => min + f * span);
  return (
    <section className="agreement-card ag-scatter-card" aria-labelledby={`scatter-${dimension.dimension}`}>
      <h3 className="agreement-card-title" id={`scatter-${dimension.dimension}`}>
        {t('agreement.section.scatter')}
      </h3>
      <p className="ag-card-hint">{scatter.binned ? t('agreement.section.scatterBinned', { count: num(dimension.n) }) : t('agreement.section.scatterHint')}</p>
      <svg className="ag-scatter" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={t('agreement.section.scatter')} data-testid="agreement-scatter">
        <rect className="ag-plot-area" x={PAD.left} y={PAD.top} width={inner} height={innerY} />
        {ticks.map((v) => (
          <g key={v}>
            <line className="ag-grid" x1={x(v)} x2={x(v)} y1={PAD.top} y2={PAD.top + innerY} />
            <line className="ag-grid" x1={PAD.left} x2={PAD.left + inner} y1={y(v)} y2={y(v)} />
            <text className="ag-tick" x={x(v)} y={PAD.top + innerY + 14} textAnchor="middle">
              {formatValue(locale, v, 2)}
            </text>
            <text className="ag-tick" x={PAD.left - 6} y={y(v) + 4} textAnchor="end">
              {formatValue(locale, v, 2)}
            </text>
          </g>
        ))}
        <line className="ag-diagonal" x1={x(min)} y1={y(min)} x2={x(max)} y2={y(max)} />
        {scatter.points.map((p) => (
          <circle
            key={`${p.human}|${p.judge}`}
            className={p.human === p.judge ? 'ag-dot same' : p.judge > p.human ? 'ag-dot above' : 'ag-dot below'}
            cx={x(p.human)}
            cy={y(p.judge)}
            r={radius(p.count)}
            data-testid="scatter-point"
          >
            <title>{`${t('agreement.column.people')} ${formatValue(locale, p.human, 2)} · ${t('agreement.column.judge')} ${formatValue(locale, p.judge, 2)} · n = ${p.count}`}</title>
          </circle>
        ))}
        <text className="ag-axis-label" x={PAD.left + inner / 2} y={SIZE - 6} textAnchor="middle">
          {t('agreement.column.people')}
        </text>
        <text className="ag-axis-label" x={14} y={PAD.top + innerY / 2} textAnchor="middle" transform={`rotate(-90 14 ${PAD.top + innerY / 2})`}>
          {t('agreement.column.judge')}
        </text>
      </svg>
    </section>
  );
}
