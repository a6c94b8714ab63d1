import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile, type Db } from '../../db/open';
import { contract } from '../../shared/api/contract';
import type { AnchorItem, RoundDetail } from '../../shared/api/calibration-ops';
import { manifestHashInput, renderManifest, type Manifest } from '../../shared/calibration/anchor-format';
import { readZip } from '../../shared/calibration/zip';
import { canonicalJson } from '../../shared/labeling/values';
import { cli } from '../helpers/cli';
import { importRows } from '../helpers/labeling-set';
import { expectClose } from '../helpers/expect-close';
import { buildZip, deflated, overlappingBomb } from '../helpers/hostile-zip';
import { useTempDir } from '../helpers/temp-dir';
import { api, calibrationSet, CASES, judgeRows, RUN2, type JudgeValues } from '../helpers/calibration-set';

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const DIMENSIONS = ['correctness', 'faithfulness', 'responseBehavior'] as const;

function labelRound(db: Db, detail: RoundDetail, reviewerId: number, differ: Record<string, Partial<JudgeValues>> = {}): void {
  for (const item of detail.items) {
    const values = { ...RUN2[item.caseId], ...(differ[item.caseId] ?? {}) };
    for (const dimension of DIMENSIONS) recordLabel(db, { reviewerId, caseId: item.caseId, responseId: item.responseId, dimension, value: values[dimension] });
  }
}

/** Starts, labels (two reviewers, k03 correctness disputed when picked), reveals, adjudicates and closes a round. */
async function closedRound(db: Db, size: number, seed: number, week: string): Promise<number> {
  const call = api(db);
  const reviewers = Object.fromEntries((await call('reviewers.list', {})).map((r) => [r.name, r.id]));
  const ada = reviewers.Ada ?? createReviewer(db, 'Ada').id;
  const bo = reviewers.Bo ?? createReviewer(db, 'Bo').id;
  const round = await call('rounds.start', { size, seed, week });
  labelRound(db, round, ada);
  labelRound(db, round, bo, { k03: { correctness: 1 } });
  await call('rounds.reveal', { roundId: round.round.id });
  if (round.items.some((i) => i.caseId === 'k03')) {
    await call('rounds.adjudicate', { roundId: round.round.id, caseId: 'k03', responseId: 'r-k03', dimension: 'correctness', value: 1, deciderReviewerId: ada });
  }
  await call('rounds.close', { roundId: round.round.id });
  return round.round.id;
}

const filesOf = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name))]));

function flipByte(path: string, at: number): void {
  const bytes = readFileSync(path);
  bytes[at] ^= 0x01;
  writeFileSync(path, bytes);
}

describe('anchor sets on real files', () => {
  const tempDir = useTempDir();

  it('freezes versions that never change, exports byte-identical folders and zips whose hashes verify', async () => {
    const dir = tempDir();
    const { db } = await calibrationSet(dir);
    const call = api(db);
    const r1 = await closedRound(db, 10, 42, '2026-W07');

    const v1 = await call('anchors.freeze', { name: 'core', roundIds: [r1] });
    expect(v1.created).toBe(true);
    expect(v1.summary).toMatchObject({ name: 'core', version: 1, origin: 'frozen', items: 10, rounds: [r1], reviewers: ['Ada', 'Bo'] });
    expect(v1.summary.thresholds).toEqual({ maxAgreementDrop: 0.1, maxBiasShift: 0.1 });
    expect((await call('anchors.freeze', { name: 'core', roundIds: [r1] })).created).toBe(false);
    const v1Items = (await call('anchors.get', { name: 'core', version: 1 })).items;
    const k03 = v1Items.find((i) => i.caseId === 'k03')!;
    expect(k03).toMatchObject({ responseId: 'r-k03', human: { correctness: 1 }, judge: { correctness: 0 }, answer: 'answer k03' });
    // what re-scoring needs is captured at freeze: the reference answer and the response's final context
    expect(k03).toMatchObject({ referenceAnswer: 'ref', finalContext: [{ docId: null, text: 'context of k03', rank: 1 }] });

    // export twice (and into a second folder): the same bytes
    const a = join(dir, 'export-a');
    const b = join(dir, 'export-b');
    const first = await call('anchors.export', { name: 'core', outDir: a, zip: true });
    const filesA = filesOf(a);
    await call('anchors.export', { name: 'core', outDir: a, zip: true });
    await call('anchors.export', { name: 'core', version: 1, outDir: b, zip: true });
    expect(Object.keys(filesA)).toEqual(['anchors.jsonl', 'core-v1.zip', 'manifest.json']);
    for (const [name, bytes] of Object.entries(filesOf(a))) expect(bytes.equals(filesA[name]), name).toBe(true);
    for (const [name, bytes] of Object.entries(filesOf(b))) expect(bytes.equals(filesA[name]), name).toBe(true);
    expect(first.zip).toMatchObject({ name: 'core-v1.zip', sha256: sha256(filesA['core-v1.zip']) });

    // the manifest: hashes verify, counts match the lines
    const manifest = JSON.parse(filesA['manifest.json'].toString('utf8')) as Manifest;
    expect(manifest).toMatchObject({ format: 'touchstone-anchor-set', schemaVersion: 2, name: 'core', version: 1, createdAt: v1.summary.frozenAt, items: 10 });
    expect(manifest.files).toEqual([{ name: 'anchors.jsonl', bytes: filesA['anchors.jsonl'].length, sha256: sha256(filesA['anchors.jsonl']) }]);
    expect(sha256(manifestHashInput(manifest))).toBe(manifest.manifestSha256);
    expect(renderManifest(manifest)).toBe(filesA['manifest.json'].toString('utf8'));
    const lines = filesA['anchors.jsonl'].toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as AnchorItem);
    expect(lines.map((l) => l.caseId)).toEqual([...lines.map((l) => l.caseId)].sort());
    const correctnessCounts = new Map<number, number>();
    for (const l of lines) correctnessCounts.set(l.human.correctness as number, (correctnessCounts.get(l.human.correctness as number) ?? 0) + 1);
    expect(manifest.counts.filter((c) => c.dimension === 'correctness').map((c) => [c.value, c.count])).toEqual([...correctnessCounts].sort((x, y) => x[0] - y[0]));
    expect(manifest.judgeRuns.map((r) => [r.runId, r.modelVersion])).toEqual([[2, '2026-02']]);
    expect(manifest.dimensions.find((d) => d.dimension === 'correctness')).toMatchObject({ items: 10, agreementKey: 'krippendorffOrdinal', judge: { runId: 2 } });
    // the zip holds the same two files
    expect(readZip(filesA['core-v1.zip']).map((e) => [e.name, sha256(e.data)])).toEqual([
      ['anchors.jsonl', sha256(filesA['anchors.jsonl'])],
      ['manifest.json', sha256(filesA['manifest.json'])],
    ]);

    // version 2 leaves version 1 as it was
    const v1Rows = db.prepare('SELECT * FROM anchor_items WHERE anchor_set_id = 1 ORDER BY position').all();
    const r2 = await closedRound(db, 4, 9, '2026-W08');
    const v2 = await call('anchors.freeze', { name: 'core', roundIds: [r1, r2] });
    // 10 + 4 picks, 3 of round 2's random half drawn again from round 1's items (the random half is a uniform draw over every eligible item)
    expect(v2.summary).toMatchObject({ version: 2, items: 11, rounds: [r1, r2] });
    expect((await call('anchors.get', { name: 'core', version: 1 })).items).toEqual(v1Items);
    expect(db.prepare('SELECT * FROM anchor_items WHERE anchor_set_id = 1 ORDER BY position').all()).toEqual(v1Rows);
    expect((await call('anchors.get', { name: 'core' })).summary.version).toBe(2);
    expect(() => db.prepare("UPDATE anchor_items SET item = '{}' WHERE anchor_set_id = 1").run()).toThrow(/never edited after freezing/);
    expect(() => db.prepare("INSERT INTO anchor_items (anchor_set_id, position, case_id, response_id, item) VALUES (1, 99, 'x', NULL, '{}')").run()).toThrow(/never edited/);
    expect(() => db.prepare('DELETE FROM anchor_items WHERE anchor_set_id = 1').run()).toThrow(/never edited/);
    expect(() => db.prepare("UPDATE anchor_sets SET name = 'other' WHERE id = 1").run()).toThrow(/never edited/);
    // a later edit of the case (re-imported reference answer, a response's context) never reaches the frozen set
    db.prepare("UPDATE cases SET reference_answer = 'edited later' WHERE id = 'k03'").run();
    db.prepare("UPDATE responses SET final_context = '[]' WHERE id = 'r-k03'").run();
    const c = join(dir, 'export-c');
    await call('anchors.export', { name: 'core', version: 1, outDir: c, zip: true });
    for (const [name, bytes] of Object.entries(filesOf(c))) expect(bytes.equals(filesA[name]), name).toBe(true);
    expect((await call('anchors.list', {})).map((s) => [s.name, s.version])).toEqual([['core', 2], ['core', 1]]);
  });

  it('imports into another file after verifying every hash; a flipped byte or an escaping name is refused and nothing is written', async () => {
    const dir = tempDir();
    const { db } = await calibrationSet(dir);
    const call = api(db);
    await call('anchors.freeze', { name: 'core', roundIds: [await closedRound(db, 10, 42, '2026-W07')] });
    const exported = join(dir, 'export');
    await call('anchors.export', { name: 'core', outDir: exported, zip: true });

    const other = await openTestSetFile(join(dir, 'other.sqlite'), { create: true });
    const callOther = api(other.db);
    const refusedWith = async (source: string, pattern: RegExp) => {
      await expect(callOther('anchors.import', { dir: source })).rejects.toThrow(pattern);
      expect(await callOther('anchors.list', {})).toEqual([]);
      expect(other.db.prepare('SELECT count(*) FROM anchor_items').pluck().get()).toBe(0);
    };

    // a flipped byte in either file
    const tampered = join(dir, 'tampered');
    cpSync(exported, tampered, { recursive: true });
    flipByte(join(tampered, 'anchors.jsonl'), 40);
    await refusedWith(tampered, /^anchors\.jsonl does not match its sha256 in manifest\.json .*Nothing was imported\.$/);
    const tamperedManifest = join(dir, 'tampered-manifest');
    cpSync(exported, tamperedManifest, { recursive: true });
    const text = readFileSync(join(tamperedManifest, 'manifest.json'), 'utf8');
    flipByte(join(tamperedManifest, 'manifest.json'), text.indexOf('"maxBiasShift": 0.1') + '"maxBiasShift": 0.'.length); // 0.1 → 0.0
    await refusedWith(tamperedManifest, /manifest\.json does not match its manifestSha256/);
    const zipCopy = join(dir, 'copy.zip');
    copyFileSync(join(exported, 'core-v1.zip'), zipCopy);
    flipByte(zipCopy, 100);
    await refusedWith(zipCopy, /copy\.zip|CRC|does not match/);

    // names in a manifest can never reach outside the folder, even with a recomputed hash
    for (const name of ['../anchors.jsonl', 'sub/anchors.jsonl', '/etc/passwd']) {
      const escape = join(dir, `escape-${sha256(name).slice(0, 6)}`, 'set');
      mkdirSync(escape, { recursive: true });
      cpSync(exported, escape, { recursive: true });
      copyFileSync(join(exported, 'anchors.jsonl'), join(escape, '..', 'anchors.jsonl'));
      const m = JSON.parse(readFileSync(join(escape, 'manifest.json'), 'utf8')) as Manifest;
      m.files[0].name = name;
      m.manifestSha256 = sha256(manifestHashInput(m));
      writeFileSync(join(escape, 'manifest.json'), renderManifest(m));
      await refusedWith(escape, /manifest\.json lists .* no file outside the anchor set is ever read/);
    }
    expect(() => contract['anchors.export'].input.parse({ name: '../evil', outDir: dir })).toThrow();

    // the genuine export imports, once; the zip too; and exports back byte-identical
    const imported = await callOther('anchors.import', { dir: exported });
    expect(imported).toMatchObject({ created: true, summary: { name: 'core', version: 1, origin: 'imported', items: 10 } });
    expect((await callOther('anchors.import', { dir: join(exported, 'core-v1.zip') })).created).toBe(false);
    // a teammate's re-zip of the folder: deflated, inside a folder of its own
    const rezipped = join(dir, 'rezipped.zip');
    writeFileSync(rezipped, buildZip(['anchors.jsonl', 'manifest.json'].map((name) => deflated(`core-v1/${name}`, readFileSync(join(exported, name))))));
    expect((await callOther('anchors.import', { dir: rezipped })).created).toBe(false);
    // a crafted zip is refused from its directory, in the zip worker
    const bomb = join(dir, 'bomb.zip');
    writeFileSync(bomb, overlappingBomb());
    await expect(callOther('anchors.import', { dir: bomb })).rejects.toThrow(/bomb\.zip is not an anchor set folder or zip: it holds 65,535 entries/);
    const back = join(dir, 'back');
    await callOther('anchors.export', { name: 'core', outDir: back });
    for (const name of ['anchors.jsonl', 'manifest.json']) expect(readFileSync(join(back, name)).equals(readFileSync(join(exported, name))), name).toBe(true);
    other.db.close();
  });

  it('drift: a run equal to the anchors is not flagged; a shifted run is, and the CLI exits 3', async () => {
    const dir = tempDir();
    const { db, file } = await calibrationSet(dir);
    const call = api(db);
    await call('anchors.freeze', { name: 'core', roundIds: [await closedRound(db, 10, 42, '2026-W07')], driftThresholds: { maxBiasShift: 0.15 } });
    const anchors = (await call('anchors.get', { name: 'core' })).items;
    const human = new Map(anchors.map((a) => [a.caseId, a.human]));
    const same: Record<string, JudgeValues> = Object.fromEntries(CASES.map((c) => [c, { ...RUN2[c], ...(human.get(c) ?? {}) } as JudgeValues]));
    importRows({ db } as never, 'judge', judgeRows(same, { model: 'judge-x', version: '2026-03', promptVersion: 'p4' }), 'judge-v3.jsonl');
    const calm = await call('anchors.drift', { name: 'core', runId: 3 });
    expect(calm.flagged).toBe(false);
    const calmCorrectness = calm.dimensions.find((d) => d.dimension === 'correctness')!;
    expect(calmCorrectness).toMatchObject({ n: 10, missing: 0, flags: [] });
    expect(calmCorrectness.agreement.value).toBe(1);
    expect(calmCorrectness.bias.value).toBe(0);
    expect(calmCorrectness.previous?.run.runId).toBe(2);
    expect(calm.thresholds).toEqual({ maxAgreementDrop: 0.1, maxBiasShift: 0.15 });

    const shifted: Record<string, JudgeValues> = Object.fromEntries(
      CASES.map((c) => [c, { ...same[c], faithfulness: Math.max(0, same[c].faithfulness - 0.5), correctness: Math.max(0, same[c].correctness - 1) }]),
    );
    importRows({ db } as never, 'judge', judgeRows(shifted, { model: 'judge-x', version: '2026-04', promptVersion: 'p4' }), 'judge-v4.jsonl');
    const drift = await call('anchors.drift', { name: 'core', runId: 4 });
    expect(drift.flagged).toBe(true);
    const faithfulness = drift.dimensions.find((d) => d.dimension === 'faithfulness')!;
    expect(faithfulness.flags.map((f) => f.code)).toContain('bias-move');
    expect(drift.dimensions.flatMap((d) => d.flags.map((f) => `${d.dimension} ${f.code}`))).toEqual([
      'correctness agreement-drop', 'correctness bias-move', 'faithfulness agreement-drop', 'faithfulness bias-move',
    ]);
    for (const d of drift.dimensions) {
      for (const flag of d.flags) {
        // the figures the UI words the flag from, and the English message written from the same figures
        if (flag.code === 'agreement-drop') {
          expect(flag.values).toEqual({ coefficient: d.agreementKey, atFreeze: d.agreementAtFreeze, now: d.agreement.value, drop: d.agreementDrop, threshold: 0.1 });
          const v = flag.values;
          expect(flag.message).toBe(`${v.coefficient} fell from ${v.atFreeze.toFixed(3)} at freeze to ${v.now.toFixed(3)} (−${v.drop.toFixed(3)}; threshold 0.1).`);
        } else {
          expect(flag.values).toMatchObject({ from: d.biasAtFreeze ?? 0, fromFreeze: d.biasAtFreeze !== null, now: d.bias.value, threshold: 0.15 });
          const v = flag.values;
          expect(v.share).toBeGreaterThan(0.15);
          expect(flag.message).toBe(
            `The bias (judge − human) moved from ${v.from.toFixed(3)}${v.fromFreeze ? ' at freeze' : ' (no judge at freeze: measured from 0)'} to ${v.now.toFixed(3)}, ${(v.share * 100).toFixed(1)}% of the scale (threshold 15.0%).`,
          );
        }
      }
    }
    expect(faithfulness.previous).toMatchObject({ run: { runId: 3 }, n: 10 });
    expect(faithfulness.previous!.meanShift.value!).toBeLessThan(-0.3);
    expect(drift.dimensions.find((d) => d.dimension === 'responseBehavior')!.flags).toEqual([]);

    const flagged = await cli('anchors', 'drift', '--db', file, '--name', 'core', '--run', '4', '--json');
    expect(flagged.code).toBe(3);
    expect(flagged.json.flagged).toBe(true);
    const fine = await cli('anchors', 'drift', '--db', file, '--name', 'core', '--run', '3');
    expect(fine.code).toBe(0);
    // faithfulness did not move at all (interval [0, 0]): no drift. Correctness moved on 1 of 10 anchors by one step:
    // +0.1 with a cluster-t interval [−0.126, 0.326] that reaches past the ±0.3 tolerance — 10 anchors cannot rule drift out
    expect(calm.dimensions.find((d) => d.dimension === 'faithfulness')).toMatchObject({ state: 'none', shiftSinceFreeze: { state: 'none', change: { value: 0, ci95: [0, 0] } } });
    const calmMove = calmCorrectness.shiftSinceFreeze!;
    expect(calmMove.state).toBe('possible');
    expectClose(calmMove.change.value!, 0.1, 1e-12);
    expect(calmMove.change.ci95![0]!).toBeLessThan(0);
    expect(calmMove.change.ci95![1]!).toBeGreaterThan(0.3);
    expect(calm.state).toBe('possible');
    expect(fine.stdout).toMatch(/POSSIBLE DRIFT: too few anchor items/);
    expect((await cli('anchors', 'drift', '--db', file, '--name', 'core', '--run', '3', '--strict')).code).toBe(3);
    expect(drift.state).toBe('flagged');
    expect(faithfulness.shiftSinceFreeze).toMatchObject({ state: 'flagged', change: { ciMethod: 'cluster-t' } });
    expect((await cli('anchors', 'drift', '--db', file, '--name', 'core')).code).toBe(2);
    expect((await cli('anchors', 'drift', '--db', file, '--name', 'nope', '--run', '3')).code).toBe(1);
  });

  it('the CLI starts a round, freezes, exports (with --zip), imports and refuses a tampered folder with exit 1', async () => {
    const dir = tempDir();
    const { db, file } = await calibrationSet(dir);
    const started = await cli('round', 'start', '--db', file, '--size', '6', '--seed', '5', '--week', '2026-W09', '--json');
    expect(started.code).toBe(0);
    expect(started.json.round).toMatchObject({ week: '2026-W09', seed: 5, items: 6, changedItems: 3 });
    expect(started.json.round.notes[0]).toMatchObject({ code: 'changes-measured', text: expect.stringMatching(/^Judge changes measured between runs 1 → 2 on /) });
    expect((await cli('round', 'start', '--db', file, '--week', '2026-07')).code).toBe(2);
    expect((await cli('round', 'start', '--db', file, '--size', 'lots')).code).toBe(2);
    expect((await cli('anchors', 'freeze', '--db', file, '--name', 'core')).code).toBe(1); // no closed round yet

    const roundId = await closedRound(db, 8, 1, '2026-W10');
    const frozen = await cli('anchors', 'freeze', '--db', file, '--name', 'core', '--round', String(roundId), '--json');
    expect(frozen.code).toBe(0);
    expect(frozen.json).toMatchObject({ created: true, summary: { version: 1, items: 8 } });
    const out = join(dir, 'cli-export');
    const exported = await cli('anchors', 'export', '--db', file, '--name', 'core', '--out', out, '--zip');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/core-v1\.zip/);
    expect(readdirSync(out).sort()).toEqual(['anchors.jsonl', 'core-v1.zip', 'manifest.json']);

    const target = join(dir, 'target.sqlite');
    expect((await cli('init', '--db', target)).code).toBe(0);
    const tampered = join(dir, 'cli-tampered');
    cpSync(out, tampered, { recursive: true });
    flipByte(join(tampered, 'anchors.jsonl'), 10);
    const refused = await cli('anchors', 'import', tampered, '--db', target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/anchors\.jsonl does not match its sha256/);
    const imported = await cli('anchors', 'import', out, '--db', target, '--json');
    expect(imported.code).toBe(0);
    expect(imported.json).toMatchObject({ created: true, summary: { name: 'core', version: 1, origin: 'imported' } });
    expect(canonicalJson(imported.json.summary.counts)).toBe(canonicalJson(frozen.json.summary.counts));
    expect((await cli('anchors', 'import', '--db', target)).code).toBe(2);
  });

  it('the CLI prints the round notes as English sentences, in text and in --json', async () => {
    const { file } = await calibrationSet(tempDir(), { runs: 0 });
    const sentences = [
      'No judge run scores any dimension yet: the round reviews every dimension and its figures will have no judge to compare.',
      'Fewer than two comparable judge runs (same dimension, same judge model and prompt version): the changed half was filled from random.',
      'Only 16 items are eligible: the round has 16 items, not 40.',
    ];
    const text = await cli('round', 'start', '--db', file, '--size', '40', '--seed', '3');
    expect(text.code).toBe(0);
    for (const sentence of sentences) expect(text.stdout).toContain(`  note: ${sentence}\n`);
    const json = await cli('round', 'start', '--db', file, '--size', '40', '--seed', '3', '--json', '--same-week');
    expect(json.json.round.notes.map((n: { text: string }) => n.text)).toEqual([sentences[0], sentences[1], '16 items of the previous round were kept out of the changed half.', sentences[2]]);
  });
});
