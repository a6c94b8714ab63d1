import { text as say } from '../messages/text';
import type { Collector } from './collector';
import type { CsvTable } from './csv';
import { ImportDataError, quoteList } from './errors';
import { addNativeRecord, type Progress } from './native';

/** The columns of a verdicts CSV (`touchstone export verdicts --format csv`): one row per verdict, its run's judge on every row. */
export const VERDICT_COLUMNS = ['runId', 'judgeModel', 'judgeVersion', 'promptVersion', 'promptHash', 'caseId', 'responseId', 'dimension', 'value', 'rationale', 'threshold'] as const;
const REQUIRED = ['judgeModel', 'judgeVersion', 'promptVersion', 'caseId', 'dimension', 'value'];

/** A score is written as a number; any other value is a category name. */
function verdictValue(cell: string): string | number {
  const t = cell.trim();
  const n = t === '' ? NaN : Number(t);
  return Number.isFinite(n) ? n : cell;
}

function score(cell: string, column: string, line: number, file: string): number | undefined {
  if (cell.trim() === '') return undefined;
  const n = Number(cell.trim());
  if (!Number.isFinite(n)) throw new ImportDataError(file, line, column, say('err.foreign.not-a-score', { got: JSON.stringify(cell) }));
  return n;
}

/**
 * A verdicts CSV read back as one judge run: the judge columns become each verdict's judge, an
 * empty cell is a value not given. The file holds one run (the export of one run, `--run N`):
 * rows of another run are refused with the line that started the first.
 */
export function readJudgeCsv(table: CsvTable, collector: Collector, progress: Progress): void {
  const file = collector.fileName;
  for (const h of table.header) {
    if (!(VERDICT_COLUMNS as readonly string[]).includes(h)) {
      throw new ImportDataError(file, table.headerLine, h,
        say('err.csv.unknown-column', { column: h, kind: say('err.kind.judge'), allowed: VERDICT_COLUMNS.join(', ') }));
    }
  }
  for (const req of REQUIRED) {
    if (!table.header.includes(req)) {
      throw new ImportDataError(file, table.headerLine, req, say('err.csv.missing-column', { column: req, header: quoteList(table.header) }));
    }
  }
  const total = table.rows.length;
  if (total === 0) throw new ImportDataError(file, null, null, say('err.csv.no-rows'));
  let firstRun: { runId: string; line: number } | null = null;
  let done = 0;
  for (const row of table.rows) {
    const cell = (column: string) => row.values[column] ?? '';
    const runId = cell('runId').trim();
    if (runId !== '') {
      firstRun ??= { runId, line: row.line };
      if (runId !== firstRun.runId) {
        throw new ImportDataError(file, row.line, 'runId', say('err.import.judge-csv-runs', { got: runId, line: firstRun.line, expected: firstRun.runId }));
      }
    }
    const record: Record<string, unknown> = {
      caseId: cell('caseId'),
      judge: { model: cell('judgeModel'), version: cell('judgeVersion'), promptVersion: cell('promptVersion'), ...(cell('promptHash') !== '' ? { promptHash: cell('promptHash') } : {}) },
      dimension: cell('dimension'),
      value: verdictValue(cell('value')),
    };
    if (cell('responseId') !== '') record.responseId = cell('responseId');
    if (cell('rationale') !== '') record.rationale = cell('rationale');
    const threshold = score(cell('threshold'), 'threshold', row.line, file);
    if (threshold !== undefined) record.threshold = threshold;
    addNativeRecord('judge', record, row.line, collector, 'row');
    progress(++done, total);
  }
}
