import { useState } from 'react';
import type { TrendPoint } from '../../../shared/api/calibration-ops';
import { judgeChanges } from '../../../shared/calibration/figures';
import { formatFixed, formatInterval, formatSigned, judgeLabel } from './format';
import { bandPath, layoutTrend, linePath } from './trend';
import { useI18n } from '../../i18n/useI18n';
import { coefficientLabel } from './calibrationText';
import { reasonWording } from '../agreement/agreementText';

export type TrendMetric = 'agreement' | 'bias';

const WIDTH = 560;
const HEIGHT = 210;
const PADDING = { left: 46, right: 14, top: 30, bottom: 28 };

/** Week label on the axis: "W07", with the year when it differs from the previous label's. */
function axisWeek(week: string, previous: string | null): string {
  const [year, w] = week.split('-');
  return previous && previous.split('-')[0] === year ? w : `${w} ’${year.slice(2)}`;
}

/**
 * One figure of one dimension week by week: each round's population figure (its random half,
 * pooled with the earlier rounds of the same judge version; never the changed half) with its 95%
 * interval (band and whiskers), a gap and a marker wherever the judge changed, never a line
 * across it. Hovering (or focusing) a point shows its round and how many random items it rests on.
 */
export function TrendChart({ dimension, points, metric }: { dimension: string; points: TrendPoint[]; metric: TrendMetric }) {
  const { t, locale, num } = useI18n();
  const [hover, setHover] = useState<number | null>(null);
  const figure = (p: TrendPoint) => (metric === 'agreement' ? p.random.agreement : p.random.bias);
  const layout = layoutTrend(
    points.map((p) => ({ key: p.roundId, value: figure(p).value, ci95: figure(p).ci95, breakBefore: p.break })),
    { width: WIDTH, height: HEIGHT, padding: PADDING, include: metric === 'agreement' ? [0, 1] : [0], tickCount: 4 },
  );
  const write = (value: number) => (metric === 'bias' ? formatSigned(locale, value, 2) : formatFixed(locale, value, 2));
  const keys = [...new Set(points.map((p) => p.agreementKey).filter((k): k is NonNullable<typeof k> => k !== null))];
  const title = metric === 'agreement'
    ? t('calibration.trend.agreement', { key: keys.map((k) => coefficientLabel(locale, k)).join(' / ') || coefficientLabel(locale, null) })
    : t('calibration.trend.bias');
  const labelEvery = Math.max(1, Math.ceil(points.length / 10));
  const hovered = hover !== null ? points[hover] : null;
  const hoveredLayout = hover !== null ? layout.points[hover] : null;

  const defined = points.filter((p) => figure(p).value !== null);
  if (defined.length === 0) {
    const reasons = [...new Set(points.map((p) => reasonWording(locale, figure(p).reason, figure(p).reasonCode)).filter(Boolean))];
    return (
      <figure className="cal-trend-chart" data-testid="trend-chart" data-dimension={dimension} data-metric={metric} data-half="random" data-points={points.length}>
        <figcaption className="cal-trend-caption">{title}</figcaption>
        <div className="cal-trend-none" data-testid="trend-undefined">
          <span className="cal-undefined">{t('calibration.figure.undefined')}</span>
          <span className="cal-reason">{reasons.join(' ') || t('calibration.figure.noReason')}</span>
          <span className="cal-hint">{t('calibration.trend.allUndefined', { count: points.length })}</span>
        </div>
      </figure>
    );
  }

  return (
    <figure className="cal-trend-chart" data-testid="trend-chart" data-dimension={dimension} data-metric={metric} data-half="random" data-points={points.length}>
      <figcaption className="cal-trend-caption">{title}</figcaption>
      <div className="cal-trend-svg-wrap">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="cal-trend-svg" role="img" aria-label={`${title}: ${points.length}`}>
          {layout.ticks.map((tick) => (
            <g key={tick.value} className="cal-trend-tick">
              <line x1={layout.plot.left} x2={layout.plot.right} y1={tick.y} y2={tick.y} />
              <text x={layout.plot.left - 6} y={tick.y} dy="0.32em" textAnchor="end">{write(tick.value)}</text>
            </g>
          ))}
          {layout.zeroY !== null ? <line className="cal-trend-zero" x1={layout.plot.left} x2={layout.plot.right} y1={layout.zeroY} y2={layout.zeroY} /> : null}
          {layout.segments.map((segment) => {
            const band = bandPath(layout, segment);
            return band ? <path key={`band-${segment[0]}`} className="cal-trend-band" d={band} /> : null;
          })}
          {layout.segments.map((segment) =>
            segment.length > 1 ? <path key={`line-${segment[0]}`} className="cal-trend-line" d={linePath(layout, segment)} data-testid="trend-segment" /> : null,
          )}
          {layout.breaks.map((b) => {
            const before = points[b.index - 1];
            const after = points[b.index];
            const changed = judgeChanges(before.judge, after.judge);
            const what = changed.length ? changed.map((c) => t(`calibration.trend.field.${c}`)).join('/') : t('calibration.trend.field.judge');
            const detail = before.judge && after.judge ? `${judgeLabel(before.judge)} → ${judgeLabel(after.judge)}` : reasonWording(locale, after.breakReason, null);
            const labelLeft = b.x > WIDTH * 0.62;
            return (
              <g key={`break-${b.index}`} className="cal-trend-break" data-testid="trend-break" data-index={b.index}>
                <title>{`${t('calibration.trend.breakTitle')}: ${detail}${after.breakReason ? `\n${after.breakReason}` : ''}`}</title>
                <rect className="cal-trend-gap" x={b.x - 7} y={layout.plot.top} width={14} height={layout.plot.bottom - layout.plot.top} />
                <line x1={b.x} x2={b.x} y1={layout.plot.top - 4} y2={layout.plot.bottom} />
                <path className="cal-trend-break-mark" d={`M${b.x},${layout.plot.top - 12} l5,5 l-5,5 l-5,-5 z`} />
                <text x={labelLeft ? b.x - 8 : b.x + 8} y={layout.plot.top - 9} dy="0.32em" textAnchor={labelLeft ? 'end' : 'start'}>
                  {t('calibration.trend.break', { what })}
                </text>
              </g>
            );
          })}
          {layout.points.map((p, i) => {
            const point = points[i];
            const showLabel = i % labelEvery === 0 || i === points.length - 1;
            return (
              <g key={p.key} className="cal-trend-x">
                {showLabel ? (
                  <text x={p.x} y={HEIGHT - 8} textAnchor="middle">{axisWeek(point.week, i > 0 ? points[i - 1].week : null)}</text>
                ) : null}
              </g>
            );
          })}
          {layout.points.map((p, i) => {
            const point = points[i];
            const f = figure(point);
            const y = p.y ?? (layout.plot.top + layout.plot.bottom) / 2;
            return (
              <g
                key={`pt-${p.key}`}
                className={hover === i ? 'cal-trend-point active' : 'cal-trend-point'}
                tabIndex={0}
                data-testid="trend-point"
                data-round-id={point.roundId}
                data-week={point.week}
                data-value={f.value ?? ''}
                aria-label={`${point.week}: n ${point.random.items}, ${f.value === null ? t('calibration.figure.undefined') : write(f.value)}`}
                onMouseEnter={() => setHover(i)}
                onMouseLeave={() => setHover(null)}
                onFocus={() => setHover(i)}
                onBlur={() => setHover(null)}
              >
                {p.ciY ? (
                  <g className="cal-trend-whisker">
                    <line x1={p.x} x2={p.x} y1={p.ciY[0]} y2={p.ciY[1]} />
                    <line x1={p.x - 4} x2={p.x + 4} y1={p.ciY[0]} y2={p.ciY[0]} />
                    <line x1={p.x - 4} x2={p.x + 4} y1={p.ciY[1]} y2={p.ciY[1]} />
                  </g>
                ) : null}
                {p.y === null ? (
                  <rect className="cal-trend-undef" x={p.x - 9} y={layout.plot.top} width={18} height={layout.plot.bottom - layout.plot.top} rx={3} />
                ) : null}
                <rect className="cal-trend-hit" x={p.x - 12} y={layout.plot.top} width={24} height={layout.plot.bottom - layout.plot.top} />
                {p.y === null ? (
                  <text className="cal-trend-undef-mark" x={p.x} y={y} dy="0.35em" textAnchor="middle">?</text>
                ) : (
                  <circle className="cal-trend-dot" cx={p.x} cy={y} r={4} />
                )}
              </g>
            );
          })}
        </svg>
        {hovered && hoveredLayout ? (
          <div
            className={hoveredLayout.x > WIDTH * 0.6 ? 'cal-trend-tip left' : 'cal-trend-tip'}
            role="tooltip"
            data-testid="trend-tooltip"
            style={{ left: `${(hoveredLayout.x / WIDTH) * 100}%`, top: `${((hoveredLayout.y ?? (layout.plot.top + layout.plot.bottom) / 2) / HEIGHT) * 100}%` }}
          >
            <strong className="mono">{hovered.week}</strong>
            <span>{t('calibration.trend.tip.round', { id: hovered.roundId })}</span>
            <span data-testid="trend-tooltip-pool">{t('calibration.trend.tip.pool', { items: num(hovered.random.items), rounds: num(hovered.random.roundIds.length) })}</span>
            <span>
              {figure(hovered).value === null
                ? `${t('calibration.figure.undefined')} — ${reasonWording(locale, figure(hovered).reason, figure(hovered).reasonCode)}`
                : `${write(figure(hovered).value as number)} ${formatInterval(locale, figure(hovered).ci95, 2, metric === 'bias') ?? t('calibration.figure.noInterval')}`}
            </span>
            {hovered.computed === 'recomputed' ? <span className="muted">{t('calibration.trend.tip.recomputed')}</span> : null}
            {hovered.judge ? <span className="mono muted">{judgeLabel(hovered.judge)}</span> : null}
          </div>
        ) : null}
      </div>
    </figure>
  );
}
