/**
 * Export rows with stable columns, written as JSON Lines or CSV (for pandas):
 * the same rows always give the same bytes.
 */
export type ExportCell = string | number | boolean | null | undefined | object;
export type ExportRow = Record<string, ExportCell>;

export const EXPORT_TABLE_FORMATS = ['jsonl', 'csv'] as const;
export type ExportTableFormat = (typeof EXPORT_TABLE_FORMATS)[number];

export function jsonlLine(row: unknown): string {
  return `${JSON.stringify(row)}\n`;
}

/** RFC 4180: a cell with a comma, quote or line break is quoted; objects and lists as JSON; null and undefined empty. */
export function csvCell(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(columns: readonly string[], row: ExportRow): string {
  return `${columns.map((c) => csvCell(row[c])).join(',')}\r\n`;
}

export const csvHeader = (columns: readonly string[]) => `${columns.join(',')}\r\n`;
