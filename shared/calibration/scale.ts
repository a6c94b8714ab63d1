import type { Dimension } from '../domain/dimensions';

/**
 * Where a value sits on its dimension's scale, for the sampler's "how much did the judge change"
 * and the drift thresholds (a share of the scale):
 * - numeric: the value, range max − min;
 * - ordinal: the option value when every option is a number (correctness 0–2), else the option's
 *   position, range = last − first;
 * - binary: pass (the first option) = 1, fail = 0, range 1;
 * - categorical: no scale (a change is a change: magnitude 1).
 * Values that do not fit the dimension give null.
 */
export interface Scale {
  /** null for categorical and structured dimensions. */
  position(value: unknown): number | null;
  range: number | null;
  /** Whether the value is one the dimension allows. */
  fits(value: unknown): boolean;
}

const sameOption = (a: unknown, b: unknown) => a === b || (typeof a === 'number' && typeof b === 'number' && a === b);

export function scaleOf(dimension: Dimension): Scale {
  const options = dimension.options.map((o) => o.value);
  const indexOf = (value: unknown) => options.findIndex((o) => sameOption(o, value));
  switch (dimension.type) {
    case 'numeric': {
      const min = dimension.min ?? Number.NEGATIVE_INFINITY;
      const max = dimension.max ?? Number.POSITIVE_INFINITY;
      const fits = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
      const range = Number.isFinite(max - min) && max > min ? max - min : null;
      return { fits, range, position: (v) => (fits(v) ? (v as number) : null) };
    }
    case 'ordinal': {
      const numeric = options.every((o) => typeof o === 'number');
      const values = numeric ? (options as number[]) : options.map((_, i) => i);
      const range = values.length > 1 ? Math.max(...values) - Math.min(...values) : null;
      return { fits: (v) => indexOf(v) >= 0, range: range && range > 0 ? range : null, position: (v) => (indexOf(v) >= 0 ? values[indexOf(v)] : null) };
    }
    case 'binary':
      return { fits: (v) => indexOf(v) >= 0, range: 1, position: (v) => (indexOf(v) < 0 ? null : indexOf(v) === 0 ? 1 : 0) };
    case 'categorical':
      return { fits: (v) => indexOf(v) >= 0, range: null, position: () => null };
    default:
      return { fits: () => false, range: null, position: () => null };
  }
}

/** How far the judge moved from `from` to `to`: signed delta on the scale (null for categorical) and |Δ| as a share of the scale (1 for any categorical change). */
export function changeOf(dimension: Dimension, from: unknown, to: unknown, scale = scaleOf(dimension)): { delta: number | null; magnitude: number } | null {
  if (!scale.fits(from) || !scale.fits(to)) return null;
  if (dimension.type === 'categorical') return { delta: null, magnitude: sameOption(from, to) ? 0 : 1 };
  const a = scale.position(from);
  const b = scale.position(to);
  if (a === null || b === null) return null;
  const delta = b - a;
  return { delta, magnitude: scale.range ? Math.abs(delta) / scale.range : Math.abs(delta) };
}
