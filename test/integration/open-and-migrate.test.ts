import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../db/migrations';
import { openTestSetFile } from '../../db/open';
import { useTempDir } from '../helpers/temp-dir';

describe('opening and migrating test-set files', () => {
  const tempDir = useTempDir();

  it('creates an empty file at the latest schema version with WAL and foreign keys on', async () => {
    const path = join(tempDir(), 'new.sqlite');
    const opened = await openTestSetFile(path, { create: true });
    expect(opened.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
    expect(opened.testSetId).toMatch(/^[0-9a-f-]{36}$/);
    expect(opened.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(opened.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(opened.backupPath).toBeNull();
    opened.db.close();
  });

  it('re-opening a current file changes nothing and keeps its id', async () => {
    const path = join(tempDir(), 'again.sqlite');
    const first = await openTestSetFile(path, { create: true });
    first.db.close();
    const second = await openTestSetFile(path, { create: false });
    expect(second.testSetId).toBe(first.testSetId);
    expect(second.backupPath).toBeNull();
    second.db.close();
  });

  it('migrates an older file forward and writes a backup copy of the old version first', async () => {
    const dir = tempDir();
    const path = join(dir, 'old.sqlite');
    const v1 = await openTestSetFile(path, { create: true });
    v1.db.prepare("INSERT INTO documents (doc_id, revision, title) VALUES ('refund-policy', 'v1', '会员退款政策')").run();
    v1.db.close();

    const nextMigration = { version: LATEST_SCHEMA_VERSION + 1, name: 'test: notes', sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT) STRICT;' };
    const migrated = await openTestSetFile(path, { create: false, migrations: [...MIGRATIONS, nextMigration] });
    expect(migrated.schemaVersion).toBe(LATEST_SCHEMA_VERSION + 1);
    expect(migrated.testSetId).toBe(v1.testSetId);
    expect(migrated.db.prepare('SELECT title FROM documents').pluck().get()).toBe('会员退款政策');
    migrated.db.close();

    expect(migrated.backupPath).not.toBeNull();
    const backup = new Database(migrated.backupPath!, { readonly: true });
    expect(backup.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(backup.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(1);
    expect(backup.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'notes'").pluck().get()).toBe(0);
    backup.close();
  });

  it('refuses an SQLite file that is not a Touchstone test set and leaves it untouched', async () => {
    const path = join(tempDir(), 'other-app.sqlite');
    const other = new Database(path);
    other.exec("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers (name) VALUES ('Ada');");
    other.close();
    const before = readFileSync(path);
    await expect(openTestSetFile(path, { create: false })).rejects.toThrow(/not a Touchstone test set/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a file written by a newer schema version, naming the version, and leaves it untouched', async () => {
    const path = join(tempDir(), 'future.sqlite');
    const future = new Database(path);
    future.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('test_set_id', 'x');");
    future.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 7}`);
    future.close();
    const before = readFileSync(path);
    await expect(openTestSetFile(path, { create: false })).rejects.toThrow(new RegExp(`schema version ${LATEST_SCHEMA_VERSION + 7}`));
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a file that is not SQLite at all and does not modify it', async () => {
    const dir = tempDir();
    const path = join(dir, 'notes.sqlite');
    writeFileSync(path, 'these are my notes, not a database');
    await expect(openTestSetFile(path, { create: false })).rejects.toThrow(/not an SQLite database/);
    expect(readFileSync(path, 'utf8')).toBe('these are my notes, not a database');
    expect(readdirSync(dir)).toEqual(['notes.sqlite']);
  });

  it('refuses a damaged file', async () => {
    const path = join(tempDir(), 'damaged.sqlite');
    const opened = await openTestSetFile(path, { create: true });
    opened.db.pragma('wal_checkpoint(TRUNCATE)');
    opened.db.close();
    const bytes = readFileSync(path);
    bytes.fill(0x5a, 4096, 4096 * 3); // scribble over the schema pages
    writeFileSync(path, bytes);
    await expect(openTestSetFile(path, { create: false })).rejects.toThrow(/damaged|cannot be read|not a Touchstone/);
  });

  it('says clearly when the file does not exist', async () => {
    const path = join(tempDir(), 'missing.sqlite');
    await expect(openTestSetFile(path, { create: false })).rejects.toThrow(/There is no test set/);
    expect(existsSync(path)).toBe(false);
  });
});
