import { isPlainObject } from '../json';
import { textOf, type FieldReader } from './field-reader';
import type { ForeignFormat, ForeignRecord } from './record';

const QUESTION_KEYS = ['question', 'query', 'input', 'user_input', 'prompt'];
const ANSWER_KEYS = ['answer', 'output', 'reference', 'expected', 'expected_output', 'response'];
const CONTEXT_KEYS = ['contexts', 'context', 'documents'];

/**
 * LangSmith dataset examples (`client.list_examples`, the JSONL a dataset
 * exports): inputs, outputs, metadata, id, dataset_id. In CSV, `inputs` /
 * `outputs` / `metadata` cells hold JSON, or are flattened as `inputs.question`.
 */
export const LANGSMITH: ForeignFormat = {
  format: 'langsmith',
  label: 'LangSmith',
  idPrefix: 'langsmith',
  distinctive: ['inputs', 'outputs'],
  matches: (keys) => keys.includes('inputs') || keys.some((k) => k.startsWith('inputs.')),
  csvList: 'literal',
  read(r: FieldReader): ForeignRecord {
    const inputs = part(r, 'inputs');
    const outputs = part(r, 'outputs');
    const metadata: Record<string, unknown> = { ...(part(r, 'metadata') ?? {}) };
    const q = textOf(inputs, QUESTION_KEYS);
    const a = textOf(outputs, ANSWER_KEYS);
    const rest = (obj: Record<string, unknown> | undefined, used: (string | null)[], prefix: string) => {
      if (!obj) return;
      for (const [k, v] of Object.entries(obj)) if (!used.includes(k)) metadata[`${prefix}.${k}`] = v;
    };
    const ctxKey = outputs ? CONTEXT_KEYS.find((k) => Array.isArray(outputs[k])) ?? null : null;
    rest(inputs, [q.key], 'inputs');
    rest(outputs, [a.key, ctxKey], 'outputs');
    for (const key of ['dataset_id', 'created_at', 'modified_at', 'source_run_id', 'split', 'splits']) if (r.has(key)) metadata[key] = r.take(key);
    return {
      id: r.string('id'),
      queryField: 'inputs',
      query: q.text,
      reference: a.text,
      contexts: ctxKey && outputs ? r.listOf(outputs[ctxKey], `outputs.${ctxKey}`) : [],
      metadata: Object.keys(metadata).length ? metadata : undefined,
    };
  },
};

/** `inputs` as an object, from a JSON field, a JSON cell, or flattened `inputs.x` columns. */
function part(r: FieldReader, name: string): Record<string, unknown> | undefined {
  if (r.has(name)) {
    const v = r.row.fromCsv ? r.object(name) : r.take(name);
    return isPlainObject(v) ? v : v === undefined ? undefined : { [name]: v };
  }
  const flat = Object.keys(r.row.values).filter((k) => k.startsWith(`${name}.`) && r.has(k));
  if (flat.length === 0) return undefined;
  return Object.fromEntries(flat.map((k) => [k.slice(name.length + 1), r.take(k)]));
}
