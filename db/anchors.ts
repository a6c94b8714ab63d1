import { text } from '../shared/messages/text';
import { ApiError } from '../shared/api/contract';
import type { AnchorItem, AnchorSetSummary } from '../shared/api/calibration-ops';
import type { ManifestJudgeRun } from '../shared/calibration/anchor-format';
import { itemKey } from '../shared/calibration/sampler';
import { DimensionSchema, type Dimension } from '../shared/domain/dimensions';
import { canonicalJson } from '../shared/labeling/values';
import type { Db } from './open';

/**
 * The SQL of anchor sets (migration 4). A version is written whole and sealed in one
 * transaction; triggers refuse any later change to it or its items.
 */

export interface StoredAnchorSet {
  id: number;
  summary: AnchorSetSummary;
  judgeRuns: ManifestJudgeRun[];
  definitions: Dimension[];
  contentSha256: string;
  items: AnchorItem[];
}

interface Row {
  id: number;
  name: string;
  version: number;
  frozen_at: string;
  origin: 'frozen' | 'imported';
  summary: string;
  definitions: string;
  content_sha256: string;
}

function toSet(db: Db, row: Row, withItems: boolean): StoredAnchorSet {
  const stored = JSON.parse(row.summary) as { summary: AnchorSetSummary; judgeRuns: ManifestJudgeRun[] };
  return {
    id: row.id,
    summary: { ...stored.summary, name: row.name, version: row.version, frozenAt: row.frozen_at, origin: row.origin },
    judgeRuns: stored.judgeRuns,
    definitions: (JSON.parse(row.definitions) as unknown[]).map((d) => DimensionSchema.parse(d)),
    contentSha256: row.content_sha256,
    items: withItems
      ? (db.prepare('SELECT item FROM anchor_items WHERE anchor_set_id = ? ORDER BY position').pluck().all(row.id) as string[]).map((t) => JSON.parse(t) as AnchorItem)
      : [],
  };
}

export function listAnchorSets(db: Db): StoredAnchorSet[] {
  return (db.prepare('SELECT * FROM anchor_sets WHERE sealed = 1 ORDER BY name, version DESC').all() as Row[]).map((r) => toSet(db, r, false));
}

export function latestAnchorVersion(db: Db, name: string): number | null {
  return (db.prepare('SELECT max(version) FROM anchor_sets WHERE name = ? AND sealed = 1').pluck().get(name) as number | null) ?? null;
}

export function findAnchorSet(db: Db, name: string, version: number | null): StoredAnchorSet | null {
  const v = version ?? latestAnchorVersion(db, name);
  if (v === null) return null;
  const row = db.prepare('SELECT * FROM anchor_sets WHERE name = ? AND version = ? AND sealed = 1').get(name, v) as Row | undefined;
  return row ? toSet(db, row, true) : null;
}

export function requireAnchorSet(db: Db, name: string, version: number | null | undefined, op: string): StoredAnchorSet {
  const found = findAnchorSet(db, name, version ?? null);
  if (found) return found;
  const versions = db.prepare('SELECT version FROM anchor_sets WHERE name = ? AND sealed = 1 ORDER BY version').pluck().all(name) as number[];
  if (versions.length > 0) {
    throw new ApiError('not-found', text('err.anchor.no-version', { name, version: version ?? '', versions: versions.join(', ') }), { file: op, line: null, field: 'version' });
  }
  const names = db.prepare('SELECT DISTINCT name FROM anchor_sets WHERE sealed = 1 ORDER BY name').pluck().all() as string[];
  throw new ApiError('not-found', text(names.length ? 'err.anchor.unknown' : 'err.anchor.none', { name, names: names.join(', ') }), {
    file: op, line: null, field: 'name',
  });
}

export interface NewAnchorSet {
  summary: AnchorSetSummary;
  judgeRuns: ManifestJudgeRun[];
  definitions: Dimension[];
  contentSha256: string;
  items: AnchorItem[];
}

/** Writes a version and seals it (call inside a transaction). */
export function insertAnchorSet(db: Db, set: NewAnchorSet): number {
  const { name, version, frozenAt, origin } = set.summary;
  const id = Number(
    db
      .prepare('INSERT INTO anchor_sets (name, version, frozen_at, origin, summary, definitions, content_sha256, sealed) VALUES (?, ?, ?, ?, ?, ?, ?, 0)')
      .run(name, version, frozenAt, origin, JSON.stringify({ summary: set.summary, judgeRuns: set.judgeRuns }), JSON.stringify(set.definitions), set.contentSha256).lastInsertRowid,
  );
  const insert = db.prepare('INSERT INTO anchor_items (anchor_set_id, position, case_id, response_id, item) VALUES (?, ?, ?, ?, ?)');
  set.items.forEach((item, i) => insert.run(id, i, item.caseId, item.responseId, canonicalJson(item)));
  db.prepare('UPDATE anchor_sets SET sealed = 1 WHERE id = ?').run(id);
  return id;
}

/** A run's latest verdict per (case id, response id) on a dimension. */
export function verdictsByIds(db: Db, runId: number, dimension: string): Map<string, unknown> {
  const rows = db
    .prepare(
      `SELECT c.id, r.id, v.value FROM verdicts v JOIN cases c ON c.seq = v.case_seq LEFT JOIN responses r ON r.seq = v.response_seq
        WHERE v.run_id = ? AND v.dimension = ? ORDER BY v.id`,
    )
    .raw()
    .all(runId, dimension) as [string, string | null, string][];
  const out = new Map<string, unknown>();
  for (const [caseId, responseId, value] of rows) out.set(itemKey(caseId, responseId), JSON.parse(value) as unknown);
  return out;
}

/** Earlier runs of a judge model, newest first. */
export function earlierRunsOfModel(db: Db, runId: number, model: string): number[] {
  return db.prepare('SELECT id FROM judge_runs WHERE id < ? AND model = ? ORDER BY id DESC').pluck().all(runId, model) as number[];
}

export function judgeRunDetails(db: Db, runId: number): ManifestJudgeRun | null {
  const r = db.prepare('SELECT id, model, model_version, prompt_version, prompt_hash, source_sha256 FROM judge_runs WHERE id = ?').get(runId) as
    | { id: number; model: string; model_version: string; prompt_version: string; prompt_hash: string | null; source_sha256: string }
    | undefined;
  return r ? { runId: r.id, model: r.model, modelVersion: r.model_version, promptVersion: r.prompt_version, promptHash: r.prompt_hash, sourceSha256: r.source_sha256 } : null;
}
