import { readdirSync } from 'node:fs';
import Database from 'better-sqlite3';

/** One number read from a test-set file (opened read-only and closed again). */
export function count(db: string, sql: string): number {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare(sql).pluck().get() as number;
  } finally {
    d.close();
  }
}

/** The backups written of a test-set file so far. */
export function backups(db: string): string[] {
  try {
    return readdirSync(`${db}.backups`).filter((n) => n.endsWith('.sqlite'));
  } catch {
    return [];
  }
}
