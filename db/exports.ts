import { decodeLabelValue } from '../shared/labeling/values';
import type { ExportRow } from '../shared/interchange/table';
import type { Db } from './open';

/**
 * The rows of `touchstone export verdicts|labels|adjudications`: one row per
 * item, columns in a fixed order, rows in the order they were written, so the
 * same file always exports to the same bytes.
 */

// the columns a verdicts CSV is read back with
export { VERDICT_COLUMNS } from '../shared/import/judge-csv';

/** Verdicts, each with its run's judge; as JSONL, `judge` nested the way a judge file is (importable back, one run per file). */
export function* verdictRows(db: Db, runId: number | null): Generator<{ row: ExportRow; native: Record<string, unknown> }> {
  const rows = db.prepare(
    `SELECT v.run_id, j.model, j.model_version, j.prompt_version, j.prompt_hash, c.id AS case_id, r.id AS response_id,
            v.dimension, v.value, v.rationale, v.threshold
       FROM verdicts v JOIN judge_runs j ON j.id = v.run_id JOIN cases c ON c.seq = v.case_seq LEFT JOIN responses r ON r.seq = v.response_seq
      WHERE ? IS NULL OR v.run_id = ? ORDER BY v.id`,
  ).iterate(runId, runId) as IterableIterator<{
    run_id: number; model: string; model_version: string; prompt_version: string; prompt_hash: string | null;
    case_id: string; response_id: string | null; dimension: string; value: string; rationale: string | null; threshold: number | null;
  }>;
  for (const v of rows) {
    const value = decodeLabelValue(v.value) as string | number;
    const native: Record<string, unknown> = {
      caseId: v.case_id,
      ...(v.response_id ? { responseId: v.response_id } : {}),
      judge: { model: v.model, version: v.model_version, promptVersion: v.prompt_version, ...(v.prompt_hash ? { promptHash: v.prompt_hash } : {}) },
      dimension: v.dimension,
      value,
      ...(v.rationale !== null ? { rationale: v.rationale } : {}),
      ...(v.threshold !== null ? { threshold: v.threshold } : {}),
    };
    yield {
      native,
      row: {
        runId: v.run_id, judgeModel: v.model, judgeVersion: v.model_version, promptVersion: v.prompt_version, promptHash: v.prompt_hash, caseId: v.case_id,
        responseId: v.response_id, dimension: v.dimension, value, rationale: v.rationale, threshold: v.threshold,
      },
    };
  }
}

// the columns a labels file is read back with
export { LABEL_COLUMNS } from '../shared/interchange/label-file';

/** Every label event (append-only history: a change of mind is a later row; "undo" rows take one back). */
export function* labelRows(db: Db): Generator<ExportRow> {
  const rows = db.prepare(
    `SELECT e.uid, c.id AS case_id, r.id AS response_id, e.dimension, e.value, v.name AS reviewer, e.created_at, e.reason, e.kind,
            u.uid AS undoes, e.round_id
       FROM label_events e JOIN cases c ON c.seq = e.case_seq LEFT JOIN responses r ON r.seq = e.response_seq
       JOIN reviewers v ON v.id = e.reviewer_id LEFT JOIN label_events u ON u.id = e.undoes_event_id
      ORDER BY e.id`,
  ).iterate() as IterableIterator<{
    uid: string; case_id: string; response_id: string | null; dimension: string; value: string | null; reviewer: string;
    created_at: string; reason: string | null; kind: string; undoes: string | null; round_id: number | null;
  }>;
  for (const e of rows) {
    yield {
      uid: e.uid, caseId: e.case_id, responseId: e.response_id, dimension: e.dimension, value: decodeLabelValue(e.value), reviewer: e.reviewer,
      at: e.created_at, reason: e.reason, kind: e.kind, undoes: e.undoes, roundId: e.round_id,
    };
  }
}

// the columns an adjudications file is read back with
export { ADJUDICATION_COLUMNS } from '../shared/interchange/adjudication-file';

/** Adjudications in the order they were made (the latest of a round's item and dimension is its final value). */
export function* adjudicationRows(db: Db): Generator<ExportRow> {
  const rows = db.prepare(
    `SELECT a.round_id, c.id AS case_id, r.id AS response_id, a.dimension, a.value, a.source, v.name AS decided_by, a.note, a.created_at
       FROM adjudications a JOIN cases c ON c.seq = a.case_seq LEFT JOIN responses r ON r.seq = a.response_seq
       LEFT JOIN reviewers v ON v.id = a.decider_id ORDER BY a.id`,
  ).iterate() as IterableIterator<{
    round_id: number; case_id: string; response_id: string | null; dimension: string; value: string; source: string;
    decided_by: string | null; note: string | null; created_at: string;
  }>;
  for (const a of rows) {
    yield {
      roundId: a.round_id, caseId: a.case_id, responseId: a.response_id, dimension: a.dimension, value: decodeLabelValue(a.value),
      source: a.source, decidedBy: a.decided_by, note: a.note, at: a.created_at,
    };
  }
}

export const RESPONSE_COLUMNS = ['id', 'caseId', 'system', 'answer', 'retrievalCalled', 'finalContext', 'cost'] as const;
