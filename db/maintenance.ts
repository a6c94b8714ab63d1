import { hasUnfinishedImport } from './import-rollback';
import type { Db } from './open';
import { LATEST_SCHEMA_VERSION } from './migrations';

const COUNTED_TABLES: [string, string][] = [
  ['documents', 'documents'],
  ['cases', 'cases'],
  ['claims', 'claims'],
  ['evidence', 'evidence'],
  ['responses', 'responses'],
  ['judgeRuns', 'judge_runs'],
  ['verdicts', 'verdicts'],
];

export function tableCounts(db: Db): Record<string, number> {
  return Object.fromEntries(COUNTED_TABLES.map(([name, table]) => [name, db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number]));
}

export interface IntegrityReport {
  ok: boolean;
  schemaVersion: number;
  latestSchemaVersion: number;
  integrity: string[];
  foreignKeyViolations: number;
  orphanEvidence: { caseId: string; docId: string }[];
  /** An app import stopped while it published its rows (db/import-rollback.ts): the next writer's opening takes it back. */
  unfinishedImport: boolean;
}

/** PRAGMA integrity_check, foreign-key check, and evidence that cites a document the file does not hold. */
export function checkIntegrity(db: Db): IntegrityReport {
  let integrity: string[];
  try {
    integrity = db.prepare('PRAGMA integrity_check').pluck().all() as string[];
  } catch (error) {
    // A badly damaged file makes the check itself fail: that is its finding.
    integrity = [(error as Error).message];
    return { ok: false, schemaVersion: -1, latestSchemaVersion: LATEST_SCHEMA_VERSION, integrity, foreignKeyViolations: 0, orphanEvidence: [], unfinishedImport: false };
  }
  const foreignKeyViolations = (db.prepare('PRAGMA foreign_key_check').all() as unknown[]).length;
  const orphanEvidence = db
    .prepare(
      `SELECT DISTINCT c.id AS caseId, e.doc_id AS docId FROM evidence e
         JOIN claims cl ON cl.id = e.claim_id JOIN cases c ON c.seq = cl.case_seq
        WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.doc_id = e.doc_id) ORDER BY c.id, e.doc_id`,
    )
    .all() as { caseId: string; docId: string }[];
  const schemaVersion = db.pragma('user_version', { simple: true }) as number;
  return {
    ok: integrity.length === 1 && integrity[0] === 'ok' && foreignKeyViolations === 0 && orphanEvidence.length === 0 && schemaVersion === LATEST_SCHEMA_VERSION,
    schemaVersion,
    latestSchemaVersion: LATEST_SCHEMA_VERSION,
    integrity,
    foreignKeyViolations,
    orphanEvidence,
    unfinishedImport: hasUnfinishedImport(db),
  };
}
