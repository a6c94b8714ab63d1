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
 * One row per response of the system, from human labels: this reviewer's
 * current labels, or (reviewerId null) the latest label of anyone. The case's
 * answerability and question type fall back to the values imported with the
 * case when no human has labeled them; the response behaviour only ever comes
 * from a human label (rows without one stay behaviour null and are left out of
 * the table by refusalCrossTable).
 */
export function crossTableRows(db: Db, system: string, reviewerId: number | null): CrossTableRow[] {
  const byReviewer = reviewerId === null ? '' : 'AND e.reviewer_id = ?';
  const params = reviewerId === null ? [system] : [system, reviewerId];
  const responses = db
    .prepare(
      `SELECT r.seq, r.id, r.case_seq, c.id AS case_id, c.question_type, c.answerability
         FROM responses r JOIN cases c ON c.seq = r.case_seq WHERE r.system = ? ORDER BY c.seq, r.id`,
    )
    .all(system) as { seq: number; id: string; case_seq: number; case_id: string; question_type: string | null; answerability: string | null }[];
  const caseLabels = db
    .prepare(
      `SELECT e.case_seq, e.dimension, e.value FROM label_events e
        WHERE e.response_seq IS NULL AND e.dimension IN ('answerability', 'questionType') ${byReviewer}
          AND e.case_seq IN (SELECT case_seq FROM responses WHERE system = ?)
        ORDER BY e.id`,
    )
    .all(...(reviewerId === null ? [system] : [reviewerId, system])) as { case_seq: number; dimension: string; value: string | null }[];
  const responseLabels = db
    .prepare(
      `SELECT e.response_seq, e.dimension, e.value FROM label_events e JOIN responses r ON r.seq = e.response_seq
        WHERE r.system = ? AND e.dimension IN ('responseBehavior', 'correctness') ${byReviewer}
        ORDER BY e.id`,
    )
    .all(...params) as { response_seq: number; dimension: string; value: string | null }[];
  // Ordered by id: the last write of a key is its latest event.
  const latestCase = new Map<string, unknown>();
  for (const l of caseLabels) latestCase.set(`${l.case_seq}\u0000${l.dimension}`, decodeLabelValue(l.value));
  const latestResponse = new Map<string, unknown>();
  for (const l of responseLabels) latestResponse.set(`${l.response_seq}\u0000${l.dimension}`, decodeLabelValue(l.value));
  const text = (v: unknown, fallback: string | null) => (typeof v === 'string' ? v : v === undefined || v === null ? fallback : String(v));
  return responses.map((r) => ({
    caseId: r.case_id,
    responseId: r.id,
    questionType: text(latestCase.get(`${r.case_seq}\u0000questionType`), r.question_type),
    answerability: text(latestCase.get(`${r.case_seq}\u0000answerability`), r.answerability),
    behavior: text(latestResponse.get(`${r.seq}\u0000responseBehavior`), null),
    correctness: latestResponse.get(`${r.seq}\u0000correctness`) ?? null,
  }));
}

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
