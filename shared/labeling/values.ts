import type { LabelValue } from '../domain/dimensions';

/** JSON with object keys sorted, so two equal values always give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Whether two label values are the same (deep, key order ignored; 1 and 1.0 are equal). */
export function sameLabelValue(a: LabelValue | undefined, b: LabelValue | undefined): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

/** How a label value is stored in SQLite: JSON text, or NULL for a cleared label. */
export function encodeLabelValue(value: LabelValue): string | null {
  return value === null ? null : JSON.stringify(value);
}

export function decodeLabelValue(stored: string | null): LabelValue {
  return stored === null ? null : (JSON.parse(stored) as LabelValue);
}
