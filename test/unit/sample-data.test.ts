import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import {
  ANSWERABILITY,
  CaseSchema,
  DEFAULT_QUESTION_TYPES,
  DEFAULT_SLICES,
  DocumentSchema,
  ResponseSchema,
  VerdictSchema,
  type CaseRecord,
  type DocumentRecord,
  type ResponseRecord,
  type VerdictRecord,
} from '../../shared/domain/schemas';

type SampleFile = 'documents.jsonl' | 'cases.jsonl' | 'responses.jsonl' | 'judge.jsonl';

function readRaw(name: SampleFile): string {
  return readFileSync(new URL(`../../shared/sample/${name}`, import.meta.url), 'utf8');
}

/** Splits a native JSONL file into lines; a final newline is allowed, blank lines are not. */
function jsonLines(name: SampleFile): string[] {
  const raw = readRaw(name);
  const body = raw.endsWith('\n') ? raw.slice(0, -1) : raw;
  return body.split('\n');
}

function parseAll<T>(name: SampleFile, schema: z.ZodType<T>): T[] {
  return jsonLines(name).map((line, i) => {
    const result = schema.safeParse(JSON.parse(line));
    if (!result.success) {
      throw new Error(`${name} line ${i + 1}: ${result.error.message}`);
    }
    return result.data;
  });
}

const documents: DocumentRecord[] = parseAll('documents.jsonl', DocumentSchema);
const cases: CaseRecord[] = parseAll('cases.jsonl', CaseSchema);
const responses: ResponseRecord[] = parseAll('responses.jsonl', ResponseSchema);
const verdicts: VerdictRecord[] = parseAll('judge.jsonl', VerdictSchema);

const textsByDocId = new Map<string, string[]>();
for (const doc of documents) {
  const list = textsByDocId.get(doc.docId) ?? [];
  list.push(doc.text ?? '');
  textsByDocId.set(doc.docId, list);
}
const caseById = new Map(cases.map((c) => [c.id, c]));
const responseById = new Map(responses.map((r) => [r.id, r]));
const CJK = /[\u4e00-\u9fff]/;

describe('bundled sample data', () => {
  it('is UTF-8 JSONL with LF endings, no BOM and no blank lines', () => {
    const files: SampleFile[] = ['documents.jsonl', 'cases.jsonl', 'responses.jsonl', 'judge.jsonl'];
    for (const name of files) {
      const raw = readRaw(name);
      expect(raw.charCodeAt(0), `${name} starts with a BOM`).not.toBe(0xfeff);
      expect(raw.includes('\r'), `${name} contains CR`).toBe(false);
      const lines = jsonLines(name);
      expect(lines.length, `${name} is empty`).toBeGreaterThan(0);
      lines.forEach((line, i) => expect(line.trim(), `${name} line ${i + 1} is blank`).not.toBe(''));
    }
  });

  it('every line parses with its zod schema', () => {
    // parseAll throws with file and line on the first bad row; reaching here means all rows parsed.
    expect(documents.length).toBeGreaterThanOrEqual(10);
    expect(documents.length).toBeLessThanOrEqual(15);
    expect(cases.length).toBeGreaterThan(0);
    expect(responses.length).toBeGreaterThan(0);
    expect(verdicts.length).toBeGreaterThan(0);
  });

  it('has unique ids: docId+revision, case ids, response ids', () => {
    const docKeys = documents.map((d) => `${d.docId}@${d.revision}`);
    expect(new Set(docKeys).size).toBe(docKeys.length);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(new Set(responses.map((r) => r.id)).size).toBe(responses.length);
    for (const c of cases) expect(c.id, 'case ids are kebab-case').toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('holds the refund policy in two conflicting revisions', () => {
    const revisions = documents.filter((d) => d.docId === 'refund-policy');
    const v1 = revisions.find((d) => d.revision === 'v1');
    const v2 = revisions.find((d) => d.revision === 'v2');
    expect(v1?.text).toContain('7 天');
    expect(v2?.text).toContain('年度会员购买后 30 天内可申请退款');
    expect(v1?.supersededBy).toBe('v2');
    expect(v2?.supersedes).toBe('v1');
    expect(v2?.effectiveFrom).toBe('2026-10-01');
  });

  it('has at least 40 cases in both Chinese and English', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const chinese = cases.filter((c) => CJK.test(c.query));
    const english = cases.filter((c) => !CJK.test(c.query));
    expect(chinese.length).toBeGreaterThan(english.length);
    expect(english.length).toBeGreaterThan(0);
  });

  it('includes the example case from SPEC', () => {
    const example = caseById.get('refund-annual-day20');
    expect(example).toBeDefined();
    expect(example?.answerability).toBe('answerable');
    expect(example?.split).toBe('holdout');
    expect(example?.group).toBe('refund-policy');
    expect(example?.claims.map((cl) => cl.evidence[0]?.quote)).toEqual([
      '年度会员购买后 30 天内可申请退款',
      '按剩余天数折算退款金额',
      '超过 30 天不予退款',
    ]);
  });

  it('every evidence quote is a substring of its document text (any revision)', () => {
    let quotes = 0;
    for (const c of cases) {
      for (const claim of c.claims) {
        for (const ev of claim.evidence) {
          const texts = textsByDocId.get(ev.docId);
          expect(texts, `${c.id}: unknown docId ${ev.docId}`).toBeDefined();
          const found = (texts ?? []).some((t) => t.includes(ev.quote));
          expect(found, `${c.id}: quote not in ${ev.docId}: ${ev.quote}`).toBe(true);
          quotes += 1;
        }
      }
    }
    expect(quotes).toBeGreaterThan(0);
  });

  it('answerable cases have a reference answer and 1–4 claims, each with evidence', () => {
    for (const c of cases) {
      expect(c.claims.length, `${c.id}: too many claims`).toBeLessThanOrEqual(4);
      for (const claim of c.claims) expect(claim.evidence.length, `${c.id}: claim without evidence`).toBeGreaterThan(0);
      if (c.answerability === 'answerable') {
        expect(c.referenceAnswer, `${c.id}: no reference answer`).toBeTruthy();
        expect(c.claims.length, `${c.id}: no claims`).toBeGreaterThanOrEqual(1);
      }
      if (c.answerability === 'unanswerable') {
        expect(c.referenceAnswer, `${c.id}: refusal must be explained`).toBeTruthy();
      }
    }
  });

  it('every referenced docId, caseId and responseId exists', () => {
    for (const c of cases) {
      for (const docId of c.relevantDocuments) expect(textsByDocId.has(docId), `${c.id}: ${docId}`).toBe(true);
    }
    for (const r of responses) {
      expect(caseById.has(r.caseId), `${r.id}: unknown case ${r.caseId}`).toBe(true);
      r.finalContext.forEach((chunk, i) => {
        expect(chunk.rank, `${r.id}: ranks start at 1 and are consecutive`).toBe(i + 1);
        const texts = chunk.docId ? textsByDocId.get(chunk.docId) : undefined;
        expect(texts, `${r.id}: unknown context docId ${chunk.docId}`).toBeDefined();
        expect((texts ?? []).some((t) => t.includes(chunk.text)), `${r.id}: chunk text not from ${chunk.docId}`).toBe(true);
      });
    }
    for (const v of verdicts) {
      expect(caseById.has(v.caseId), `verdict for unknown case ${v.caseId}`).toBe(true);
      expect(v.responseId, 'verdicts carry a responseId').toBeTruthy();
      const response = responseById.get(v.responseId ?? '');
      expect(response, `verdict for unknown response ${v.responseId}`).toBeDefined();
      expect(response?.caseId, `${v.responseId} belongs to another case`).toBe(v.caseId);
    }
  });

  it('has responses from two system versions answering mostly the same cases', () => {
    const bySystem = new Map<string, Set<string>>();
    for (const r of responses) {
      const set = bySystem.get(r.system) ?? new Set<string>();
      set.add(r.caseId);
      bySystem.set(r.system, set);
    }
    const a = bySystem.get('support-agent@3.1');
    const b = bySystem.get('support-agent@3.2');
    expect(bySystem.size).toBe(2);
    expect(a?.size ?? 0).toBeGreaterThanOrEqual(15);
    expect(b?.size ?? 0).toBeGreaterThanOrEqual(15);
    const shared = [...(a ?? [])].filter((id) => b?.has(id));
    expect(shared.length).toBeGreaterThanOrEqual(10);
  });

  it('judge.jsonl is a single judge configuration with valid values', () => {
    const configs = new Set(verdicts.map((v) => JSON.stringify(v.judge)));
    expect(configs.size).toBe(1);
    expect(verdicts[0]?.judge.promptHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    const behaviors = new Set(['answered', 'refused', 'corrected-premise', 'asked-clarification']);
    for (const v of verdicts) {
      if (v.dimension === 'correctness') expect([0, 1, 2]).toContain(v.value);
      else if (v.dimension === 'faithfulness') {
        expect(typeof v.value).toBe('number');
        expect(v.value as number).toBeGreaterThanOrEqual(0);
        expect(v.value as number).toBeLessThanOrEqual(1);
      } else if (v.dimension === 'responseBehavior') expect(behaviors.has(String(v.value))).toBe(true);
      else throw new Error(`unexpected dimension ${v.dimension}`);
      expect(v.rationale, `${v.responseId}/${v.dimension} has no rationale`).toBeTruthy();
    }
  });

  it('never puts one group on both sides of the dev/holdout split', () => {
    const splitOfGroup = new Map<string, string>();
    for (const c of cases) {
      expect(c.group, `${c.id}: no group`).toBeTruthy();
      expect(c.split, `${c.id}: no split`).toBeTruthy();
      const group = c.group ?? '';
      const seen = splitOfGroup.get(group);
      if (seen !== undefined) expect(c.split, `group ${group} straddles splits (${c.id})`).toBe(seen);
      else splitOfGroup.set(group, c.split ?? '');
    }
    expect(new Set(splitOfGroup.values())).toEqual(new Set(['dev', 'holdout']));
  });

  it('covers every answerability value, default question type and slice', () => {
    for (const value of ANSWERABILITY) {
      expect(cases.some((c) => c.answerability === value), `no ${value} case`).toBe(true);
    }
    for (const type of DEFAULT_QUESTION_TYPES) {
      expect(cases.some((c) => c.questionType === type), `no ${type} case`).toBe(true);
    }
    const known = new Set<string>(DEFAULT_SLICES);
    for (const c of cases) for (const s of c.slices) expect(known.has(s), `${c.id}: unknown slice ${s}`).toBe(true);
    for (const s of DEFAULT_SLICES) expect(cases.some((c) => c.slices.includes(s)), `no ${s} case`).toBe(true);
  });

  it('multi-hop cases cite at least two documents', () => {
    const multiHop = cases.filter((c) => c.questionType === 'multi-hop');
    expect(multiHop.length).toBeGreaterThan(0);
    for (const c of multiHop) {
      const cited = new Set(c.claims.flatMap((cl) => cl.evidence.map((ev) => ev.docId)));
      expect(cited.size, `${c.id} cites one document`).toBeGreaterThanOrEqual(2);
    }
  });
});
