import type { IntervalBarGeometry, PassState } from './format';

/**
 * A 0–100% track: the Wilson 95% interval as a band, the estimate as a dot,
 * the threshold as a tick (the side that passes is shaded lightly).
 */
export function IntervalBar({ bar, state, bound, label }: { bar: IntervalBarGeometry; state: PassState; bound: 'min' | 'max'; label: string }) {
  // the passing side of the threshold, shaded to the rounded end of the bar
  const passZone = bound === 'min' ? { left: `${bar.threshold}%`, right: -5 } : { left: -5, right: `${100 - bar.threshold}%` };
  return (
    <span className={`interval-bar result-${state}`} role="img" aria-label={label}>
      <span className="interval-track">
        <span className="interval-pass-zone" style={passZone} />
        <span className="interval-band" style={{ left: `${bar.low}%`, width: `${Math.max(bar.high - bar.low, 0.6)}%` }} />
        <span className="interval-threshold" style={{ left: `${bar.threshold}%` }} />
        <span className="interval-point" style={{ left: `${bar.point}%` }} />
      </span>
    </span>
  );
}
