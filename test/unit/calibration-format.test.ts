import { describe, expect, it } from 'vitest';
import type { AnchorItem } from '../../shared/api/calibration-ops';
import { countValues, renderAnchorsJsonl, unsafeFileName } from '../../shared/calibration/anchor-format';
import { readZip, writeZip, ZipFormatError } from '../../shared/calibration/zip';
import { judgeBreak } from '../../shared/calibration/figures';

const enc = new TextEncoder();

describe('deterministic zip', () => {
  it('the same files give the same bytes, and a damaged byte is refused', () => {
    const entries = [{ name: 'anchors.jsonl', data: enc.encode('{"a":1}\n') }, { name: 'manifest.json', data: enc.encode('{}\n') }];
    const a = writeZip(entries, '2026-02-12T10:11:13.000Z');
    expect(Buffer.from(writeZip(entries, '2026-02-12T10:11:13.000Z')).equals(Buffer.from(a))).toBe(true);
    expect(readZip(a).map((e) => [e.name, new TextDecoder().decode(e.data)])).toEqual([['anchors.jsonl', '{"a":1}\n'], ['manifest.json', '{}\n']]);
    const flipped = a.slice();
    flipped[30 + 'anchors.jsonl'.length] ^= 1; // first data byte of the first entry
    expect(() => readZip(flipped)).toThrow(ZipFormatError);
  });
});

describe('anchor format', () => {
  it('refuses any file name that is not a bare anchor-set file', () => {
    expect(unsafeFileName('anchors.jsonl')).toBeNull();
    for (const name of ['../anchors.jsonl', '/etc/passwd', 'sub/anchors.jsonl', '..\\x', 'C:x', '..', 'other.jsonl']) expect(unsafeFileName(name)).not.toBeNull();
  });

  it('orders lines and counts stably', () => {
    const items: AnchorItem[] = [
      { caseId: 'b', responseId: 'r2', query: 'q', system: null, answer: null, roundId: 1, human: { correctness: 2 }, judge: {} },
      { caseId: 'a', responseId: null, query: 'q', system: null, answer: null, roundId: 1, human: { correctness: 0, answerability: 'answerable' }, judge: { correctness: 1 } },
    ];
    expect(renderAnchorsJsonl(items)).toBe(renderAnchorsJsonl([...items].reverse()));
    expect(renderAnchorsJsonl(items).split('\n')[0]).toBe('{"answer":null,"caseId":"a","human":{"answerability":"answerable","correctness":0},"judge":{"correctness":1},"query":"q","responseId":null,"roundId":1,"system":null}');
    expect(countValues(items, ['answerability', 'correctness'])).toEqual([
      { dimension: 'answerability', value: 'answerable', count: 1 },
      { dimension: 'correctness', value: 0, count: 1 },
      { dimension: 'correctness', value: 2, count: 1 },
    ]);
  });

  it('names a break in the trend', () => {
    const a = { runId: 1, model: 'm', modelVersion: 'v1', promptVersion: 'p1' };
    expect(judgeBreak(a, { ...a, runId: 2 })).toBeNull();
    expect(judgeBreak(a, { ...a, modelVersion: 'v2' })).toBe('model version v1 → v2');
    expect(judgeBreak(a, { ...a, model: 'n', promptVersion: 'p2' })).toBe('judge model m → n, prompt version p1 → p2');
  });
});
