import { textOf, type FieldReader } from './field-reader';
import type { ForeignFormat, ForeignRecord } from './record';

const PROVENANCE = ['datasetId', 'datasetName', 'sourceTraceId', 'sourceObservationId', 'status', 'createdAt', 'updatedAt'];

/**
 * Langfuse dataset items (`langfuse.get_dataset(...).items`, the public API's
 * /datasets/{name}/items): id, input, expectedOutput, metadata, sourceTraceId,
 * sourceObservationId, status. The item id becomes the case id; metadata and
 * provenance are kept as the case's metadata.
 */
export const LANGFUSE: ForeignFormat = {
  format: 'langfuse',
  label: 'Langfuse',
  idPrefix: 'langfuse',
  distinctive: ['expectedOutput', 'datasetId', 'sourceTraceId'],
  matches: (keys) => keys.includes('input')
    && ['expectedOutput', 'datasetId', 'sourceTraceId', 'sourceObservationId'].some((k) => keys.includes(k))
    && !['actualOutput', 'retrievalContext', 'metricsData'].some((k) => keys.includes(k)),
  container: { path: 'data', list: (v) => v.data },
  csvList: 'literal',
  read(r: FieldReader): ForeignRecord {
    const input = r.take('input');
    const q = textOf(input, ['question', 'query', 'input', 'user_input', 'prompt']);
    const expected = r.take('expectedOutput');
    const ref = textOf(expected, ['answer', 'expected_output', 'reference', 'output', 'text']);
    const metadata: Record<string, unknown> = { ...(r.object('metadata') ?? {}) };
    // An object of more than the one text taken is kept whole.
    if (typeof input === 'object' && input !== null && (q.key === null || Object.keys(input).length > 1)) metadata.input = input;
    if (typeof expected === 'object' && expected !== null && (ref.key === null || Object.keys(expected).length > 1)) metadata.expectedOutput = expected;
    for (const key of PROVENANCE) if (r.has(key)) metadata[key] = r.take(key);
    return {
      id: r.string('id'),
      queryField: 'input',
      query: q.text ?? (input !== undefined && input !== null ? JSON.stringify(input) : undefined),
      reference: ref.text ?? (expected !== undefined && expected !== null ? JSON.stringify(expected) : undefined),
      metadata: Object.keys(metadata).length ? metadata : undefined,
    };
  },
};
