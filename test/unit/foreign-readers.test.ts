import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ImportFormat, ImportKind } from '../../shared/domain/schemas';
import { ImportDataError, parseImportFile, type ParsedImport } from '../../shared/import';
import { metricSlug } from '../../shared/import/foreign/metric-slug';
import { parseColumnMapping } from '../../shared/import/foreign/mapped';

const bytes = (dir: 'interchange' | 'external', name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/${dir}/${name}`, import.meta.url)));

function read(name: string, opts: { kind?: ImportKind; format?: ImportFormat; dir?: 'interchange' | 'external'; judge?: { model?: string } } = {}): ParsedImport {
  return parseImportFile({
    kind: opts.kind ?? 'cases', format: opts.format ?? 'auto', fileName: name, bytes: bytes(opts.dir ?? 'interchange', name), judge: opts.judge,
  });
}

function failure(fn: () => unknown): ImportDataError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportDataError);
    return e as ImportDataError;
  }
  throw new Error('expected an ImportDataError, but parsing succeeded');
}

const unused = (r: ParsedImport) => r.report!.unused.map((u) => `${u.field}:${u.reason}`);

describe('metric names become dimension slugs', () => {
  it('lower case, other characters one underscore, never starting with a digit', () => {
    expect(metricSlug('factual_correctness(mode=f1)')).toBe('factual_correctness_mode_f1');
    expect(metricSlug('Answer Relevancy')).toBe('answer_relevancy');
    expect(metricSlug('noise_sensitivity(mode=relevant)')).toBe('noise_sensitivity_mode_relevant');
    expect(metricSlug('llm-rubric')).toBe('llm_rubric');
    expect(metricSlug('contextualRelevancy')).toBe('contextual_relevancy');
    expect(metricSlug('2-hop')).toBe('m_2_hop');
  });
});

describe('judge scores from the real Ragas and DeepEval results files', () => {
  it('Ragas evaluate().to_pandas() CSV: each metric column a dimension, empty cells skipped and counted', () => {
    const r = read('ragas_eval_result_letstalk.csv', { dir: 'external', kind: 'judge', judge: { model: 'gpt-4o-mini' } });
    expect(r.format).toBe('ragas');
    const perDimension = Object.fromEntries(r.report!.metrics.map((m) => [m.dimension, [m.metric, m.scores, m.empty]]));
    expect(perDimension).toEqual({
      context_recall: ['context_recall', 7, 3],
      faithfulness: ['faithfulness', 5, 5],
      factual_correctness_mode_f1: ['factual_correctness(mode=f1)', 10, 0],
      answer_relevancy: ['answer_relevancy', 10, 0],
      context_entity_recall: ['context_entity_recall', 7, 3],
      noise_sensitivity_mode_relevant: ['noise_sensitivity(mode=relevant)', 9, 1],
    });
    expect(r.verdicts).toHaveLength(48);
    expect(new Set(r.verdicts.map((v) => JSON.stringify(v.record.judge)))).toEqual(new Set([JSON.stringify({ model: 'gpt-4o-mini', version: 'unspecified', promptVersion: 'unspecified', promptHash: null })]));
    // each verdict is on the response of its row's case (line 2 is the first data row)
    const first = r.verdicts[0];
    expect(first.record.responseId).toBe(`${first.record.caseId}@imported`);
    expect(r.cases.map((c) => c.record.id)).toContain(first.record.caseId);
    expect(r.report!.unused).toEqual([]);
  });

  it('Ragas results as kind "cases": the scores are named as not imported, never silently dropped', () => {
    const r = read('ragas_eval_result_letstalk.csv', { dir: 'external' });
    expect(r.verdicts).toHaveLength(0);
    expect(unused(r)).toEqual(expect.arrayContaining(['faithfulness:judge-score', 'factual_correctness(mode=f1):judge-score']));
  });

  it('a Ragas results file without a judge model is refused with the option to give', () => {
    const e = failure(() => read('ragas_eval_result_letstalk.csv', { dir: 'external', kind: 'judge' }));
    expect(e.field).toBe('judge.model');
    expect(e.message).toMatch(/--judge-model/);
  });

  it('DeepEval test run: metricsData entries are verdicts with reason, threshold and the evaluation model as judge', () => {
    const r = read('deepeval_latest_test_run.json', { dir: 'external', kind: 'judge' });
    expect(r.format).toBe('deepeval');
    expect(r.verdicts.map((v) => [v.record.dimension, v.record.value, v.record.threshold])).toEqual([
      ['faithfulness', 1, 0.7], ['faithfulness', 0.6666666666666666, 0.7], ['faithfulness', 1, 0.7],
    ]);
    expect(r.verdicts[0].record.rationale).toMatch(/^The score is 1.00 because/);
    expect(r.judge?.model).toBe('gpt-4o');
    // the test case's name is kept; the run's own bookkeeping is reported, not silently dropped
    expect(r.cases[0].record.metadata).toEqual({ name: 'test_case_0' });
    expect(unused(r)).toEqual(['success:unmapped', 'runDuration:unmapped', 'evaluationCost:unmapped', 'order:unmapped']);
  });
});

describe('no silent loss', () => {
  it('DeepEval goldens keep name, additional_metadata and comments as the case metadata', () => {
    const r = read('deepeval_goldens.json', { dir: 'external' });
    const meta = r.cases[0].record.metadata!;
    expect(Object.keys(meta)).toEqual(expect.arrayContaining(['comments', 'tools_called', 'expected_tools']));
    const csv = read('deepeval_goldens.csv', { dir: 'external' });
    expect(csv.cases[0].record.metadata).toMatchObject({ name: expect.any(String) });
  });

  it('--format deepeval on an LLMBar file is refused: none of DeepEval\'s fields are there', () => {
    const e = failure(() => read('llmbar_natural_chatgpt_vanilla_result.json', { dir: 'external', format: 'deepeval' }));
    expect(e.field).toBe('expected_output');
    expect(e.message).toMatch(/not a DeepEval file.*"output_1", "output_2", "label"/);
  });

  it('a Langfuse dataset item is detected as Langfuse (not DeepEval) and keeps its id and metadata', () => {
    const r = read('langfuse_dataset_items.json');
    expect(r.format).toBe('langfuse');
    expect(r.cases.map((c) => c.record.id)).toEqual(['item-refund-day20', 'item-student-verify']);
    expect(r.cases[0].record).toMatchObject({
      query: '年度会员买了第 20 天，还能退款吗？', referenceAnswer: '可以。年度会员购买后 30 天内可退款，按剩余天数折算。',
      metadata: { category: 'refund', difficulty: 'medium', sourceTraceId: 'trace-8f2c', datasetId: 'ds-support-zh' },
    });
    expect(r.cases[1].record.query).toBe('学生会员怎么认证？');
  });
});

describe('more readers, each from a real-shaped file', () => {
  it('Ragas 0.1 (question, answer, contexts, ground_truth / ground_truths)', () => {
    const r = read('ragas01_results.jsonl', { kind: 'judge', judge: { model: 'gpt-4' } });
    expect(r.format).toBe('ragas');
    expect(r.cases.map((c) => c.record.referenceAnswer)).toEqual(['可以。年度会员购买后 30 天内可退款，按剩余天数折算。', '月度会员开通后不支持退款。']);
    expect(r.responses[0].record).toMatchObject({ answer: '可以，30 天内可按剩余天数折算退款。', finalContext: [{ text: '年度会员购买后 30 天内可申请退款，按剩余天数折算退款金额。', rank: 1 }] });
    expect(r.report!.metrics.map((m) => [m.dimension, m.scores, m.empty])).toEqual([['faithfulness', 2, 0], ['answer_relevancy', 1, 1]]);
  });

  it('Ragas multi-turn: the turns kept as text with their roles', () => {
    const r = read('ragas_multiturn.jsonl');
    expect(r.cases[0].record.query).toBe('[human] 我想退年度会员。\n[ai] 请问您购买多少天了？\n[human] 第 20 天。');
    expect(r.cases[0].record.metadata).toEqual({ reference_topics: ['退款'] });
  });

  it('LangSmith examples, JSONL: inputs/outputs mapped, the rest kept, ids kept, output contexts as documents', () => {
    const r = read('langsmith_examples.jsonl');
    expect(r.format).toBe('langsmith');
    expect(r.cases[0].record).toMatchObject({
      id: '7b1f6c52-1f0e-4b8a-9d3f-2a9c8e4b1d01', query: '年度会员买了第 20 天，还能退款吗？',
      metadata: { source: 'production', ticket: 'T-1042', 'inputs.language': 'zh' },
    });
    expect(r.documents.map((d) => d.record.text)).toEqual(['年度会员购买后 30 天内可申请退款']);
    expect(r.report!.unused).toEqual([]);
  });

  it('LangSmith examples, CSV with flattened columns: a column it does not know is reported', () => {
    const r = read('langsmith_examples.csv');
    expect(r.format).toBe('langsmith');
    expect(r.cases.map((c) => c.record.referenceAnswer)).toEqual(['可以。年度会员购买后 30 天内可退款，按剩余天数折算。', '在 App 的会员页上传学生证完成认证。']);
    expect(r.report!.unused).toEqual([{ field: 'notes', records: 1, reason: 'unmapped' }]);
  });

  it('Phoenix dataset examples (REST data.examples): ids kept, other input keys kept as metadata', () => {
    const r = read('phoenix_dataset_examples.json');
    expect(r.format).toBe('phoenix');
    expect(r.cases[1].record).toMatchObject({ id: 'RGF0YXNldEV4YW1wbGU6Mg==', query: '学生会员怎么认证？', metadata: { 'input.channel': 'app' } });
  });

  it('promptfoo results: one case per test, a response per provider, each assertion a verdict', () => {
    const r = read('promptfoo_results.json', { kind: 'judge', judge: { model: 'gpt-4o' } });
    expect(r.format).toBe('promptfoo');
    expect(r.cases).toHaveLength(1);
    expect(r.responses.map((x) => x.record.system)).toEqual(['support-agent@3.2', 'support-agent@3.1']);
    expect(r.verdicts.map((v) => [v.record.responseId?.split('@').slice(1).join('@'), v.record.dimension, v.record.value, v.record.threshold ?? null])).toEqual([
      ['support-agent@3.2', 'llm_rubric', 1, null], ['support-agent@3.2', 'contains', 1, null],
      ['support-agent@3.1', 'llm_rubric', 0, 0.5], ['support-agent@3.1', 'contains', 0, null],
    ]);
    expect(r.verdicts[2].record.rationale).toBe('Uses the old 7-day rule.');
    expect(r.report!.unused.map((u) => u.field)).toEqual(['id', 'promptIdx', 'testIdx', 'latencyMs']);
  });

  it('OpenAI evals samples: the user turn is the question, system turns and other ideals kept', () => {
    const r = read('openai_evals_samples.jsonl');
    expect(r.format).toBe('openai-evals');
    expect(r.cases[1].record).toMatchObject({
      query: '月度会员能退吗？', referenceAnswer: '不能。月度会员开通后不支持退款。',
      metadata: { system: ['你是会员客服，只根据政策回答。'], ideal: ['不能。月度会员开通后不支持退款。', '月度会员不退款。'] },
    });
  });

  it('TruLens ground truth: expected chunks become documents and the evidence quotes of the expected response', () => {
    const r = read('trulens_ground_truth.jsonl');
    expect(r.format).toBe('trulens');
    const c = r.cases[0].record;
    expect(c.id).toBe('q-refund-day20');
    expect(c.claims).toEqual([{
      text: '可以。年度会员购买后 30 天内可退款，按剩余天数折算。',
      evidence: [
        { docId: expect.stringMatching(/^ctx-/), quote: '年度会员购买后 30 天内可申请退款' },
        { docId: expect.stringMatching(/^ctx-/), quote: '按剩余天数折算退款金额' },
      ],
    }]);
    expect(r.documents.map((d) => d.record.text)).toEqual(['年度会员购买后 30 天内可申请退款', '按剩余天数折算退款金额', '月度会员、连续包月会员开通后不支持退款']);
    expect(c.metadata).toMatchObject({ source: 'policy-team', expected_chunks: [{ title: '会员退款政策', expect_score: 1 }, { title: '会员退款政策', expect_score: 0.8 }] });
  });

  it('a column mapping for anything else: mapped columns land, the others are reported', () => {
    const mapping = parseColumnMapping('id=faq_id,query=question_text,referenceAnswer=gold');
    const r = parseImportFile({ kind: 'cases', format: 'auto', fileName: 'mapped_faq.csv', bytes: bytes('interchange', 'mapped_faq.csv'), mapping });
    expect(r.cases.map((c) => [c.record.id, c.record.query])).toEqual([['faq-1', '年度会员买了第 20 天，还能退款吗？'], ['faq-2', '学生会员怎么认证？']]);
    expect(r.report!.unused).toEqual([{ field: 'owner', records: 2, reason: 'unmapped' }]);
    const missing = failure(() => parseImportFile({ kind: 'cases', format: 'auto', fileName: 'mapped_faq.csv', bytes: bytes('interchange', 'mapped_faq.csv'), mapping: { query: 'prompt' } }));
    expect(missing.field).toBe('prompt');
    expect(() => parseColumnMapping('question_text')).toThrow(/not TARGET=COLUMN/);
    expect(() => parseColumnMapping('answer=gold')).toThrow(/not a target/);
  });
});
