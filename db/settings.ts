import type { Db } from './open';

/** The test set's own settings (the `settings` table): small JSON values under string keys. */

export function readSetting<T>(db: Db, key: string): T | null {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined;
  return row === undefined ? null : (JSON.parse(row) as T);
}

export function writeSetting(db: Db, key: string, value: unknown): void {
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
}
