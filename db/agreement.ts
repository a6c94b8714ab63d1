import { ApiError } from '../shared/api/contract';
import type { JudgeRun, Reference } from '../shared/api/agreement-ops';
import type { AgreementPair, LabeledItem } from '../shared/agreement';
import { sortedUniqueLabels } from '../shared/stats';
import type { Dimension } from '../shared/domain/dimensions';
import { listDimensions } from './dimensions';
import type { Db } from './open';
import { adjudicatedValues } from './rounds';

/**
 * The SQL behind the agreement screens: judge runs, verdicts (the run's latest per item),
 * current human labels (per reviewer, the latest event of the item; a cleared label — value
 * NULL — counts as no label), and the cases' slices and question types.
 */

export { ADJUDICATED_REASON } from '../shared/agreement';

interface RunRow {
  id: number;
  model: string;
  model_version: string;
  prompt_version: string;
  prompt_hash: string | null;
  source_file: string;
  source_sha256: string;
  imported_at: string;
}

function toRun(db: Db, row: RunRow): JudgeRun {
  const dimensions = db
    .prepare('SELECT dimension AS name, count(*) AS verdicts FROM verdicts WHERE run_id = ? GROUP BY dimension ORDER BY dimension')
    .all(row.id) as { name: string; verdicts: number }[];
  return {
    id: row.id,
    model: row.model,
    modelVersion: row.model_version,
    promptVersion: row.prompt_version,
    promptHash: row.prompt_hash,
    sourceFile: row.source_file,
    sourceSha256: row.source_sha256,
    importedAt: row.imported_at,
    verdicts: dimensions.reduce((s, d) => s + d.verdicts, 0),
    dimensions,
  };
}

/** Newest first. */
export function listJudgeRuns(db: Db): JudgeRun[] {
  return (db.prepare('SELECT * FROM judge_runs ORDER BY id DESC').all() as RunRow[]).map((row) => toRun(db, row));
}

export function requireJudgeRun(db: Db, runId: number, op = 'agreement'): JudgeRun {
  const row = db.prepare('SELECT * FROM judge_runs WHERE id = ?').get(runId) as RunRow | undefined;
  if (!row) {
    const ids = db.prepare('SELECT id FROM judge_runs ORDER BY id').pluck().all() as number[];
    const known = ids.length ? `the runs are ${ids.join(', ')}` : 'it has no judge runs yet (import one with: touchstone import judge FILE)';
    throw new ApiError('not-found', `There is no judge run ${runId} in this test set; ${known}.`, { file: op, line: null, field: 'runId' });
  }
  return toRun(db, row);
}

export interface ResolvedReference {
  kind: Reference['kind'];
  reviewerId: number | null;
  reviewerName: string | null;
}

export function resolveReference(db: Db, reference: Reference, op = 'agreement'): ResolvedReference {
  if (reference.kind !== 'reviewer') return { kind: reference.kind, reviewerId: null, reviewerName: null };
  const row = db.prepare('SELECT id, name FROM reviewers WHERE id = ?').get(reference.reviewerId) as { id: number; name: string } | undefined;
  if (!row) throw new ApiError('not-found', `There is no reviewer with id ${reference.reviewerId} in this test set.`, { file: op, line: null, field: 'reference.reviewerId' });
  return { kind: 'reviewer', reviewerId: row.id, reviewerName: row.name };
}

/** A reviewer by name (names are unique ignoring case), for the CLI's --reviewer. */
export function findReviewerByName(db: Db, name: string): { id: number; name: string } | null {
  const rows = db.prepare('SELECT id, name FROM reviewers').all() as { id: number; name: string }[];
  const folded = name.trim().toLocaleLowerCase();
  return rows.find((r) => r.name === name) ?? rows.find((r) => r.name.toLocaleLowerCase() === folded) ?? null;
}

export function reviewerNames(db: Db): string[] {
  return db.prepare('SELECT name FROM reviewers ORDER BY name COLLATE NOCASE').pluck().all() as string[];
}

export interface RunDimension {
  dimension: Dimension;
  /** False when the test set has no definition: treated as categorical over the values seen. */
  defined: boolean;
}

/**
 * The run's dimensions (structured ones such as claims are not compared), in the test set's
 * labeling order, then by name. `only` narrows to one dimension (an unknown name is an error).
 */
export function runDimensions(db: Db, runId: number, only?: string | null): RunDimension[] {
  const names = db.prepare('SELECT DISTINCT dimension FROM verdicts WHERE run_id = ?').pluck().all(runId) as string[];
  return dimensionsFor(db, names, only, (name) =>
    (db.prepare('SELECT DISTINCT value FROM verdicts WHERE run_id = ? AND dimension = ?').pluck().all(runId, name) as string[]).map(
      (v) => JSON.parse(v) as string | number,
    ),
  );
}

function dimensionsFor(db: Db, names: readonly string[], only: string | null | undefined, observed: (name: string) => (string | number)[]): RunDimension[] {
  const definitions = listDimensions(db);
  const position = new Map(definitions.map((d, i) => [d.name, i]));
  if (only && !names.includes(only)) {
    throw new ApiError('not-found', `There is no dimension "${only}" here; the dimensions are ${names.length ? names.join(', ') : '(none)'}.`, {
      file: 'agreement', line: null, field: 'dimension',
    });
  }
  return names
    .filter((name) => !only || name === only)
    .sort((a, b) => (position.get(a) ?? 1e9) - (position.get(b) ?? 1e9) || a.localeCompare(b))
    .map((name): RunDimension | null => {
      const definition = definitions.find((d) => d.name === name);
      if (definition) return definition.type === 'structured' ? null : { dimension: definition, defined: true };
      const values = sortedUniqueLabels(observed(name));
      return { dimension: { name, type: 'categorical', scope: 'response', options: values.map((value) => ({ value })) }, defined: false };
    })
    .filter((d): d is RunDimension => d !== null);
}

/** The test set's comparable dimensions (everything but structured), for human vs human. */
export function labelDimensions(db: Db, only?: string | null): RunDimension[] {
  const defined = listDimensions(db).map((d) => d.name);
  const labeled = db.prepare('SELECT DISTINCT dimension FROM label_events').pluck().all() as string[];
  const names = [...new Set([...defined, ...labeled])];
  return dimensionsFor(db, names, only, (name) =>
    (db.prepare('SELECT DISTINCT value FROM label_events WHERE dimension = ? AND value IS NOT NULL').pluck().all(name) as string[])
      .map((v) => JSON.parse(v) as unknown)
      .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number'),
  );
}

/** An item's identity: its response (response-level dimensions) or, negated, its case. */
const itemKeyOf = (caseSeq: number, responseSeq: number | null) => (responseSeq !== null ? responseSeq : -caseSeq);

/** JSON values, parsed once per distinct text (a dimension has few distinct values). */
function valueDecoder(): (text: string) => unknown {
  const cache = new Map<string, unknown>();
  return (text) => {
    if (cache.has(text)) return cache.get(text);
    const value = JSON.parse(text) as unknown;
    if (cache.size < 10_000) cache.set(text, value);
    return value;
  };
}

export interface RunVerdict {
  itemKey: number;
  caseSeq: number;
  responseSeq: number | null;
  caseId: string;
  responseId: string | null;
  questionType: string | null;
  slices: string[];
  value: unknown;
  rationale: string | null;
}

/**
 * The run's verdicts on a dimension with their case (id, question type, slices) and response
 * id, the latest per item (a repeated line in the file overrides the earlier one).
 */
export function latestVerdicts(db: Db, runId: number, dimension: string): { verdicts: RunVerdict[]; duplicates: number } {
  // position of each item's verdict in `verdicts`, by response seq (or case seq for case-level verdicts)
  const maxSeq = (db.prepare('SELECT max(coalesce((SELECT max(seq) FROM responses), 0), coalesce((SELECT max(seq) FROM cases), 0))').pluck().get() as number) + 1;
  const byResponse = new Int32Array(maxSeq).fill(-1);
  const byCase = new Int32Array(maxSeq).fill(-1);
  const verdicts: RunVerdict[] = [];
  const decode = valueDecoder();
  let rows = 0;
  const sql = `SELECT v.case_seq, v.response_seq, v.value, v.rationale, c.id, c.question_type, r.id
                 FROM verdicts v JOIN cases c ON c.seq = v.case_seq LEFT JOIN responses r ON r.seq = v.response_seq
                WHERE v.run_id = ? AND v.dimension = ? ORDER BY v.id`;
  type Row = [number, number | null, string, string | null, string, string | null, string | null];
  const noSlices: string[] = [];
  for (const row of db.prepare(sql).raw().iterate(runId, dimension) as IterableIterator<Row>) {
    rows += 1;
    const verdict: RunVerdict = {
      itemKey: itemKeyOf(row[0], row[1]),
      caseSeq: row[0],
      responseSeq: row[1],
      value: decode(row[2]),
      rationale: row[3],
      caseId: row[4],
      questionType: row[5],
      responseId: row[6],
      slices: noSlices,
    };
    const slot = row[1] !== null ? byResponse : byCase;
    const seq = row[1] ?? row[0];
    if (slot[seq] >= 0) verdicts[slot[seq]] = verdict; // a later line of the same run replaces the earlier one
    else {
      slot[seq] = verdicts.length;
      verdicts.push(verdict);
    }
  }
  // slices: one pass over case_slices (all of it when the run covers much of the test set)
  const slices = new Map<number, string[]>();
  const caseCount = db.prepare('SELECT count(*) FROM cases').pluck().get() as number;
  const sliceSql =
    verdicts.length * 2 >= caseCount
      ? 'SELECT case_seq, slice FROM case_slices ORDER BY case_seq, position'
      : 'SELECT case_seq, slice FROM case_slices WHERE case_seq IN (SELECT case_seq FROM verdicts WHERE run_id = ? AND dimension = ?) ORDER BY case_seq, position';
  const sliceParams = verdicts.length * 2 >= caseCount ? [] : [runId, dimension];
  for (const [caseSeq, slice] of db.prepare(sliceSql).raw().iterate(...sliceParams) as IterableIterator<[number, string]>) {
    const list = slices.get(caseSeq);
    if (list) list.push(slice);
    else slices.set(caseSeq, [slice]);
  }
  for (const verdict of verdicts) verdict.slices = slices.get(verdict.caseSeq) ?? noSlices;
  return { verdicts, duplicates: rows - verdicts.length };
}

export interface CurrentLabel {
  itemKey: number;
  caseSeq: number;
  responseSeq: number | null;
  reviewerId: number;
  value: unknown;
}

/**
 * Current labels on a dimension: per (item, reviewer) the value of the event with the highest
 * id; cleared labels (NULL) are left out. `reviewerId` narrows to one person.
 */
export function currentLabels(db: Db, dimension: string, reviewerId: number | null = null): CurrentLabel[] {
  const latest = new Map<number, Map<number, CurrentLabel | null>>();
  const decode = valueDecoder();
  const sql =
    `SELECT case_seq, response_seq, reviewer_id, value FROM label_events WHERE dimension = ?` +
    (reviewerId === null ? '' : ' AND reviewer_id = ?') +
    ' ORDER BY id';
  const params = reviewerId === null ? [dimension] : [dimension, reviewerId];
  for (const row of db.prepare(sql).raw().iterate(...params) as IterableIterator<[number, number | null, number, string | null]>) {
    const itemKey = itemKeyOf(row[0], row[1]);
    let byReviewer = latest.get(itemKey);
    if (!byReviewer) latest.set(itemKey, (byReviewer = new Map()));
    byReviewer.set(row[2], row[3] === null ? null : { itemKey, caseSeq: row[0], responseSeq: row[1], reviewerId: row[2], value: decode(row[3]) });
  }
  const out: CurrentLabel[] = [];
  for (const byReviewer of latest.values()) for (const label of byReviewer.values()) if (label) out.push(label);
  return out;
}

function reviewerNameMap(db: Db): Map<number, string> {
  const names = new Map((db.prepare('SELECT id, name FROM reviewers').all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
  names.set(ADJUDICATED_REVIEWER, 'adjudicated');
  return names;
}

export interface JudgeHumanData {
  pairs: AgreementPair[];
  verdicts: RunVerdict[];
  duplicateVerdicts: number;
  /** Human values per item, from the reference (for the bias-corrected estimate). */
  humanByItem: Map<number, unknown[]>;
}

/** The reviewer id that stands for "the adjudicated value" in pairs built from adjudications. */
const ADJUDICATED_REVIEWER = 0;

/** The final values settled in closed calibration rounds, as labels of one pseudo-reviewer. */
function adjudicatedLabels(db: Db, dimension: string): CurrentLabel[] {
  return adjudicatedValues(db, dimension).map((a) => ({
    itemKey: itemKeyOf(a.caseSeq, a.responseSeq),
    caseSeq: a.caseSeq,
    responseSeq: a.responseSeq,
    reviewerId: ADJUDICATED_REVIEWER,
    value: a.value,
  }));
}

/** Whether any calibration round has been closed with adjudicated values. */
export function hasAdjudications(db: Db): boolean {
  return db.prepare("SELECT 1 FROM adjudications a JOIN rounds r ON r.id = a.round_id WHERE r.status = 'closed' LIMIT 1").get() !== undefined;
}

/** (verdict, human value) pairs of one dimension for the reference: one reviewer's, everyone's, or the adjudicated values. */
export function judgeHumanData(db: Db, runId: number, dimension: string, reference: ResolvedReference): JudgeHumanData {
  const { verdicts, duplicates } = latestVerdicts(db, runId, dimension);
  const humanByItem = new Map<number, unknown[]>();
  const labels =
    reference.kind === 'adjudicated' ? adjudicatedLabels(db, dimension) : currentLabels(db, dimension, reference.kind === 'reviewer' ? reference.reviewerId : null);

  const byItem = new Map<number, CurrentLabel[]>();
  for (const label of labels) {
    const list = byItem.get(label.itemKey);
    if (list) list.push(label);
    else byItem.set(label.itemKey, [label]);
  }
  const names = reviewerNameMap(db);
  const pairs: AgreementPair[] = [];
  for (const verdict of verdicts) {
    const itemLabels = byItem.get(verdict.itemKey);
    if (!itemLabels) continue;
    if (itemLabels.length > 1) itemLabels.sort((a, b) => (names.get(a.reviewerId) ?? '').localeCompare(names.get(b.reviewerId) ?? ''));
    humanByItem.set(verdict.itemKey, itemLabels.map((l) => l.value));
    for (const label of itemLabels) {
      pairs.push({
        itemKey: verdict.itemKey,
        caseId: verdict.caseId,
        responseId: verdict.responseId,
        reviewer: names.get(label.reviewerId) ?? null,
        human: label.value,
        judge: verdict.value,
        rationale: verdict.rationale,
        slices: verdict.slices,
        questionType: verdict.questionType,
      });
    }
  }
  return { pairs, verdicts, duplicateVerdicts: duplicates, humanByItem };
}

/** Items of a dimension with their current labels from every reviewer (human vs human). */
export function labeledItems(db: Db, dimension: string): LabeledItem[] {
  const labels = currentLabels(db, dimension);
  const names = reviewerNameMap(db);
  const byItem = new Map<number, { caseSeq: number; responseSeq: number | null; labels: { reviewer: string; value: unknown }[] }>();
  for (const label of labels) {
    const entry = byItem.get(label.itemKey) ?? { caseSeq: label.caseSeq, responseSeq: label.responseSeq, labels: [] };
    entry.labels.push({ reviewer: names.get(label.reviewerId) ?? String(label.reviewerId), value: label.value });
    byItem.set(label.itemKey, entry);
  }
  const multi = [...byItem].filter(([, entry]) => entry.labels.length >= 2);
  const caseIds = idsBySeq(db, 'cases', multi.map(([, e]) => e.caseSeq));
  const responseIds = idsBySeq(db, 'responses', multi.map(([, e]) => e.responseSeq).filter((s): s is number => s !== null));
  return multi.map(([itemKey, entry]) => ({
    itemKey,
    caseId: caseIds.get(entry.caseSeq) ?? String(entry.caseSeq),
    responseId: entry.responseSeq === null ? null : responseIds.get(entry.responseSeq) ?? null,
    labels: entry.labels,
  }));
}

function idsBySeq(db: Db, table: 'cases' | 'responses', seqs: readonly number[]): Map<number, string> {
  const out = new Map<number, string>();
  const statement = db.prepare(`SELECT id FROM ${table} WHERE seq = ?`).pluck();
  for (const seq of new Set(seqs)) {
    const id = statement.get(seq) as string | undefined;
    if (id !== undefined) out.set(seq, id);
  }
  return out;
}

/** The questions of a few cases (for the disagreement lists). */
export function caseQueries(db: Db, caseIds: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  const statement = db.prepare('SELECT query FROM cases WHERE id = ?').pluck();
  for (const id of new Set(caseIds)) {
    const query = statement.get(id) as string | undefined;
    if (query !== undefined) out.set(id, query);
  }
  return out;
}
