import type { ReleaseThreshold } from '../shared/api/labeling-ops';
import type { Dimension } from '../shared/domain/dimensions';
import { effectiveThresholds, type CrossTableRow } from '../shared/labeling/cross-table';
import { decodeLabelValue } from '../shared/labeling/values';
import { listDimensions } from './dimensions';
import type { Db } from './open';
import { readSetting, writeSetting } from './settings';

export function listSystems(db: Db): { system: string; responses: number }[] {
  return db.prepare('SELECT system, count(*) AS responses FROM responses GROUP BY system ORDER BY system').all() as { system: string; responses: number }[];
}

/**
 * One row per response of the system that has a human response-behaviour label
 * (the table leaves the others out): this reviewer's current labels, or
 * (reviewerId null) the latest label of anyone. The case's answerability and
 * question type fall back to the values imported with the case when no human has
 * labeled them. Rows come in case order.
 *
 * One statement: at 100,000 responses what costs is handing rows to JavaScript,
 * so SQLite picks each key's latest event (highest id) and joins the rows kept.
 */
export function crossTableRows(db: Db, system: string, reviewerId: number | null): CrossTableRow[] {
  const byReviewer = reviewerId === null ? '' : 'AND reviewer_id = @reviewerId';
  // the events are read from label_events_dimension alone, never from the table's rows (MATERIALIZED keeps the
  // aggregate below from reaching into the table): the index holds each value up to 200 characters, '' for longer
  const latest = (owner: 'case_seq' | 'response_seq', dimensions: [string, string], within: string) => `
    SELECT ${owner} AS seq, dimension = '${dimensions[1]}' AS second, id, iif(length(value) > 200, '', value) AS value
      FROM label_events INDEXED BY label_events_dimension
     WHERE dimension IN ('${dimensions[0]}', '${dimensions[1]}') AND response_seq IS ${owner === 'case_seq' ? '' : 'NOT '}NULL
       AND ${within} ${byReviewer}`;
  const rows = db
    .prepare(
      `WITH response_events AS MATERIALIZED (${latest('response_seq', ['responseBehavior', 'correctness'], 'response_seq IN (SELECT seq FROM responses WHERE system = @system)')}),
            response_labels AS MATERIALIZED (SELECT seq, second, max(id) AS id, value FROM response_events GROUP BY seq, second),
            kept AS MATERIALIZED (
              SELECT r.seq, r.case_seq, r.id AS response_id, b.id, b.value FROM response_labels b JOIN responses r ON r.seq = b.seq
               WHERE b.second = 0 AND b.value IS NOT NULL),
            case_events AS MATERIALIZED (${latest('case_seq', ['answerability', 'questionType'], 'case_seq IN (SELECT case_seq FROM kept)')}),
            case_labels AS MATERIALIZED (SELECT seq, second, max(id) AS id, value FROM case_events GROUP BY seq, second)
       SELECT c.id, k.id, k.value, co.id, co.value, an.id, an.value, qt.id, qt.value, c.answerability, c.question_type
         FROM kept k JOIN cases c ON c.seq = k.case_seq
         LEFT JOIN response_labels co ON co.seq = k.seq AND co.second = 1
         LEFT JOIN case_labels an ON an.seq = k.case_seq AND an.second = 0
         LEFT JOIN case_labels qt ON qt.seq = k.case_seq AND qt.second = 1
        ORDER BY k.case_seq, k.response_id`,
    )
    .raw()
    .all({ system, ...(reviewerId === null ? {} : { reviewerId }) }) as LabelRow[];
  const fullValue = db.prepare('SELECT value FROM label_events WHERE id = ?').pluck();
  // a few distinct stored values ("answered", 2, …) stand in most events: each is decoded once
  const decoded = new Map<string | null, unknown>();
  const valueOf = (id: number | null, held: string | null): unknown => {
    if (id === null) return undefined;
    const stored = held === '' ? (fullValue.get(id) as string | null) : held;
    if (!decoded.has(stored)) decoded.set(stored, decodeLabelValue(stored));
    return decoded.get(stored);
  };
  const text = (v: unknown, fallback: string | null) => (typeof v === 'string' ? v : v === undefined || v === null ? fallback : String(v));
  return rows.map(([caseId, behaviorId, behavior, correctnessId, correctness, answerabilityId, answerability, questionTypeId, questionType, importedAnswerability, importedQuestionType]) => ({
    caseId,
    questionType: text(valueOf(questionTypeId, questionType), importedQuestionType),
    answerability: text(valueOf(answerabilityId, answerability), importedAnswerability),
    behavior: text(valueOf(behaviorId, behavior), null),
    correctness: valueOf(correctnessId, correctness) ?? null,
  }));
}

/** A kept response: its case id, then (event id, value as the index holds it) of each label, then the case's imported values. */
type LabelRow = [string, number, string, number | null, string | null, number | null, string | null, number | null, string | null, string | null, string | null];

/** The judge verdicts on a case, each with its response id and a label for the judge. */
export function verdictsOfCase(db: Db, caseSeq: number): { dimension: string; responseId: string | null; value: string | number; rationale: string | null; judge: string; runId: number }[] {
  const rows = db
    .prepare(
      `SELECT v.dimension, r.id AS response_id, v.value, v.rationale, v.run_id, j.model, j.model_version, j.prompt_version
         FROM verdicts v JOIN judge_runs j ON j.id = v.run_id LEFT JOIN responses r ON r.seq = v.response_seq
        WHERE v.case_seq = ? ORDER BY v.run_id, v.id`,
    )
    .all(caseSeq) as { dimension: string; response_id: string | null; value: string; rationale: string | null; run_id: number; model: string; model_version: string; prompt_version: string }[];
  return rows.map((row) => ({
    dimension: row.dimension,
    responseId: row.response_id,
    value: JSON.parse(row.value) as string | number,
    rationale: row.rationale,
    judge: `${row.model} ${row.model_version} · ${row.prompt_version}`,
    runId: row.run_id,
  }));
}

// ---- release thresholds ------------------------------------------------------------------------

const THRESHOLDS_KEY = 'release_thresholds';

const questionTypeOptions = (dimensions: readonly Dimension[]) => dimensions.find((d) => d.name === 'questionType')?.options ?? [];

export function savedReleaseThresholds(db: Db): Record<string, ReleaseThreshold> {
  return readSetting<Record<string, ReleaseThreshold>>(db, THRESHOLDS_KEY) ?? {};
}

/** One threshold per question type defined (the saved one, else the default for its stakes), plus any saved for other types. */
export function releaseThresholds(db: Db): Record<string, ReleaseThreshold> {
  return effectiveThresholds(questionTypeOptions(listDimensions(db)), savedReleaseThresholds(db));
}

/** Replaces the saved thresholds; types left out fall back to their defaults. */
export function saveReleaseThresholds(db: Db, thresholds: Record<string, ReleaseThreshold>): Record<string, ReleaseThreshold> {
  writeSetting(db, THRESHOLDS_KEY, thresholds);
  return releaseThresholds(db);
}
