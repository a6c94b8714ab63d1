import { useI18n } from '../../i18n/useI18n';
import type { RetrievalCurve as Curve } from './retrievalStore';

const WIDTH = 560;
const HEIGHT = 200;
const PAD = { left: 40, right: 12, top: 10, bottom: 26 };
const SERIES = [
  { key: 'recall', className: 'series-recall', label: 'retrieval.metric.recall' },
  { key: 'precision', className: 'series-precision', label: 'retrieval.metric.precision' },
  { key: 'ndcg', className: 'series-ndcg', label: 'retrieval.metric.ndcg' },
] as const;

/** Recall, Precision and nDCG means over k = 1..20, the chosen k marked. */
export function RetrievalCurve({ curve, k, list }: { curve: Curve; k: number | 'whole'; list: 'candidates' | 'context' }) {
  const { t } = useI18n();
  const maxK = curve.length;
  const x = (kk: number) => PAD.left + ((kk - 1) / Math.max(1, maxK - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - v) * (HEIGHT - PAD.top - PAD.bottom);
  return (
    <figure className="retrieval-curve">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('retrieval.curve.label', { list: t(`retrieval.curve.list.${list}`) })} data-testid="retrieval-curve">
        {[0, 0.25, 0.5, 0.75, 1].map((v) => (
          <g key={v}>
            <line className="grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} />
            <text className="axis" x={PAD.left - 6} y={y(v) + 4} textAnchor="end">{`${v * 100}%`}</text>
          </g>
        ))}
        {curve.filter((p) => p.k === 1 || p.k % 5 === 0).map((p) => (
          <text key={p.k} className="axis" x={x(p.k)} y={HEIGHT - 8} textAnchor="middle">{p.k}</text>
        ))}
        {typeof k === 'number' ? <line className="current-k" x1={x(k)} x2={x(k)} y1={PAD.top} y2={HEIGHT - PAD.bottom} /> : null}
        {SERIES.map((s) => {
          const points = curve.filter((p) => p[s.key] !== null).map((p) => `${x(p.k)},${y(p[s.key]!)}`);
          return points.length > 0 ? <polyline key={s.key} className={s.className} points={points.join(' ')} /> : null;
        })}
      </svg>
      <figcaption className="retrieval-legend">
        {SERIES.map((s) => <span key={s.key} className={`legend ${s.className}`}>{t(s.label)}</span>)}
      </figcaption>
    </figure>
  );
}
