/**
 * Layout of a trend chart (one series of weekly figures) as pure geometry. No
 * statistics: the values and their 95% intervals come from the API; this only
 * decides where they are drawn and, above all, where the line must NOT be drawn:
 * a point flagged as a break (the judge's model, version or prompt changed)
 * starts a new segment, and an undefined value ends one. A line never joins
 * across either.
 */

export interface TrendInput {
  /** The round's id (kept for hovering). */
  key: string | number;
  value: number | null;
  ci95: readonly [number | null, number | null] | null;
  /** The judge changed between the previous point and this one. */
  breakBefore: boolean;
}

export interface TrendPointLayout {
  index: number;
  key: string | number;
  x: number;
  /** null: an undefined value (drawn as a hollow marker on the axis, never as 0). */
  y: number | null;
  /** The interval as a whisker, when both ends are known. */
  ciY: [number, number] | null;
}

export interface TrendBreakLayout {
  /** The point the break comes before. */
  index: number;
  /** Midway between the two points. */
  x: number;
}

export interface TrendTick {
  value: number;
  y: number;
}

export interface TrendLayout {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  domain: [number, number];
  points: TrendPointLayout[];
  /** Runs of consecutive defined points with no break between them; each is drawn as its own polyline and band. */
  segments: number[][];
  breaks: TrendBreakLayout[];
  ticks: TrendTick[];
  /** The y of 0 when 0 lies in the domain (the bias chart's reference line). */
  zeroY: number | null;
}

export interface TrendOptions {
  width: number;
  height: number;
  /** Fixed domain (agreement: [-1, 1] clipped to the data, or [0, 1]); otherwise fitted to values and intervals. */
  domain?: [number, number];
  /** Always include these values in a fitted domain (0 for bias). */
  include?: readonly number[];
  padding?: { left: number; right: number; top: number; bottom: number };
  tickCount?: number;
}

const DEFAULT_PADDING = { left: 44, right: 16, top: 12, bottom: 26 };

const finite = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** "Nice" tick step (1, 2, 2.5 or 5 × 10^k) for a span and a wanted count. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  const nice = unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 2.5 ? 2.5 : unit <= 5 ? 5 : 10;
  return nice * power;
}

/** The domain that holds every value and interval end (and `include`), widened to nice ticks; never empty. */
export function fitDomain(inputs: readonly TrendInput[], include: readonly number[] = [], tickCount = 4): [number, number] {
  const values: number[] = [...include];
  for (const input of inputs) {
    if (finite(input.value)) values.push(input.value);
    if (input.ci95) for (const end of input.ci95) if (finite(end)) values.push(end);
  }
  if (values.length === 0) return [0, 1];
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.5;
    lo -= pad;
    hi += pad;
  }
  const step = niceStep(hi - lo, tickCount);
  return [roundTick(Math.floor(lo / step) * step), roundTick(Math.ceil(hi / step) * step)];
}

const roundTick = (value: number) => Math.round(value * 1e9) / 1e9;

export function layoutTrend(inputs: readonly TrendInput[], options: TrendOptions): TrendLayout {
  const padding = options.padding ?? DEFAULT_PADDING;
  const tickCount = options.tickCount ?? 4;
  const plot = { left: padding.left, right: options.width - padding.right, top: padding.top, bottom: options.height - padding.bottom };
  const domain = options.domain ?? fitDomain(inputs, options.include ?? [], tickCount);
  const [lo, hi] = domain;
  const span = hi - lo || 1;
  const clamp = (value: number) => Math.max(lo, Math.min(hi, value));
  const yOf = (value: number) => plot.bottom - ((clamp(value) - lo) / span) * (plot.bottom - plot.top);
  const n = inputs.length;
  const inner = plot.right - plot.left;
  // one slot per round, the point in the middle of its slot: a single round sits in the centre
  const xOf = (index: number) => plot.left + (inner * (index + 0.5)) / Math.max(1, n);

  const points: TrendPointLayout[] = inputs.map((input, index) => {
    const ci = input.ci95 && finite(input.ci95[0]) && finite(input.ci95[1]) ? input.ci95 : null;
    return {
      index,
      key: input.key,
      x: xOf(index),
      y: finite(input.value) ? yOf(input.value) : null,
      ciY: ci ? [yOf(ci[0] as number), yOf(ci[1] as number)] : null,
    };
  });

  const segments: number[][] = [];
  let open: number[] = [];
  inputs.forEach((input, index) => {
    if (input.breakBefore && open.length) {
      segments.push(open);
      open = [];
    }
    if (points[index].y === null) {
      if (open.length) segments.push(open);
      open = [];
      return;
    }
    open.push(index);
  });
  if (open.length) segments.push(open);

  const breaks: TrendBreakLayout[] = inputs
    .map((input, index) => ({ input, index }))
    .filter(({ input, index }) => input.breakBefore && index > 0)
    .map(({ index }) => ({ index, x: (xOf(index - 1) + xOf(index)) / 2 }));

  const step = niceStep(span, tickCount);
  const ticks: TrendTick[] = [];
  for (let value = Math.ceil(lo / step) * step; value <= hi + step * 1e-9; value += step) {
    const v = roundTick(value);
    ticks.push({ value: v, y: yOf(v) });
  }

  return { width: options.width, height: options.height, plot, domain, points, segments, breaks, ticks, zeroY: lo < 0 && hi > 0 ? yOf(0) : null };
}

/** SVG path of a polyline through the segment's points. */
export function linePath(layout: TrendLayout, segment: readonly number[]): string {
  return segment
    .map((index, at) => {
      const point = layout.points[index];
      return `${at === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${(point.y as number).toFixed(1)}`;
    })
    .join(' ');
}

/** SVG path of the interval band of a segment (upper ends left to right, lower ends back); null when a point lacks an interval or the segment has one point. */
export function bandPath(layout: TrendLayout, segment: readonly number[]): string | null {
  if (segment.length < 2) return null;
  const points = segment.map((index) => layout.points[index]);
  if (points.some((point) => point.ciY === null)) return null;
  const upper = points.map((point, at) => `${at === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${Math.min(...(point.ciY as [number, number])).toFixed(1)}`);
  const lower = [...points].reverse().map((point) => `L${point.x.toFixed(1)},${Math.max(...(point.ciY as [number, number])).toFixed(1)}`);
  return `${upper.join(' ')} ${lower.join(' ')} Z`;
}
