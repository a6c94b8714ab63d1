import { text as say } from '../../messages/text';
import { describeType, ImportDataError } from '../errors';
import { isPlainObject } from '../json';
import type { FieldReader } from './field-reader';
import type { ForeignFormat, ForeignRecord, ForeignScore } from './record';

/**
 * DeepEval goldens (input, expected_output, context, retrieval_context,
 * actual_output; JSON, CSV with `|`-joined lists) and test runs
 * (`{"testRunData": {"testCases": [...]}}`, camelCase, each case's
 * `metricsData` the judge's scores with threshold, reason and evaluationModel).
 */
export const DEEPEVAL: ForeignFormat = {
  format: 'deepeval',
  label: 'DeepEval',
  idPrefix: 'deepeval',
  distinctive: ['expected_output', 'actual_output', 'context', 'retrieval_context', 'testRunData'],
  matches: (keys) => keys.includes('testRunData')
    || (keys.includes('input') && ['expected_output', 'actual_output', 'context', 'retrieval_context', 'actualOutput', 'retrievalContext', 'metricsData'].some((k) => keys.includes(k))),
  container: { path: 'testRunData.testCases', list: (v) => (isPlainObject(v.testRunData) ? v.testRunData.testCases : undefined) },
  csvList: { delimiter: '|' },
  read(r: FieldReader): ForeignRecord {
    const responseField = r.pick('actual_output', 'actualOutput');
    const rec: ForeignRecord = {
      queryField: 'input',
      query: r.string('input'),
      reference: r.string(r.pick('expected_output', 'expectedOutput')),
      contexts: r.list('context'),
      retrieved: r.list(r.pick('retrieval_context', 'retrievalContext')),
      responseField,
      response: r.string(responseField),
    };
    r.use('expectedOutput', 'expected_output', 'retrievalContext', 'retrieval_context', 'actualOutput', 'actual_output');
    const metadata: Record<string, unknown> = {};
    const extra = r.has('additional_metadata') || r.has('additionalMetadata') ? r.object(r.pick('additional_metadata', 'additionalMetadata')) : undefined;
    if (extra) Object.assign(metadata, extra);
    for (const key of ['name', 'comments', 'source_file', 'tools_called', 'expected_tools', 'toolsCalled', 'expectedTools', 'custom_column_key_values']) {
      if (r.has(key)) metadata[key] = r.take(key);
    }
    if (Object.keys(metadata).length) rec.metadata = metadata;
    if (r.has('metricsData')) rec.scores = metricsData(r);
    return rec;
  },
};

function metricsData(r: FieldReader): ForeignScore[] {
  const list = r.take('metricsData');
  if (!Array.isArray(list)) throw new ImportDataError(r.file, r.lineOf('metricsData'), 'metricsData', say('err.field.type', { expected: say('err.type.metric-list'), got: describeType(list) }));
  return list.map((m, k) => {
    const field = `metricsData.${k}`;
    if (!isPlainObject(m) || typeof m.name !== 'string' || m.name.trim() === '') {
      throw new ImportDataError(r.file, r.lineOf('metricsData'), `${field}.name`, say('err.foreign.metric-name'));
    }
    return {
      metric: m.name,
      value: r.numberOf(m.score, `${field}.score`),
      threshold: r.numberOf(m.threshold, `${field}.threshold`),
      reason: typeof m.reason === 'string' ? m.reason : null,
      model: typeof m.evaluationModel === 'string' ? m.evaluationModel : null,
      field,
    };
  });
}
