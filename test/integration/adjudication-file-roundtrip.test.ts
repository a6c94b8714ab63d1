import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { revealedRound } from '../helpers/calibration-set';
import { backups, count } from '../helpers/sqlite-peek';
import { cli } from '../helpers/cli';
import { useTempDir } from '../helpers/temp-dir';

/**
 * File A: a round labeled by two reviewers, revealed, and a copy taken then (it lacks every decision);
 * A then adjudicates the two disagreements (a note a CSV must quote) and closes the round, which
 * records the agreeing cells as unanimous decisions.
 */
async function adjudicatedSetAndCopy(dir: string): Promise<{ source: string; copy: string; roundId: number }> {
  const { db, file, call, reviewers: [ada, bo], round, copy } = await revealedRound(dir, [[2, 1], [0, 2], [2, 2]], ['Ada', '王芳']);
  const [first, second] = round.items;
  await call('rounds.adjudicate', { roundId: round.round.id, caseId: first.caseId, responseId: first.responseId, dimension: 'correctness', value: 1, note: '按原文 "第 3 条", 部分正确', deciderReviewerId: ada });
  await call('rounds.adjudicate', { roundId: round.round.id, caseId: second.caseId, responseId: second.responseId, dimension: 'correctness', value: 2, deciderReviewerId: bo });
  await call('rounds.close', { roundId: round.round.id });
  db.close();
  return { source: file, copy, roundId: round.round.id };
}

describe('an adjudications export imports back', () => {
  const tempDir = useTempDir();

  for (const format of ['jsonl', 'csv'] as const) {
    it(`${format}: export from A, import into a copy that lacks them, export again gives the same bytes; a second import writes nothing and says so`, async () => {
      const dir = tempDir();
      const { source, copy, roundId } = await adjudicatedSetAndCopy(dir);
      const decisions = count(source, 'SELECT count(*) FROM adjudications');
      // two decisions of the lead and the agreeing cell(s) recorded at close
      expect(decisions).toBeGreaterThanOrEqual(3);
      const first = join(dir, `adjudications-1.${format}`);
      expect((await cli('export', 'adjudications', '--db', source, '--format', format, '--out', first)).code).toBe(0);

      const target = join(dir, `target-${format}.sqlite`);
      copyFileSync(copy, target);
      expect(count(target, 'SELECT count(*) FROM adjudications')).toBe(0);
      const imported = await cli('import', 'adjudications', first, '--db', target, '--json');
      expect(imported.code, imported.stdout).toBe(0);
      expect(imported.json).toMatchObject({ kind: 'adjudications', rowCount: decisions, added: decisions, alreadyPresent: 0, reviewersCreated: [] });
      expect(backups(target)).toHaveLength(1);

      const second = join(dir, `adjudications-2.${format}`);
      expect((await cli('export', 'adjudications', '--db', target, '--format', format, '--out', second)).code).toBe(0);
      expect(readFileSync(second).equals(readFileSync(first))).toBe(true);
      // every disagreement of the revealed round is settled now: it is ready to close, as in A before closing
      expect(count(target, `SELECT count(*) FROM rounds WHERE id = ${roundId} AND status = 'adjudicated'`)).toBe(1);
      // each decision names the labels it settled, as one made in the window does
      expect(count(target, "SELECT count(*) FROM adjudications WHERE from_event_ids = '[]'")).toBe(0);

      const again = await cli('import', 'adjudications', first, '--db', target, '--json');
      expect(again.json).toMatchObject({ added: 0, alreadyPresent: decisions, reviewersCreated: [], backupPath: null });
      expect(count(target, 'SELECT count(*) FROM adjudications')).toBe(decisions);
      expect(backups(target)).toHaveLength(1);
      const text = await cli('import', 'adjudications', first, '--db', target);
      expect(text.stdout).toContain(`0 decisions added, ${decisions} already present (nothing new: no backup written)`);
    });
  }

  it('a bad line is refused with file, line and field, and nothing changes', async () => {
    const dir = tempDir();
    const { source, copy } = await adjudicatedSetAndCopy(dir);
    const file = join(dir, 'adjudications.csv');
    expect((await cli('export', 'adjudications', '--db', source, '--format', 'csv', '--out', file)).code).toBe(0);
    const lines = readFileSync(file, 'utf8').split('\r\n');
    // line 3 of the file: Wang Fang's decision of 2 becomes 7, outside correctness 0–2
    expect(lines[2]).toContain(',correctness,2,lead,王芳,');
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, [...lines.slice(0, 2), lines[2].replace(',correctness,2,', ',correctness,7,'), ...lines.slice(3)].join('\r\n'));

    const target = join(dir, 'target.sqlite');
    copyFileSync(copy, target);
    const refused = await cli('import', 'adjudications', bad, '--db', target, '--json');
    expect(refused.code).toBe(1);
    expect(refused.json.error).toMatchObject({ code: 'invalid-data', location: { file: 'bad.csv', line: 3, field: 'value' } });
    expect(refused.json.error.message).toMatch(/bad\.csv line 3.*value.*correctness/);
    expect(count(target, 'SELECT count(*) FROM adjudications')).toBe(0);
    expect(count(target, "SELECT count(*) FROM rounds WHERE status = 'revealed'")).toBe(1);
    expect(backups(target)).toHaveLength(0);

    // JSON Lines: a case outside the round, a lead decision naming no one, an unknown field; each named at its line
    const jsonl = join(dir, 'adjudications.jsonl');
    expect((await cli('export', 'adjudications', '--db', source, '--format', 'jsonl', '--out', jsonl)).code).toBe(0);
    const rows = readFileSync(jsonl, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    for (const [change, field] of [
      [(r: Record<string, unknown>) => ({ ...r, caseId: 'k99' }), 'caseId'],
      [(r: Record<string, unknown>) => ({ ...r, decidedBy: null }), 'decidedBy'],
      [(r: Record<string, unknown>) => ({ ...r, decidedOn: 'today' }), 'decidedOn'],
      [(r: Record<string, unknown>) => ({ ...r, roundId: 42 }), 'roundId'],
    ] as const) {
      const broken = join(dir, `broken-${field}.jsonl`);
      writeFileSync(broken, rows.map((r, i) => JSON.stringify(i === 1 ? change(r) : r)).join('\n'));
      const answer = await cli('import', 'adjudications', broken, '--db', target, '--json');
      expect(answer.code, field).toBe(1);
      expect(answer.json.error.location).toEqual({ file: `broken-${field}.jsonl`, line: 2, field });
    }
    expect(count(target, 'SELECT count(*) FROM adjudications')).toBe(0);
    expect(backups(target)).toHaveLength(0);
  });

  it('a closed round takes no new decision: its adjudications are final', async () => {
    const dir = tempDir();
    const { source } = await adjudicatedSetAndCopy(dir);
    const jsonl = join(dir, 'adjudications.jsonl');
    expect((await cli('export', 'adjudications', '--db', source, '--format', 'jsonl', '--out', jsonl)).code).toBe(0);
    const rows = readFileSync(jsonl, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    const changed = join(dir, 'changed.jsonl');
    writeFileSync(changed, rows.map((r, i) => JSON.stringify(i === 0 ? { ...r, value: 0, at: '2026-01-01T00:00:00.000Z' } : r)).join('\n'));
    const before = count(source, 'SELECT count(*) FROM adjudications');
    const answer = await cli('import', 'adjudications', changed, '--db', source, '--json');
    expect(answer.code).toBe(1);
    expect(answer.json.error.location).toEqual({ file: 'changed.jsonl', line: 1, field: 'roundId' });
    expect(answer.json.error.message).toMatch(/closed/);
    expect(count(source, 'SELECT count(*) FROM adjudications')).toBe(before);
  });
});
