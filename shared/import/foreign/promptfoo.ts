import { isPlainObject } from '../json';
import { textOf, type FieldReader } from './field-reader';
import type { ForeignFormat, ForeignRecord, ForeignScore } from './record';

/**
 * promptfoo results (`promptfoo eval -o results.json`: `{"evalId", "results":
 * {"version", "results": [EvaluateResult]}}`): each result is one test case
 * (vars) run through one provider: the output becomes a response of that
 * provider, each grading component (assertion) a score.
 */
export const PROMPTFOO: ForeignFormat = {
  format: 'promptfoo',
  label: 'promptfoo',
  idPrefix: 'promptfoo',
  distinctive: ['results.results', 'gradingResult', 'testCase'],
  matches: (keys) => ['gradingResult', 'testCase'].some((k) => keys.includes(k)) && (keys.includes('vars') || keys.includes('testCase')),
  container: { path: 'results.results', list: (v) => (isPlainObject(v.results) ? v.results.results : undefined) },
  csvList: 'literal',
  read(r: FieldReader): ForeignRecord {
    const testCase = r.object('testCase') ?? {};
    const vars = r.object('vars') ?? (isPlainObject(testCase.vars) ? testCase.vars : {});
    const prompt = r.object('prompt');
    const q = textOf(vars, ['query', 'question', 'input', 'user_input', 'prompt']);
    const ref = textOf(vars, ['expected', 'reference', 'answer', 'ground_truth', 'expected_output']);
    const metadata: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(vars)) if (k !== q.key && k !== ref.key) metadata[`vars.${k}`] = v;
    if (typeof testCase.description === 'string') metadata.description = testCase.description;
    if (isPlainObject(testCase.metadata)) Object.assign(metadata, testCase.metadata);
    const response = r.object('response');
    const output = response?.output;
    const provider = r.take('provider');
    const system = isPlainObject(provider) ? (provider.label ?? provider.id) : provider;
    // The overall score, pass flag and named scores are the grading components below, summed up.
    r.use('success', 'score', 'namedScores');
    return {
      queryField: 'vars',
      query: q.text ?? (typeof prompt?.raw === 'string' ? prompt.raw : undefined),
      reference: ref.text,
      responseField: 'response.output',
      response: typeof output === 'string' ? output : output === undefined || output === null ? undefined : JSON.stringify(output),
      system: typeof system === 'string' ? system : undefined,
      metadata: Object.keys(metadata).length ? metadata : undefined,
      scores: gradingScores(r),
    };
  },
};

function gradingScores(r: FieldReader): ForeignScore[] {
  const grading = r.object('gradingResult');
  if (!grading) return [];
  const components = Array.isArray(grading.componentResults) ? grading.componentResults : [];
  if (components.length === 0) {
    return [{ metric: 'promptfoo', value: r.numberOf(grading.score, 'gradingResult.score'), reason: typeof grading.reason === 'string' ? grading.reason : null, field: 'gradingResult' }];
  }
  return components.map((c, k) => {
    const field = `gradingResult.componentResults.${k}`;
    const comp = isPlainObject(c) ? c : {};
    const assertion = isPlainObject(comp.assertion) ? comp.assertion : {};
    const metric = typeof assertion.metric === 'string' ? assertion.metric : typeof assertion.type === 'string' ? assertion.type : `assertion ${k + 1}`;
    return {
      metric,
      value: r.numberOf(comp.score ?? comp.pass, `${field}.score`),
      threshold: r.numberOf(assertion.threshold, `${field}.assertion.threshold`),
      reason: typeof comp.reason === 'string' ? comp.reason : null,
      field,
    };
  });
}
