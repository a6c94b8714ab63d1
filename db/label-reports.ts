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
  const responses = db
    .prepare(
      `SELECT r.seq, r.id, r.case_seq, c.id, c.question_type, c.answerability
         FROM responses r JOIN cases c ON c.seq = r.case_seq WHERE r.system = ? ORDER BY c.seq, r.id`,
    )
    .raw()
    .all(system) as [number, string, number, string, string | null, string | null][];
  // The latest event of each key wins: compared by id here rather than sorted by SQLite (100,000s of rows), and only
  // the winners' values decoded. Keys are numbers: the row's seq times two, plus which of the two dimensions.
  const latest = (rows: unknown[][]): Map<number, { id: number; value: string | null }> => {
    const found = new Map<number, { id: number; value: string | null }>();
    for (const [id, seq, second, value] of rows as [number, number, number, string | null][]) {
      const key = seq * 2 + second;
      const held = found.get(key);
      if (!held) found.set(key, { id, value });
      else if (id > held.id) {
        held.id = id;
        held.value = value;
      }
    }
    return found;
  };
  const caseLabels = latest(
    db
      .prepare(
        // every case's and response's labels: only the system's are looked up below, and a filter here costs more than it saves
        `SELECT e.id, e.case_seq, e.dimension = 'questionType', e.value FROM label_events e
          WHERE e.response_seq IS NULL AND e.dimension IN ('answerability', 'questionType') ${byReviewer}`,
      )
      .raw()
      .all(...(reviewerId === null ? [] : [reviewerId])) as unknown[][],
  );
  const responseLabels = latest(
    db
      .prepare(
        `SELECT e.id, e.response_seq, e.dimension = 'correctness', e.value FROM label_events e
          WHERE e.response_seq IS NOT NULL AND e.dimension IN ('responseBehavior', 'correctness') ${byReviewer}`,
      )
      .raw()
      .all(...(reviewerId === null ? [] : [reviewerId])) as unknown[][],
  );
  // a few distinct stored values ("answered", 2, …) stand in most events: each is decoded once
  const decoded = new Map<string | null, unknown>();
  const valueOf = (labels: Map<number, { value: string | null }>, key: number): unknown => {
    const held = labels.get(key);
    if (held === undefined) return undefined;
    if (!decoded.has(held.value)) decoded.set(held.value, decodeLabelValue(held.value));
    return decoded.get(held.value);
  };
  const text = (v: unknown, fallback: string | null) => (typeof v === 'string' ? v : v === undefined || v === null ? fallback : String(v));
  return responses.map(([seq, responseId, caseSeq, caseId, questionType, answerability]) => ({
    caseId,
    responseId,
    questionType: text(valueOf(caseLabels, caseSeq * 2 + 1), questionType),
    answerability: text(valueOf(caseLabels, caseSeq * 2), answerability),
    behavior: text(valueOf(responseLabels, seq * 2), null),
    correctness: valueOf(responseLabels, seq * 2 + 1) ?? null,
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
