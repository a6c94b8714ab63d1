import { isPlainObject } from '../json';
import { textOf, type FieldReader } from './field-reader';
import type { ForeignFormat, ForeignRecord } from './record';

/**
 * Arize Phoenix dataset examples (REST `GET /v1/datasets/{id}/examples`:
 * `{"data": {"examples": [{id, input, output, metadata, updated_at}]}}`, or the
 * examples alone): input and output are objects of the dataset's keys.
 */
export const PHOENIX: ForeignFormat = {
  format: 'phoenix',
  label: 'Phoenix',
  idPrefix: 'phoenix',
  distinctive: ['input + output (objects)', 'data.examples'],
  matches: (keys) => keys.includes('input') && keys.includes('output')
    && !['ideal', 'expected_output', 'expectedOutput', 'actual_output', 'inputs'].some((k) => keys.includes(k)),
  container: { path: 'data.examples', list: (v) => (isPlainObject(v.data) ? v.data.examples : undefined) },
  csvList: 'literal',
  read(r: FieldReader): ForeignRecord {
    const input = r.take('input');
    const output = r.take('output');
    const q = textOf(input, ['question', 'query', 'input', 'user_input', 'prompt']);
    const a = textOf(output, ['answer', 'output', 'reference', 'expected', 'response']);
    const metadata: Record<string, unknown> = { ...(r.object('metadata') ?? {}) };
    for (const [name, value, key] of [['input', input, q.key], ['output', output, a.key]] as const) {
      if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) if (k !== key) metadata[`${name}.${k}`] = v;
    }
    if (r.has('updated_at')) metadata.updated_at = r.take('updated_at');
    return {
      id: r.string('id'),
      queryField: 'input',
      query: q.text,
      reference: a.text,
      metadata: Object.keys(metadata).length ? metadata : undefined,
    };
  },
};
