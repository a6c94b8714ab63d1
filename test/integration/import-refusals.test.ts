import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableCounts } from '../../db/maintenance';
import { openTestSetFile, type Db } from '../../db/open';
import type { ImportKind } from '../../shared/domain/schemas';
import { importFailure, runImport } from '../../server/imports/import-pipeline';
import { SAMPLE_FILES } from '../../server/test-sets/demo';
import { FIELD_LIMITS } from '../../shared/security/field-limits';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const SAMPLE = fileURLToPath(new URL('../../shared/sample/', import.meta.url));
const jsonl = (...records: unknown[]) => Buffer.from(records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n'));
const good = { id: 'fresh-case', query: '新问题' };

/** Each class of bad input the foundation issue names, with where the message must point. */
const BAD_INPUTS: { name: string; kind: ImportKind; file: string; bytes: Buffer; line: number | null; field: string | null; says: RegExp }[] = [
  { name: 'invalid JSON', kind: 'cases', file: 'c.jsonl', bytes: jsonl(good, '{"id": "x", "query": "unterminated'), line: 2, field: null, says: /JSON/i },
  { name: 'missing field', kind: 'cases', file: 'c.jsonl', bytes: jsonl(good, { id: 'no-query' }), line: 2, field: 'query', says: /missing|required/i },
  { name: 'mistyped field', kind: 'cases', file: 'c.jsonl', bytes: jsonl(good, { id: 'x', query: 'q', slices: 'time-sensitive' }), line: 2, field: 'slices', says: /list|array/i },
  { name: 'unknown enum value', kind: 'cases', file: 'c.jsonl', bytes: jsonl(good, { id: 'x', query: 'q', split: 'test' }), line: 2, field: 'split', says: /dev|holdout/ },
  { name: 'unknown docId', kind: 'cases', file: 'c.jsonl', bytes: jsonl(good, { id: 'x', query: 'q', relevantDocuments: ['ghost-doc'] }), line: 2, field: 'relevantDocuments.0', says: /unknown docId "ghost-doc"/ },
  { name: 'duplicate case id in the file', kind: 'cases', file: 'c.jsonl', bytes: jsonl(good, good), line: 2, field: 'id', says: /duplicate|already|twice/i },
  { name: 'duplicate case id in the test set', kind: 'cases', file: 'c.jsonl', bytes: jsonl(good, { id: 'refund-annual-day20', query: 'q' }), line: 2, field: 'id', says: /already in this test set/ },
  { name: 'wrong encoding (GBK)', kind: 'cases', file: 'c.jsonl', bytes: Buffer.concat([jsonl(good), Buffer.from('\n{"id":"gbk","query":"'), Buffer.from([0xcd, 0xcb, 0xbf, 0xee]), Buffer.from('"}')]), line: 2, field: null, says: /UTF-8/ },
  { name: 'response for an unknown case', kind: 'responses', file: 'r.jsonl', bytes: jsonl({ id: 'r1', caseId: 'ghost', system: 's', answer: 'a' }), line: 1, field: 'caseId', says: /unknown case id "ghost"/ },
  { name: 'verdict for an unknown case', kind: 'judge', file: 'j.jsonl', bytes: jsonl({ caseId: 'ghost', judge: { model: 'm', version: '1', promptVersion: 'p' }, dimension: 'correctness', value: 1 }), line: 1, field: 'caseId', says: /unknown case id "ghost"/ },
  { name: 'two judge configurations in one file', kind: 'judge', file: 'j.jsonl', bytes: jsonl(
    { caseId: 'refund-annual-day20', judge: { model: 'm', version: '1', promptVersion: 'p' }, dimension: 'correctness', value: 1 },
    { caseId: 'refund-annual-day20', judge: { model: 'm', version: '2', promptVersion: 'p' }, dimension: 'faithfulness', value: 1 },
  ), line: 2, field: 'judge.version', says: /judge/i },
  { name: 'CSV with an unterminated quote', kind: 'cases', file: 'c.csv', bytes: Buffer.from('id,query\nok,"fine"\nbad,"never closed\n'), line: 3, field: null, says: /quote/i },
  { name: 'a known document revision with changed fields', kind: 'documents', file: 'd.jsonl', bytes: jsonl({ docId: 'refund-policy', title: '会员退款政策', revision: 'v2', effectiveFrom: '2030-01-01' }), line: 1, field: null, says: /already in this test set with a different/ },
  { name: 'empty file', kind: 'cases', file: 'c.jsonl', bytes: Buffer.from(''), line: null, field: null, says: /empty/i },
  { name: 'a lone surrogate escape in a JSON string', kind: 'cases', file: 'c.jsonl', bytes: jsonl(good, '{"id": "x", "query": "bad \\ud800 text"}'), line: 2, field: 'query', says: /lone UTF-16 surrogate/ },
  { name: 'a lone surrogate in a foreign file', kind: 'cases', file: 'ragas.jsonl', bytes: jsonl('{"user_input": "q", "response": "a\\udc00", "retrieved_contexts": ["c"]}'), line: 1, field: 'answer', says: /lone UTF-16 surrogate/ },
  // field sizes (shared/security/field-limits.ts): a single huge field would be carried into every case list
  { name: 'a question over its limit', kind: 'cases', file: 'c.jsonl', bytes: jsonl(good, { id: 'huge', query: '问'.repeat(FIELD_LIMITS.query + 1) }), line: 2, field: 'query', says: /limit of 20,000/ },
  { name: 'an evidence quote over its limit', kind: 'cases', file: 'c.jsonl', bytes: jsonl({ id: 'q', query: 'q', claims: [{ text: 'c', evidence: [{ docId: 'refund-policy', quote: 'x'.repeat(FIELD_LIMITS.claim + 1) }] }] }), line: 1, field: 'claims.0.evidence.0.quote', says: /limit of 20,000/ },
  { name: 'an answer over its limit', kind: 'responses', file: 'r.jsonl', bytes: jsonl({ id: 'r1', caseId: 'refund-annual-day20', system: 's', answer: 'a'.repeat(FIELD_LIMITS.answer + 1) }), line: 1, field: 'answer', says: /limit of 200,000/ },
  { name: 'a context chunk over its limit', kind: 'responses', file: 'r.jsonl', bytes: jsonl({ id: 'r1', caseId: 'refund-annual-day20', system: 's', answer: 'a', finalContext: [{ text: 'ok', rank: 1 }, { text: 'c'.repeat(FIELD_LIMITS.chunkText + 1), rank: 2 }] }), line: 1, field: 'finalContext.1.text', says: /limit of 200,000/ },
  { name: 'a document text over its limit', kind: 'documents', file: 'd.jsonl', bytes: jsonl({ docId: 'big', title: 't', revision: 'v1', text: 'd'.repeat(FIELD_LIMITS.documentText + 1) }), line: 1, field: 'text', says: /limit of 5,000,000/ },
  { name: 'a judge rationale over its limit', kind: 'judge', file: 'j.jsonl', bytes: jsonl({ caseId: 'refund-annual-day20', judge: { model: 'm', version: '1', promptVersion: 'p' }, dimension: 'correctness', value: 1, rationale: 'r'.repeat(FIELD_LIMITS.reason + 1) }), line: 1, field: 'rationale', says: /limit of 20,000/ },
  // code points: "a😀bc" is 4 long, so a citation ending at 5 runs past it
  { name: 'a citation ending before its start', kind: 'responses', file: 'r.jsonl', bytes: jsonl({ id: 'r1', caseId: 'refund-annual-day20', system: 's', answer: 'abcd', citations: [{ start: 3, end: 1 }] }), line: 1, field: 'citations.0.end', says: /must end after the citation's start \(3\): a citation names a span of the answer, got 1/ },
  { name: 'an empty citation span', kind: 'responses', file: 'r.jsonl', bytes: jsonl({ id: 'r1', caseId: 'refund-annual-day20', system: 's', answer: 'abcd', citations: [{ start: 0, end: 1 }, { start: 2, end: 2 }] }), line: 1, field: 'citations.1.end', says: /must end after the citation's start \(2\)/ },
  // numbers past what the file's reader can hold are said as such, not as a count of items
  { name: 'a citation end past the safe integers', kind: 'responses', file: 'r.jsonl', bytes: jsonl('{"id": "r1", "caseId": "refund-annual-day20", "system": "s", "answer": "abcd", "citations": [{"start": 0, "end": 1e20}]}'), line: 1, field: 'citations.0.end', says: /must be at most 9007199254740991, got 100000000000000000000/ },
  { name: 'a citation end too large to hold', kind: 'responses', file: 'r.jsonl', bytes: jsonl('{"id": "r1", "caseId": "refund-annual-day20", "system": "s", "answer": "abcd", "citations": [{"start": 0, "end": 1e400}]}'), line: 1, field: 'citations.0.end', says: /expected a number, got a number too large to hold/ },
  { name: 'a citation running past the answer', kind: 'responses', file: 'r.jsonl', bytes: jsonl({ id: 'r1', caseId: 'refund-annual-day20', system: 's', answer: 'a😀bc', citations: [{ start: 2, end: 5 }] }), line: 1, field: 'citations.0.end', says: /must end within the answer \(4 characters, counted in code points\), got 5/ },
  { name: 'a Ragas answer over its limit', kind: 'cases', file: 'ragas.jsonl', bytes: jsonl({ user_input: 'q', response: 'a'.repeat(FIELD_LIMITS.answer + 1), retrieved_contexts: ['c'] }), line: 1, field: 'answer', says: /limit of 200,000/ },
];

describe('every bad import is refused with file, line and field, and changes nothing', () => {
  let db: Db;
  let before: Record<string, number>;

  beforeAll(async () => {
    const opened = await openTestSetFile(join(mkdtempSync(join(tmpdir(), 'touchstone-refusals-')), 'set.sqlite'), { create: true });
    db = opened.db;
    for (const [kind, file] of SAMPLE_FILES) runImport(db, { kind, format: 'jsonl', fileName: file, bytes: readFileSync(join(SAMPLE, file)) });
    before = tableCounts(db);
  });

  for (const bad of BAD_INPUTS) {
    it(bad.name, () => {
      let failure: ReturnType<typeof importFailure> | null = null;
      try {
        runImport(db, { kind: bad.kind, format: 'auto', fileName: bad.file, bytes: bad.bytes });
      } catch (error) {
        failure = importFailure(error, bad.file);
      }
      expect(failure, 'the import must be refused').not.toBeNull();
      expect(failure!.code).toBe('invalid-data');
      expect(failure!.location).toMatchObject({ file: bad.file, line: bad.line });
      if (bad.field !== null) expect(failure!.location?.field).toBe(bad.field);
      expect(failure!.message).toMatch(bad.says);
      expect(failure!.message.startsWith(bad.file)).toBe(true);
      expect(tableCounts(db)).toEqual(before);
    });
  }
});
