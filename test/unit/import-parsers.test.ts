import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CaseSchema, type CaseRecord, type ImportFormat, type ImportKind } from '../../shared/domain/schemas';
import {
  ImportDataError, parseCsv, parseImportFile, parseStringList, sha256Hex, type ParsedImport,
} from '../../shared/import';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/external/${name}`, import.meta.url)));
const utf8 = (s: string) => new TextEncoder().encode(s);

function parse(fileName: string, content: string | Uint8Array, kind: ImportKind = 'cases', format: ImportFormat = 'auto'): ParsedImport {
  return parseImportFile({ kind, format, fileName, bytes: typeof content === 'string' ? utf8(content) : content });
}

/** Run `fn`, expect an ImportDataError, return it. */
function failure(fn: () => unknown): ImportDataError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportDataError);
    return e as ImportDataError;
  }
  throw new Error('expected an ImportDataError, but parsing succeeded');
}

const jsonl = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
const SPEC_CASE = {
  id: 'refund-annual-day20', query: '年度会员买了第 20 天，还能退款吗？', corpusRevision: 'kb-2026-11-01', accessScope: ['public'],
  referenceAnswer: '可以。年度会员购买后 30 天内可退款，按剩余天数折算；超过 30 天不退。',
  claims: [
    { text: '购买后 30 天内可以退款', evidence: [{ docId: 'refund-policy', quote: '年度会员购买后 30 天内可申请退款' }] },
    { text: '退款金额按剩余天数折算', evidence: [{ docId: 'refund-policy', quote: '按剩余天数折算退款金额' }] },
  ],
  forbiddenClaims: ['7 天内全额退款'], relevantDocuments: ['refund-policy'], slices: ['time-sensitive', 'conflict'],
  questionType: 'policy-and-amounts', answerability: 'answerable', origin: 'production-failure', split: 'holdout', group: 'refund-policy',
};
const SPEC_DOC = {
  docId: 'refund-policy', title: '会员退款政策', revision: 'v2', effectiveFrom: '2026-10-01', expiresAt: null, supersedes: 'v1',
  accessScope: ['public'], text: '第 1 条 适用范围……\n第 2 条 年度会员购买后 30 天内可申请退款。',
};
const SPEC_RESPONSE = {
  id: 'r-agent-v3-refund-day20', caseId: 'refund-annual-day20', system: 'support-agent@3.2', answer: '7 天内可以全额退款。',
  retrievalCalled: false, finalContext: [], cost: { inputTokens: 812, outputTokens: 41, latencyMs: 930, toolCalls: 0 },
};
const JUDGE = { model: 'judge-model-x', version: '2026-10-15', promptVersion: 'correctness-v4', promptHash: 'sha256:9f2c' };
const verdict = (caseId: string, over: Record<string, unknown> = {}) => ({
  caseId, responseId: `r-${caseId}`, judge: JUDGE, dimension: 'correctness', value: 0, rationale: 'Contradicts the reference.', ...over,
});

// ------------------------------------------------------------------ fixtures

describe('third-party case sources (format auto)', () => {
  it('reads the Ragas test set CSV (Python-repr context lists)', () => {
    const r = parse('ragas_testset_letstalk.csv', fixture('ragas_testset_letstalk.csv'));
    expect(r.format).toBe('ragas');
    expect(r.cases).toHaveLength(10);
    expect(r.lines).toBe(11);
    expect(r.cases.map((c) => c.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(r.responses).toHaveLength(0);
    const first = r.cases[0].record;
    expect(first.id).toMatch(/^ragas-[0-9a-f]{12}$/);
    expect(first.query).toMatch(/^How are Large Language Models integrated/);
    expect(first.referenceAnswer).toMatch(/^Large Language Models \(LLMs\) are becoming/);
    expect(first.origin).toBe('synthetic');
    expect(r.cases.map((c) => c.record.relevantDocuments.length)).toEqual([1, 1, 1, 1, 1, 2, 3, 2, 2, 2]);
    // rows 6-10 come from the multi-hop synthesizer
    expect(r.cases.filter((c) => c.record.slices.includes('multi-hop'))).toHaveLength(5);
    expect(r.documents).toHaveLength(16);
    for (const { record: d } of r.documents) {
      expect(d.docId).toMatch(/^ctx-[0-9a-f]{12}$/);
      expect(d.docId).toBe(`ctx-${sha256Hex(d.text!).slice(0, 12)}`);
      expect(d.revision).toBe('1');
      expect(d.title.length).toBeLessThanOrEqual(61);
      expect(d.title).not.toMatch(/\n/);
    }
    const firstDoc = r.documents.find((d) => d.record.docId === first.relevantDocuments[0])!.record;
    // \n escapes became line breaks, \' became ', CSV "" became "
    expect(firstDoc.text).toMatch(/^---\ntitle: "Part 1: Introduction to Ragas/);
    expect(firstDoc.text).toContain("Whether you're building");
    expect(firstDoc.text).not.toContain('\\n');
  });

  it('reads the Ragas evaluation result CSV with responses and retrieved contexts', () => {
    const r = parse('ragas_eval_result_letstalk.csv', fixture('ragas_eval_result_letstalk.csv'));
    expect(r.format).toBe('ragas');
    expect(r.cases).toHaveLength(10);
    expect(r.lines).toBe(64);
    // multi-line quoted cells: each record reports the line it starts on
    expect(r.cases.map((c) => c.line)).toEqual([2, 3, 4, 5, 6, 21, 22, 33, 48, 64]);
    expect(r.responses).toHaveLength(10);
    expect(r.responses.filter((x) => x.record.answer === "I don't know.")).toHaveLength(6);
    for (const { record: resp, line } of r.responses) {
      expect(resp.system).toBe('imported');
      expect(resp.id).toBe(`${resp.caseId}@imported`);
      expect(resp.retrievalCalled).toBe(true);
      expect(resp.finalContext.map((c) => c.rank)).toEqual([1, 2, 3, 4]);
      expect(r.cases.find((c) => c.record.id === resp.caseId)!.line).toBe(line);
    }
    // the same questions give the same case ids as in the test set file (stable ids)
    const testset = parse('ragas_testset_letstalk.csv', fixture('ragas_testset_letstalk.csv'));
    expect(r.cases.map((c) => c.record.id)).toEqual(testset.cases.map((c) => c.record.id));
  });

  it('uses the given system name for Ragas responses', () => {
    const r = parseImportFile({ kind: 'cases', format: 'ragas', fileName: 'x.csv', bytes: fixture('ragas_eval_result_letstalk.csv'), system: 'rag-bot@2' });
    expect(r.responses[0].record.system).toBe('rag-bot@2');
    expect(r.responses[0].record.id).toBe(`${r.cases[0].record.id}@rag-bot@2`);
  });

  it('reads DeepEval goldens JSON, with the line of each golden', () => {
    const bytes = fixture('deepeval_goldens.json');
    const r = parse('deepeval_goldens.json', bytes);
    expect(r.format).toBe('deepeval');
    expect(r.cases).toHaveLength(4);
    const lines = new TextDecoder().decode(bytes).split('\n');
    for (const c of r.cases) expect(lines[c.line - 1].trim()).toBe('{');
    const [paris, , , last] = r.cases.map((c) => c.record);
    expect(paris.query).toBe('What is the capital of France and what is its population?');
    expect(paris.referenceAnswer).toMatch(/^The capital of France is Paris, which has/);
    expect(paris.relevantDocuments).toHaveLength(3);
    // the 4th golden has neither expected_output nor context
    expect(last.referenceAnswer ?? null).toBeNull();
    expect(last.relevantDocuments).toEqual([]);
    expect(r.responses).toHaveLength(4);
    expect(r.responses[0].record.answer).toMatch(/^The capital of France is Paris\. Paris has/);
    expect(r.responses[0].record.finalContext.map((c) => c.text)).toEqual([
      'Paris population statistics from INSEE (French National Institute of Statistics)',
      'Geographic information about Paris location and administrative boundaries',
    ]);
    expect(r.responses[3].record.finalContext).toEqual([]);
    expect(r.responses[3].record.retrievalCalled ?? null).toBeNull();
  });

  it('reads DeepEval goldens CSV (CRLF, |-separated lists, a repeated question)', () => {
    const r = parse('deepeval_goldens.csv', fixture('deepeval_goldens.csv'));
    expect(r.format).toBe('deepeval');
    expect(r.cases).toHaveLength(15);
    expect(r.cases.map((c) => c.line)).toEqual(Array.from({ length: 15 }, (_, k) => k + 2));
    const first = r.cases[0].record;
    expect(first.query).toBe('What is the tallest mountain in the world?');
    expect(first.referenceAnswer).toBe('Mount Everest');
    const docText = (id: string) => r.documents.find((d) => d.record.docId === id)!.record.text;
    expect(first.relevantDocuments.map(docText)).toEqual(['Geography', 'Mountains']);
    expect(r.responses[0].record.finalContext.map((c) => c.text)).toEqual(['Mountain heights list', 'Moutain list']);
    // rows 10 and 15 ask the same question: distinct, stable ids
    const romeo = r.cases.filter((c) => c.record.query === "Who wrote 'Romeo and Juliet'?");
    expect(romeo.map((c) => c.line)).toEqual([11, 16]);
    expect(romeo[1].record.id).toBe(`${romeo[0].record.id}-2`);
    // no CR leaks from CRLF line ends; "Geography" is one document shared by several cases
    for (const { record } of r.documents) expect(record.text).not.toMatch(/\r/);
    expect(r.documents.filter((d) => d.record.text === 'Geography')).toHaveLength(1);
  });

  it('reads a DeepEval test run (camelCase keys)', () => {
    const r = parse('deepeval_latest_test_run.json', fixture('deepeval_latest_test_run.json'));
    expect(r.format).toBe('deepeval');
    expect(r.cases).toHaveLength(3);
    expect(r.cases[0].record.query).toBe('What are the benefits of using RAG systems?');
    expect(r.cases[0].record.referenceAnswer).toMatch(/^RAG systems provide several benefits/);
    expect(r.responses).toHaveLength(3);
    expect(r.responses[0].record.answer).toMatch(/^RAG systems offer improved accuracy/);
    expect(r.responses[0].record.finalContext).toHaveLength(3);
    expect(r.responses[1].record.finalContext).toHaveLength(4);
    expect(r.documents).toHaveLength(0);
  });
});

describe('files that are not case sources', () => {
  it('RGB JSONL: line 1 and the field that does not fit, naming the foreign fields', () => {
    for (const f of ['rgb_zh_refine_first20.jsonl', 'rgb_zh_fact_first10.jsonl']) {
      const e = failure(() => parse(f, fixture(f)));
      expect(e.file).toBe(f);
      expect(e.line).toBe(1);
      expect(e.field).toBe('id');
      expect(e.message).toContain(`${f}, line 1, field "id": expected a string, got a number`);
      expect(e.message).toContain('unknown fields');
      expect(e.message).toContain('"positive"');
    }
  });

  it.each([
    ['labelstudio_export_qa.json', '"annotations"'],
    ['llmbar_natural_chatgpt_vanilla_result.json', '"output_1"'],
    ['ares_nq_judge_fewshot.tsv', '"Context_Relevance_Label"'],
    ['ragas_annotated_helpfulness.json', '"helpfulness"'],
  ])('%s: says which formats were tried and what was seen', (f, seen) => {
    const e = failure(() => parse(f, fixture(f)));
    expect(e.file).toBe(f);
    expect(e.line).toBeNull();
    expect(e.field).toBeNull();
    expect(e.message).toMatch(/could not recognise the format/);
    expect(e.message).toMatch(/Ragas/);
    expect(e.message).toMatch(/DeepEval/);
    expect(e.message).toContain(seen);
  });

  it('Ragas and DeepEval files are refused as documents or responses, with the reason', () => {
    for (const kind of ['documents', 'responses'] as const) {
      const e = failure(() => parse('ragas_eval_result_letstalk.csv', fixture('ragas_eval_result_letstalk.csv'), kind));
      expect(e.message).toMatch(/Ragas files hold test cases/);
      expect(e.message).toContain('import it as cases');
      expect(e.message).toContain(`not as ${kind}.`);
    }
    const e = failure(() => parse('g.json', fixture('deepeval_goldens.json'), 'responses', 'deepeval'));
    expect(e.message).toMatch(/DeepEval files hold test cases/);
  });
});

// ------------------------------------------------------------------ native

describe('native JSONL', () => {
  it('round-trips CaseSchema records', () => {
    const cases: CaseRecord[] = [
      CaseSchema.parse(SPEC_CASE),
      CaseSchema.parse({ id: 'minimal', query: 'q?' }),
      CaseSchema.parse({ id: 'x-2', query: 'with nulls', referenceAnswer: null, split: 'dev', claims: [{ text: 'c', evidence: [{ docId: 'd', quote: 'q', start: 0, end: 1 }] }] }),
    ];
    const r = parse('cases.jsonl', jsonl(...cases));
    expect(r.format).toBe('jsonl');
    expect(r.cases.map((c) => c.record)).toEqual(cases);
    expect(r.cases.map((c) => c.line)).toEqual([1, 2, 3]);
    expect(r.lines).toBe(3);
  });

  it('reads the SPEC example of every kind', () => {
    const docs = parse('docs.jsonl', jsonl(SPEC_DOC), 'documents');
    expect(docs.documents[0]).toEqual({ record: SPEC_DOC, line: 1 });
    const resp = parse('responses.jsonl', jsonl(SPEC_RESPONSE), 'responses');
    expect(resp.responses[0].record).toEqual({ ...SPEC_RESPONSE, trajectory: [] });
    const judge = parse('judge.jsonl', jsonl(verdict('a'), verdict('b', { value: 'right', rationale: undefined })), 'judge');
    expect(judge.format).toBe('jsonl');
    expect(judge.verdicts.map((v) => [v.record.caseId, v.record.value, v.line])).toEqual([['a', 0, 1], ['b', 'right', 2]]);
    expect(judge.judge).toEqual(JUDGE);
  });

  it('gives a response without an id the id <caseId>@<system>', () => {
    const { id: _omit, ...noId } = SPEC_RESPONSE;
    const r = parse('responses.jsonl', jsonl(noId), 'responses');
    expect(r.responses[0].record.id).toBe('refund-annual-day20@support-agent@3.2');
  });

  it('strips a BOM, accepts CRLF and skips blank lines while counting them', () => {
    const text = '\uFEFF' + JSON.stringify({ id: 'a', query: 'q1' }) + '\r\n\r\n   \r\n' + JSON.stringify({ id: 'b', query: 'q2' }) + '\r\n';
    const r = parse('cases.jsonl', text);
    expect(r.cases.map((c) => [c.record.id, c.line])).toEqual([['a', 1], ['b', 4]]);
    expect(r.lines).toBe(4);
    const e = failure(() => parse('cases.jsonl', '\uFEFF\r\n\r\n{"id": "a", "query": 5}\r\n'));
    expect(e.line).toBe(3);
  });

  it('reports progress about every 1000 records', () => {
    const lines = Array.from({ length: 2500 }, (_, k) => ({ id: `c${k}`, query: `q${k}` }));
    const calls: [number, number][] = [];
    parseImportFile({ kind: 'cases', format: 'jsonl', fileName: 'big.jsonl', bytes: utf8(jsonl(...lines)), onProgress: (d, t) => calls.push([d, t]) });
    expect(calls).toEqual([[1000, 2500], [2000, 2500], [2500, 2500]]);
  });

  it('detects Ragas and DeepEval records in JSONL and JSON arrays', () => {
    const sample = { user_input: 'What is X?', reference: 'X is Y.', reference_contexts: ['X is Y, says the doc.'], retrieved_contexts: ['X is Y, says the doc.', 'other'], response: 'Y.' };
    const a = parse('ragas.jsonl', jsonl(sample, { ...sample, user_input: 'What is Z?' }));
    expect(a.format).toBe('ragas');
    expect(a.cases.map((c) => c.line)).toEqual([1, 2]);
    // a retrieved chunk that is also a reference context points at its document
    expect(a.responses[0].record.finalContext[0].docId).toBe(a.cases[0].record.relevantDocuments[0]);
    expect(a.responses[0].record.finalContext[1].docId ?? null).toBeNull();
    const b = parse('ragas.json', JSON.stringify([sample], null, 2));
    expect(b.format).toBe('ragas');
    expect(b.cases[0].record).toEqual(a.cases[0].record);
    expect(b.cases[0].line).toBe(2);
    const c = parse('goldens.jsonl', jsonl({ input: 'Q?', expected_output: 'A.' }));
    expect(c.format).toBe('deepeval');
    expect(c.cases[0].record.referenceAnswer).toBe('A.');
    expect(c.responses).toHaveLength(0);
  });
});

describe('native CSV', () => {
  it('reads cases with ;-separated and JSON lists and a JSON claims column', () => {
    const csv = [
      'id,query,slices,accessScope,claims,relevantDocuments,split,origin',
      'c1,"Refund, day 20?",time-sensitive; conflict,"[""public""]","[{""text"":""30 days"",""evidence"":[{""docId"":""refund-policy"",""quote"":""30 天内""}]}]",refund-policy,holdout,hand-written',
      'c2,"multi',
      'line ""question""",,,,,,',
    ].join('\r\n');
    const r = parse('cases.csv', csv);
    expect(r.format).toBe('csv');
    expect(r.cases.map((c) => c.line)).toEqual([2, 3]);
    expect(r.cases[0].record).toEqual(CaseSchema.parse({
      id: 'c1', query: 'Refund, day 20?', slices: ['time-sensitive', 'conflict'], accessScope: ['public'],
      claims: [{ text: '30 days', evidence: [{ docId: 'refund-policy', quote: '30 天内' }] }],
      relevantDocuments: ['refund-policy'], split: 'holdout', origin: 'hand-written',
    }));
    expect(r.cases[1].record.query).toBe('multi\r\nline "question"');
    expect(r.cases[1].record.split ?? null).toBeNull();
  });

  it('reads documents and responses', () => {
    const docs = parse('docs.csv', 'docId,title,revision,effectiveFrom,accessScope,text\nrefund-policy,Refunds,v2,2026-10-01,public;staff,"line 1\nline 2"\n', 'documents');
    expect(docs.documents[0].record).toEqual({ docId: 'refund-policy', title: 'Refunds', revision: 'v2', effectiveFrom: '2026-10-01', accessScope: ['public', 'staff'], text: 'line 1\nline 2' });
    const resp = parse('responses.csv', 'id,caseId,system,answer,retrievalCalled,finalContext,cost\nr1,c1,bot@1,Yes.,true,"[{""docId"":""d"",""text"":""t"",""rank"":1}]","{""inputTokens"":10}"\n', 'responses');
    expect(resp.responses[0].record).toEqual({ id: 'r1', caseId: 'c1', system: 'bot@1', answer: 'Yes.', retrievalCalled: true, finalContext: [{ docId: 'd', text: 't', rank: 1 }], cost: { inputTokens: 10 }, trajectory: [] });
  });

  it('names unknown and missing columns on the header line', () => {
    const e = failure(() => parse('cases.csv', 'id,query,Split\na,b,dev\n'));
    expect([e.line, e.field]).toEqual([1, 'Split']);
    expect(e.message).toMatch(/unknown column "Split"/);
    const m = failure(() => parse('cases.csv', 'id,slices\na,x\n', 'cases', 'csv'));
    expect([e.file, m.line, m.field]).toEqual(['cases.csv', 1, 'query']);
    expect(m.message).toMatch(/required column "query" is missing/);
  });
});

// ------------------------------------------------------------------ bad input, one test per class

describe('bad input gives file, line, field and a clear message', () => {
  it('not UTF-8 (GBK): the first line with invalid bytes', () => {
    const gbk = new Uint8Array([0xb2, 0xe2, 0xca, 0xd4]); // "测试" in GBK
    const bytes = new Uint8Array([...utf8('{"id": "a", "query": "ok"}\n{"id": "b", "query": "中文"}\n{"id": "c", "query": "'), ...gbk, ...utf8('"}\n')]);
    const e = failure(() => parse('cases.jsonl', bytes));
    expect([e.file, e.line, e.field]).toEqual(['cases.jsonl', 3, null]);
    expect(e.message).toMatch(/^cases\.jsonl, line 3: the file is not valid UTF-8/);
    expect(e.message).toMatch(/must be saved as UTF-8/);
    expect(e.message).toMatch(/GBK/);
  });

  it('invalid JSON on a line', () => {
    const e = failure(() => parse('cases.jsonl', '{"id": "a", "query": "q"}\n{"id": "b", "query": "q",}\n'));
    expect([e.file, e.line, e.field]).toEqual(['cases.jsonl', 2, null]);
    expect(e.message).toMatch(/^cases\.jsonl, line 2: not valid JSON: .+ \(at column \d+\)/);
  });

  it('a pretty-printed JSON file where JSON Lines is needed', () => {
    const e = failure(() => parse('cases.jsonl', JSON.stringify({ id: 'a', query: 'q' }, null, 2)));
    expect(e.line).toBe(1);
    expect(e.message).toMatch(/one complete record per line/);
  });

  it('missing required field', () => {
    const e = failure(() => parse('cases.jsonl', jsonl({ id: 'a', query: 'q' }, { id: 'b' })));
    expect([e.file, e.line, e.field]).toEqual(['cases.jsonl', 2, 'query']);
    expect(e.message).toBe('cases.jsonl, line 2, field "query": required field is missing.');
  });

  it('mistyped field, also nested', () => {
    const e = failure(() => parse('cases.jsonl', jsonl({ id: 'a', query: 'q' }, { id: 'b', query: 'q' }, { id: 'c', query: 'q' }, { id: 'd', query: 'q' }, { id: 'e', query: 'q' }, { id: 'f', query: 'q' }, { id: 'g', query: 7 })));
    expect([e.line, e.field]).toEqual([7, 'query']);
    expect(e.message).toBe('cases.jsonl, line 7, field "query": expected a string, got a number (7).');
    const claims = [{ text: 'c', evidence: [{ docId: 'd', quote: 'ok' }, { docId: 'd', quote: '' }] }];
    const n = failure(() => parse('cases.jsonl', jsonl({ id: 'a', query: 'q', claims })));
    expect([n.line, n.field]).toEqual([1, 'claims.0.evidence.1.quote']);
    expect(n.message).toMatch(/must be a non-empty quote/);
    const en = failure(() => parse('cases.jsonl', jsonl({ id: 'a', query: 'q', split: 'test' })));
    expect(en.field).toBe('split');
    expect(en.message).toMatch(/expected one of "dev", "holdout", got "test"/);
    const v = failure(() => parse('judge.jsonl', jsonl(verdict('a', { value: true })), 'judge'));
    expect(v.field).toBe('value');
    // a verdict is a string or a number, or per-claim marks for "claims this answer states"
    expect(v.message).toMatch(/expected a string or a number or a record, got a boolean/);
    const d = failure(() => parse('docs.jsonl', jsonl({ ...SPEC_DOC, effectiveFrom: '01/10/2026' }), 'documents'));
    expect(d.field).toBe('effectiveFrom');
    expect(d.message).toMatch(/must be a date like 2026-10-01, got "01\/10\/2026"/);
  });

  it('unknown field (strict records), also nested', () => {
    const e = failure(() => parse('cases.jsonl', jsonl({ id: 'a', query: 'q', question: 'q?' })));
    expect([e.line, e.field]).toEqual([1, 'question']);
    expect(e.message).toMatch(/unknown field "question" \(allowed here: id, query,/);
    const n = failure(() => parse('cases.jsonl', jsonl({ id: 'a', query: 'q', claims: [{ text: 't', evidence: [{ docId: 'd', quote: 'x', page: 3 }] }] })));
    expect(n.field).toBe('claims.0.evidence.0.page');
    expect(n.message).toMatch(/unknown field "page" \(allowed here: docId, quote, start, end, grade\)/);
  });

  it('duplicate ids within the file', () => {
    const c = failure(() => parse('cases.jsonl', jsonl({ id: 'a', query: 'q' }, { id: 'b', query: 'q' }, { id: 'a', query: 'r' })));
    expect([c.line, c.field]).toEqual([3, 'id']);
    expect(c.message).toMatch(/duplicate case id "a": line 1 already has/);
    const r = failure(() => parse('responses.jsonl', jsonl(SPEC_RESPONSE, SPEC_RESPONSE), 'responses'));
    expect([r.line, r.field]).toEqual([2, 'id']);
    expect(r.message).toMatch(/duplicate response id/);
    const ok = parse('docs.jsonl', jsonl(SPEC_DOC, { ...SPEC_DOC, revision: 'v3' }), 'documents');
    expect(ok.documents).toHaveLength(2);
    const d = failure(() => parse('docs.jsonl', jsonl(SPEC_DOC, { ...SPEC_DOC, title: 'again' }), 'documents'));
    expect([d.line, d.field]).toEqual([2, 'docId']);
    expect(d.message).toMatch(/duplicate document "refund-policy" revision "v2": line 1/);
    const csv = failure(() => parse('cases.csv', 'id,query\na,q\na,q2\n'));
    expect([csv.line, csv.field]).toEqual([3, 'id']);
  });

  it('empty file', () => {
    for (const content of ['', '\uFEFF', '\n\n  \r\n']) {
      const e = failure(() => parse('cases.jsonl', content));
      expect([e.file, e.line, e.field]).toEqual(['cases.jsonl', null, null]);
      expect(e.message).toBe('cases.jsonl: the file is empty.');
    }
    const h = failure(() => parse('cases.csv', 'id,query\n'));
    expect(h.line).toBeNull();
    expect(h.message).toMatch(/header row but no data rows/);
  });

  it('CSV unterminated quote: the line where the quoted field started', () => {
    const e = failure(() => parse('cases.csv', 'id,query\na,ok\nb,"never closed\nmore text\nand more\n'));
    expect([e.file, e.line, e.field]).toEqual(['cases.csv', 3, null]);
    expect(e.message).toMatch(/unterminated quote/);
    const g = failure(() => parse('cases.csv', 'id,query\na,"quoted"tail\n'));
    expect(g.line).toBe(2);
    expect(g.message).toMatch(/after the closing quote/);
  });

  it('CSV row with the wrong number of columns', () => {
    const e = failure(() => parse('cases.csv', 'id,query,split\na,"multi\nline",dev\nb,q, with comma,dev\n'));
    expect([e.file, e.line, e.field]).toEqual(['cases.csv', 4, null]);
    expect(e.message).toMatch(/this row has 4 columns but the header \(line 1\) has 3/);
  });

  it('unknown format: which formats were tried and what was seen', () => {
    const e = failure(() => parse('data.csv', 'prompt,completion\nq,a\n'));
    expect([e.line, e.field]).toEqual([null, null]);
    expect(e.message).toMatch(/could not recognise the format.*Tried: native JSONL\/CSV cases.*Ragas.*DeepEval.*LangSmith.*TruLens.*Saw a CSV header with the columns "prompt", "completion"/);
    const j = failure(() => parse('data.jsonl', jsonl({ prompt: 'q', completion: 'a' })));
    expect(j.message).toMatch(/Saw JSON Lines whose first record \(line 1\) has the keys "prompt", "completion"/);
    const arr = failure(() => parse('cases.json', JSON.stringify([{ id: 'a', query: 'q' }])));
    expect(arr.message).toMatch(/native cases are read from JSON Lines/);
  });

  it('a judge file mixing two judge configurations: the first line that differs', () => {
    const e = failure(() => parse('judge.jsonl', jsonl(verdict('a'), verdict('b'), verdict('c', { judge: { ...JUDGE, promptVersion: 'correctness-v5' } })), 'judge'));
    expect([e.file, e.line, e.field]).toEqual(['judge.jsonl', 3, 'judge.promptVersion']);
    expect(e.message).toMatch(/"correctness-v5" but line 1 has "correctness-v4"/);
    expect(e.message).toMatch(/one judge configuration/);
    const h = failure(() => parse('judge.jsonl', jsonl(verdict('a'), verdict('b', { judge: { ...JUDGE, promptHash: undefined } })), 'judge'));
    expect([h.line, h.field]).toEqual([2, 'judge.promptHash']);
    const dup = failure(() => parse('judge.jsonl', jsonl(verdict('a'), verdict('a')), 'judge'));
    expect([dup.line, dup.field]).toEqual([2, 'dimension']);
  });

  it('a bad list or field in a Ragas / DeepEval file names the source field', () => {
    const e = failure(() => parse('t.csv', 'user_input,reference_contexts\nq1,"[\'a\', \'b\'"\n'));
    expect([e.line, e.field]).toEqual([2, 'reference_contexts']);
    expect(e.message).toMatch(/could not read the list/);
    const m = failure(() => parse('t.csv', 'user_input,reference\n,r\n'));
    expect([m.line, m.field]).toEqual([2, 'user_input']);
    const j = failure(() => parse('g.json', '[\n  {"input": "q", "expected_output": "a"},\n  {"input": "q2",\n   "context": [1, {"x": 1}]}\n]'));
    expect([j.line, j.field]).toEqual([4, 'context.1']);
  });
});

// ------------------------------------------------------------------ building blocks

describe('building blocks', () => {
  it('CSV parser: quoted commas, doubled quotes, line breaks, record start lines', () => {
    const recs = parseCsv('a,b\r\n"x, y","say ""hi"""\r\n"multi\r\nline",2\n\nlast,', 'f.csv');
    expect(recs).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['x, y', 'say "hi"'], line: 2 },
      { fields: ['multi\r\nline', '2'], line: 3 },
      { fields: ['last', ''], line: 6 },
    ]);
  });

  it('Python and JSON string lists', () => {
    expect(parseStringList(`['it\\'s', "say \\"x\\"", 'a\\nb\\t\\\\', "don't", 'caf\\xe9 \\u4e2d']`))
      .toEqual(["it's", 'say "x"', 'a\nb\t\\', "don't", 'café 中']);
    expect(parseStringList('["json", "list"]')).toEqual(['json', 'list']);
    expect(parseStringList('[]')).toEqual([]);
    expect(() => parseStringList("['open")).toThrow(/not closed/);
  });

  it('sha256 matches the reference implementation', () => {
    for (const s of ['', 'abc', '中文 text', 'x'.repeat(1000)]) {
      expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
    }
  });
});
