import type { Db } from './open';

/** The earlier import of a file with these bytes, or null: a judge run made from it, or any file an import wrote. */
export function importedBefore(db: Db, sha256: string): { fileName: string; importedAt: string; runId: number | null } | null {
  const row = (db.prepare('SELECT file_name AS fileName, imported_at AS importedAt FROM imported_files WHERE sha256 = ? ORDER BY rowid LIMIT 1').get(sha256)
    ?? db.prepare('SELECT source_file AS fileName, imported_at AS importedAt FROM judge_runs WHERE source_sha256 = ? ORDER BY id LIMIT 1').get(sha256)) as
    { fileName: string; importedAt: string } | undefined;
  if (!row) return null;
  // a results file names the judge run it made, so the person sees which run it already is
  return { ...row, runId: runOfJudgeFile(db, sha256) };
}

/** The judge run a results file with these bytes made, or null. */
export const runOfJudgeFile = (db: Db, sha256: string): number | null =>
  (db.prepare('SELECT id FROM judge_runs WHERE source_sha256 = ? ORDER BY id LIMIT 1').pluck().get(sha256) as number | undefined) ?? null;

export function rememberImportedFile(db: Db, file: { sha256: string; fileName: string; kind: string; format: string }): void {
  db.prepare('INSERT INTO imported_files (sha256, file_name, kind, format, imported_at) VALUES (?, ?, ?, ?, ?)')
    .run(file.sha256, file.fileName, file.kind, file.format, new Date().toISOString());
}
