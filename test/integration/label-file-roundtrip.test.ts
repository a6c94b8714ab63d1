import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel, undoLast } from '../../db/labels';
import { openTestSetFile } from '../../db/open';
import { cli } from '../helpers/cli';
import { forbiddenClaimId } from '../../shared/diagnosis/claim-ids';
import { useTempDir } from '../helpers/temp-dir';
import { backups, count } from '../helpers/sqlite-peek';

const SAMPLE = fileURLToPath(new URL('../../shared/sample/', import.meta.url));

async function sampleSet(dir: string, name: string): Promise<string> {
  const db = join(dir, name);
  expect((await cli('init', '--db', db)).code).toBe(0);
  for (const kind of ['documents', 'cases', 'responses']) expect((await cli('import', kind, join(SAMPLE, `${kind}.jsonl`), '--db', db)).code).toBe(0);
  return db;
}

/** Two reviewers' labels of every kind of value, a change of mind, an undo, and a reason a CSV must quote. */
async function labelSome(db: string): Promise<void> {
  const opened = await openTestSetFile(db, { create: false });
  try {
    const responses = opened.db.prepare('SELECT r.id, c.id AS caseId FROM responses r JOIN cases c ON c.seq = r.case_seq ORDER BY r.seq LIMIT 2').all() as { id: string; caseId: string }[];
    const ada = createReviewer(opened.db, 'Ada').id;
    const wang = createReviewer(opened.db, '王芳').id;
    for (const [reviewerId, r] of [[ada, responses[0]], [wang, responses[1]], [wang, responses[0]]] as const) {
      recordLabel(opened.db, { reviewerId, caseId: r.caseId, responseId: null, dimension: 'answerability', value: 'answerable' });
      recordLabel(opened.db, { reviewerId, caseId: r.caseId, responseId: r.id, dimension: 'correctness', value: 2 });
      recordLabel(opened.db, { reviewerId, caseId: r.caseId, responseId: r.id, dimension: 'faithfulness', value: 0.75, reason: '引用了 "退款政策", 但\n漏了期限' });
      recordLabel(opened.db, { reviewerId, caseId: r.caseId, responseId: r.id, dimension: 'responseBehavior', value: 'answered' });
      recordLabel(opened.db, { reviewerId, caseId: r.caseId, responseId: r.id, dimension: 'correctness', value: 1 });
    }
    undoLast(opened.db, ada);
  } finally {
    opened.db.close();
  }
}

describe('a labels export imports back', () => {
  const tempDir = useTempDir();

  for (const format of ['jsonl', 'csv'] as const) {
    it(`${format}: export, import into a fresh test set with the same cases, export again gives the same bytes; twice adds nothing`, async () => {
      const dir = tempDir();
      const source = await sampleSet(dir, 'source.sqlite');
      await labelSome(source);
      const first = join(dir, `labels-1.${format}`);
      expect((await cli('export', 'labels', '--db', source, '--format', format, '--out', first)).code).toBe(0);

      const fresh = await sampleSet(dir, 'fresh.sqlite');
      const imported = await cli('import', 'labels', first, '--db', fresh, '--json');
      expect(imported.code, imported.stderr).toBe(0);
      const events = count(source, 'SELECT count(*) FROM label_events');
      expect(imported.json).toMatchObject({ kind: 'labels', eventCount: events, added: events, alreadyPresent: 0, reviewersCreated: ['Ada', '王芳'] });
      expect(backups(fresh)).toHaveLength(1);

      const second = join(dir, `labels-2.${format}`);
      expect((await cli('export', 'labels', '--db', fresh, '--format', format, '--out', second)).code).toBe(0);
      expect(readFileSync(second)).toEqual(readFileSync(first));
      // the current labels (what agreement and progress read) are the same too
      const current = (db: string) => new Database(db, { readonly: true }).prepare('SELECT * FROM label_progress ORDER BY 1, 2').all();
      expect(current(fresh)).toEqual(current(source));

      const again = await cli('import', 'labels', first, '--db', fresh, '--json');
      expect(again.json).toMatchObject({ added: 0, alreadyPresent: events, reviewersCreated: [], backupPath: null });
      expect(count(fresh, 'SELECT count(*) FROM label_events')).toBe(events);
      expect(backups(fresh)).toHaveLength(1);
      const text = await cli('import', 'labels', first, '--db', fresh);
      expect(text.stdout).toMatch(/0 events added, 16 already present.*no backup written/);
    });
  }

  it('a row whose value does not fit its dimension is refused with file, line and field; nothing of the file is written', async () => {
    const dir = tempDir();
    const source = await sampleSet(dir, 'source.sqlite');
    await labelSome(source);
    const file = join(dir, 'labels.csv');
    expect((await cli('export', 'labels', '--db', source, '--format', 'csv', '--out', file)).code).toBe(0);
    const lines = readFileSync(file, 'utf8').split('\r\n');
    // line 3 of the file: Ada's correctness 2 becomes 7, outside 0–2
    expect(lines[2]).toContain(',correctness,2,Ada,');
    lines[2] = lines[2].replace(',correctness,2,', ',correctness,7,');
    writeFileSync(file, lines.join('\r\n'));

    const fresh = await sampleSet(dir, 'fresh.sqlite');
    const refused = await cli('import', 'labels', file, '--db', fresh, '--json');
    expect(refused.code).toBe(1);
    expect(refused.json.error).toMatchObject({ code: 'invalid-data', location: { file: 'labels.csv', line: 3, field: 'value' } });
    expect(refused.json.error.message).toMatch(/labels\.csv line 3.*correctness/);
    expect(count(fresh, 'SELECT count(*) FROM label_events')).toBe(0);
    expect(count(fresh, 'SELECT count(*) FROM reviewers')).toBe(0);
    expect(backups(fresh)).toHaveLength(0);
  });

  it('a JSON Lines row naming an unknown response is refused with its line; a row without uid already here is skipped', async () => {
    const dir = tempDir();
    const source = await sampleSet(dir, 'source.sqlite');
    await labelSome(source);
    const file = join(dir, 'labels.jsonl');
    expect((await cli('export', 'labels', '--db', source, '--format', 'jsonl', '--out', file)).code).toBe(0);
    const rows = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));

    const broken = join(dir, 'broken.jsonl');
    writeFileSync(broken, rows.map((r, i) => JSON.stringify(i === 4 ? { ...r, responseId: 'no-such-response' } : r)).join('\n'));
    const refused = await cli('import', 'labels', broken, '--db', source, '--json');
    expect(refused.code).toBe(1);
    expect(refused.json.error).toMatchObject({ code: 'invalid-data', location: { file: 'broken.jsonl', line: 5, field: 'responseId' } });

    // the same labels written by hand without uids: each one is recognised by reviewer, item, dimension, value and time
    const handWritten = join(dir, 'hand.jsonl');
    writeFileSync(handWritten, rows.filter((r) => r.kind === 'set').map(({ uid: _uid, ...r }) => JSON.stringify(r)).join('\n'));
    const before = count(source, 'SELECT count(*) FROM label_events');
    const skipped = await cli('import', 'labels', handWritten, '--db', source, '--json');
    expect(skipped.json).toMatchObject({ added: 0, alreadyPresent: before - 1, backupPath: null });
    expect(count(source, 'SELECT count(*) FROM label_events')).toBe(before);
  });
});

describe('a labels file whose "claims this answer states" rows miss the case\'s claims', () => {
  const tempDir = useTempDir();

  it('is imported, and the rows that do not mark exactly the current claims are named by line, with what they miss', async () => {
    const dir = tempDir();
    const db = await sampleSet(dir, 'stated.sqlite');
    const forbidden = forbiddenClaimId('7 天内全额退款');
    const row = (value: unknown) => ({ caseId: 'refund-annual-day20', responseId: 'r-3.1-refund-annual-day20', dimension: 'claimsStated', value, reviewer: 'Ann', at: '2026-11-01T00:00:00Z' });
    const all = { c1: { stated: true }, c2: { stated: false }, c3: { stated: false }, [forbidden]: { stated: true } };
    const file = join(dir, 'stated.jsonl');
    writeFileSync(file, [
      row(all),
      row({ c1: { stated: true } }),
      row({ ...all, '7 天内全额退款': { stated: true } }),
    ].map((r) => JSON.stringify(r)).join('\n'));
    const imported = await cli('import', 'labels', file, '--db', db, '--json');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.json.added).toBe(3);
    expect(imported.json.statedMismatches).toEqual([
      { line: 2, caseId: 'refund-annual-day20', unmarked: ['c2', 'c3', forbidden], unknown: [] },
      { line: 3, caseId: 'refund-annual-day20', unmarked: [], unknown: ['7 天内全额退款'] },
    ]);
    const text = await cli('import', 'labels', file, '--db', db);
    expect(text.stdout).toContain('warning: 2 claimsStated rows of stated.jsonl do not mark exactly the case\'s current claims');
    expect(text.stdout).toContain(`line 2, case refund-annual-day20, field "value": unmarked: c2, c3, ${forbidden}`);
    expect(text.stdout).toContain('line 3, case refund-annual-day20, field "value": not claims of the case: 7 天内全额退款');
  });

  it('refuses a row whose marks are malformed, naming file, line and the mark\'s field, and writes nothing', async () => {
    const dir = tempDir();
    const db = await sampleSet(dir, 'bad-stated.sqlite');
    const file = join(dir, 'bad-stated.jsonl');
    const row = (value: unknown) => ({ caseId: 'refund-annual-day20', responseId: 'r-3.1-refund-annual-day20', dimension: 'claimsStated', value, reviewer: 'Ann', at: '2026-11-01T00:00:00Z' });
    writeFileSync(file, [row({ c1: { stated: true } }), row({ c1: { stated: 1 } })].map((r) => JSON.stringify(r)).join('\n'));
    const before = count(db, 'SELECT count(*) FROM label_events');
    const refused = await cli('import', 'labels', file, '--db', db);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad-stated.jsonl, line 2, field "value.c1.stated": expected a boolean, got a number (1). Nothing was imported.');
    expect(count(db, 'SELECT count(*) FROM label_events')).toBe(before);
  });
});
