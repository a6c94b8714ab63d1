import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestSetFile } from '../../db/open';
import type { ImportJob } from '../../shared/api/contract';
import { cli } from '../helpers/cli';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';
import { callWeb, killWebProcess, startWebProcess, type WebProcess } from '../helpers/web-process';

/**
 * A 12,000-case import through the real browser-mode server (three batches of cases, each after their
 * claims and evidence), SIGKILLed while it publishes its rows. The next opening of the file leaves all
 * of the import or none of it: never a case without its claims, evidence or search row, never a claim
 * without its case.
 */
const TOKEN = 'import-kill-test-token';
const NEW_CASES = 12_000;
const CASES_FILE = Array.from({ length: NEW_CASES }, (_, i) => JSON.stringify({
  id: `bulk-${i}`, query: `批量问题 ${i}：年费会员多久可以退款`, referenceAnswer: '30 天内可退款',
  claims: [{ text: `要点 ${i}`, evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款' }] }], slices: ['table'],
})).join('\n');

interface Counts { cases: number; claims: number; evidence: number; slices: number; search: number; publishing: number }

function counts(path: string): Counts {
  const db = new Database(path, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    return {
      cases: count('SELECT count(*) FROM cases'),
      claims: count('SELECT count(*) FROM claims'),
      evidence: count('SELECT count(*) FROM evidence'),
      slices: count('SELECT count(*) FROM case_slices'),
      search: count('SELECT count(*) FROM cases_fts'),
      publishing: count('SELECT count(*) FROM import_publishing'),
    };
  } finally {
    db.close();
  }
}

/** Polls the file (a reader beside the server) until `ready` holds, then kills the server. */
async function killWhen(server: WebProcess, path: string, ready: (peek: Database.Database) => boolean): Promise<void> {
  const peek = new Database(path, { readonly: true });
  try {
    for (let i = 0; i < 6000 && !ready(peek); i += 1) await new Promise((r) => setTimeout(r, 5));
  } finally {
    peek.close();
  }
  await killWebProcess(server);
}

describe('an app import killed while it publishes', () => {
  const tempDir = useTempDir();

  it('leaves all of its cases or none after the next opening, and the same file then imports whole', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    opened.db.close();
    const pristine = join(dir, 'pristine.sqlite');
    copyFileSync(opened.file, pristine);
    const before = counts(opened.file);
    const claimsBefore = before.claims;
    const source = { fileName: 'bulk.jsonl', contentBase64: Buffer.from(CASES_FILE).toString('base64') };

    // when each kill comes: the first claims batch landed (no case yet), the first case batch landed (some cases shown),
    // and a moment after publishing began (anywhere from the search rows to the last step)
    const moments: ((peek: Database.Database) => boolean)[] = [
      (peek) => (peek.prepare('SELECT count(*) FROM claims').pluck().get() as number) > claimsBefore,
      (peek) => (peek.prepare('SELECT count(*) FROM cases').pluck().get() as number) > before.cases,
      (peek) => (peek.prepare('SELECT count(*) FROM import_publishing').pluck().get() as number) > 0,
    ];
    const outcomes: string[] = [];
    for (const moment of moments) {
      copyFileSync(pristine, opened.file);
      const server = await startWebProcess(join(dir, 'data'), opened.file, TOKEN);
      await callWeb<{ jobId: string }>(server, 'imports.start', { kind: 'cases', format: 'jsonl', source });
      await killWhen(server, opened.file, moment);
      if (moment === moments[0]) {
        // before any opening, check says what is half-way and what takes it back
        const checked = await cli('check', '--db', opened.file);
        expect(checked.stdout).toContain('unfinished import: an import in Touchstone stopped while it wrote its rows');
      }

      // what the app does when it opens the file again
      (await openTestSetFile(opened.file, { create: false })).db.close();
      const after = counts(opened.file);
      const whole = { cases: before.cases + NEW_CASES, claims: before.claims + NEW_CASES, evidence: before.evidence + NEW_CASES, slices: before.slices + NEW_CASES, search: before.search + NEW_CASES, publishing: 0 };
      expect([before, whole]).toContainEqual(after);
      outcomes.push(after.cases === before.cases ? 'none' : 'all');
    }
    // the first two kills came with rows of the import in the file, so the opening took them back
    expect(outcomes.slice(0, 2)).toEqual(['none', 'none']);

    // the same file, killed half-way before, imports whole
    const server = await startWebProcess(join(dir, 'data'), opened.file, TOKEN);
    try {
      const { jobId } = await callWeb<{ jobId: string }>(server, 'imports.start', { kind: 'cases', format: 'jsonl', source });
      let job = await callWeb<ImportJob>(server, 'imports.status', { jobId });
      while (job.state === 'running') {
        await new Promise((r) => setTimeout(r, 50));
        job = await callWeb<ImportJob>(server, 'imports.status', { jobId });
      }
      expect(job).toMatchObject({ state: 'done', added: { cases: NEW_CASES } });
    } finally {
      await killWebProcess(server);
    }
    expect(counts(opened.file)).toMatchObject({ cases: before.cases + NEW_CASES, claims: before.claims + NEW_CASES, search: before.search + NEW_CASES, publishing: 0 });
  }, 300_000);
});
