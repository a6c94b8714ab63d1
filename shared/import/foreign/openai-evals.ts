import { isPlainObject } from '../json';
import { turnsText, type FieldReader } from './field-reader';
import type { ForeignFormat, ForeignRecord } from './record';

/**
 * OpenAI evals samples (`evals/registry/data/*\/samples.jsonl`): `input` a chat
 * (list of {role, content}) or a string, `ideal` the expected answer (a string
 * or a list of acceptable ones). System turns are kept as metadata; the rest
 * is the question (one turn: its text; several: each turn marked with its role).
 */
export const OPENAI_EVALS: ForeignFormat = {
  format: 'openai-evals',
  label: 'OpenAI evals',
  idPrefix: 'openai-evals',
  distinctive: ['ideal'],
  matches: (keys) => keys.includes('input') && keys.includes('ideal'),
  csvList: 'literal',
  read(r: FieldReader): ForeignRecord {
    const input = r.take('input');
    const metadata: Record<string, unknown> = {};
    let query: string | undefined;
    if (Array.isArray(input)) {
      const system = input.filter((t) => isPlainObject(t) && t.role === 'system');
      const turns = input.filter((t) => !(isPlainObject(t) && t.role === 'system'));
      if (system.length) metadata.system = system.map((t) => (t as { content: unknown }).content);
      const only = turns.length === 1 && isPlainObject(turns[0]) ? turns[0].content : undefined;
      query = typeof only === 'string' ? only : turns.length ? turnsText(turns) : undefined;
    } else {
      query = r.stringOf(input, 'input');
    }
    const ideal = r.take('ideal');
    let reference: string | undefined;
    if (Array.isArray(ideal)) {
      reference = ideal.length ? String(ideal[0]) : undefined;
      if (ideal.length > 1) metadata.ideal = ideal;
    } else {
      reference = r.stringOf(ideal, 'ideal');
    }
    return { queryField: 'input', query, reference, metadata: Object.keys(metadata).length ? metadata : undefined };
  },
};
