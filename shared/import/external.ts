import type { z } from 'zod';
import { CaseSchema, DocumentSchema, ResponseSchema, type CaseRecord, type ContextChunk } from '../domain/schemas';
import type { Collector } from './collector';
import { describeType, ImportDataError, preview } from './errors';
import { text as say } from '../messages/text';
import { shortHash } from './hash';
import { describeIssue } from './issues';
import { ListSyntaxError, parseStringList } from './python-list';
import type { Progress } from './native';
import type { JsonPositions } from './json';

/**
 * One record of a third-party file (a CSV row, a JSONL line or an element of
 * a JSON array), with the line it starts on and, for JSON, each field's line.
 */
export interface SourceRow {
  line: number;
  values: Record<string, unknown>;
  /** true when every value is a CSV cell (a string). */
  fromCsv: boolean;
  fieldLines?: Map<string, number>;
}

export function rowFromJson(
  values: Record<string, unknown>, line: number, pos: JsonPositions | undefined, lineAt: (offset: number) => number,
): SourceRow {
  const fieldLines = new Map<string, number>();
  if (pos) for (const [k, off] of pos.members) fieldLines.set(k, lineAt(off));
  return { line, values, fromCsv: false, fieldLines };
}

/** Where each part of a case lives in a Ragas or DeepEval record. */
export interface ExternalSpec {
  format: 'ragas' | 'deepeval';
  label: string;
  idPrefix: string;
  query: string[];
  reference: string[];
  contexts: string[];
  retrieved: string[];
  response: string[];
  /** How a list is written in a CSV cell: Python/JSON list literal, or values joined by a delimiter. */
  csvList: 'literal' | { delimiter: string };
  origin: CaseRecord['origin'];
}

export const RAGAS: ExternalSpec = {
  format: 'ragas',
  label: 'Ragas',
  idPrefix: 'ragas',
  query: ['user_input'],
  reference: ['reference'],
  contexts: ['reference_contexts'],
  retrieved: ['retrieved_contexts'],
  response: ['response'],
  csvList: 'literal',
  origin: 'synthetic',
};

export const DEEPEVAL: ExternalSpec = {
  format: 'deepeval',
  label: 'DeepEval',
  idPrefix: 'deepeval',
  query: ['input'],
  reference: ['expected_output', 'expectedOutput'],
  contexts: ['context'],
  retrieved: ['retrieval_context', 'retrievalContext'],
  response: ['actual_output', 'actualOutput'],
  csvList: { delimiter: '|' },
  origin: null,
};

const TITLE_LENGTH = 60;

/** Title of a document made from context text: its first ~60 characters on one line. */
export function titleFromText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= TITLE_LENGTH) return flat;
  const cut = flat.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return (space > TITLE_LENGTH * 0.6 ? cut.slice(0, space) : cut) + '…';
}

export const contextDocId = (text: string) => `ctx-${shortHash(text)}`;

export function readExternalRows(
  rows: SourceRow[], spec: ExternalSpec, collector: Collector, system: string, progress: Progress,
): void {
  const file = collector.fileName;
  if (rows.length === 0) throw new ImportDataError(file, null, null, say('err.import.no-records', { format: spec.label }));
  const idCounts = new Map<string, number>();
  const total = rows.length;
  let done = 0;
  for (const row of rows) {
    const at = (key: string) => row.fieldLines?.get(key) ?? row.line;
    const pick = (keys: string[]): string => keys.find((k) => row.values[k] !== undefined) ?? keys[0];

    const qKey = pick(spec.query);
    const query = readString(row, qKey, file);
    if (query === undefined || query.trim() === '') {
      throw new ImportDataError(file, at(qKey), qKey,
        say(query === undefined ? 'err.import.question-missing' : 'err.import.question-empty', { format: spec.label, field: qKey }));
    }
    const refKey = pick(spec.reference);
    const reference = readString(row, refKey, file);
    const ctxKey = pick(spec.contexts);
    const contexts = readList(row, ctxKey, spec, file);
    const retKey = pick(spec.retrieved);
    const retrieved = readList(row, retKey, spec, file);
    const respKey = pick(spec.response);
    const answer = readString(row, respKey, file);

    // Stable id from the question; a repeated question gets -2, -3, … in file order.
    const base = `${spec.idPrefix}-${shortHash(query)}`;
    const seen = (idCounts.get(base) ?? 0) + 1;
    idCounts.set(base, seen);
    const caseId = seen === 1 ? base : `${base}-${seen}`;

    const docIds: string[] = [];
    for (const text of contexts) {
      if (text.trim() === '') continue;
      const docId = contextDocId(text);
      if (!docIds.includes(docId)) docIds.push(docId);
      const doc = DocumentSchema.parse({ docId, title: titleFromText(text), revision: '1', text });
      collector.addDocument(doc, row.line, true);
    }

    const slices: string[] = [];
    const synth = row.values.synthesizer_name;
    if (typeof synth === 'string' && /multi[_-]?hop/i.test(synth)) slices.push('multi-hop');

    const caseInput: Record<string, unknown> = {
      id: caseId,
      query,
      relevantDocuments: docIds,
      slices,
    };
    if (reference !== undefined) caseInput.referenceAnswer = reference;
    if (spec.origin) caseInput.origin = spec.origin;
    collector.addCase(checked(CaseSchema, caseInput, file, row.line), row.line, qKey);

    if (answer !== undefined && !(row.fromCsv && answer === '')) {
      const finalContext: ContextChunk[] = retrieved.map((text, k) =>
        // a retrieved chunk that is one of the reference contexts points at that document
        contexts.includes(text) && text.trim() !== '' ? { docId: contextDocId(text), text, rank: k + 1 } : { text, rank: k + 1 });
      const resp: Record<string, unknown> = { id: `${caseId}@${system}`, caseId, system, answer, finalContext };
      if (retrieved.length > 0) resp.retrievalCalled = true;
      collector.addResponse(checked(ResponseSchema, resp, file, row.line), row.line, respKey);
    }
    progress(++done, total);
  }
}

function checked<T>(schema: z.ZodType<T>, value: unknown, file: string, line: number): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new ImportDataError(file, line, issue.path.map(String).join('.') || null, say('err.import.row-unusable', { reason: describeIssue(issue, schema).message }));
}

function readString(row: SourceRow, key: string, file: string): string | undefined {
  const v = row.values[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return row.fromCsv && v === '' ? undefined : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new ImportDataError(file, row.fieldLines?.get(key) ?? row.line, key, say('err.field.type', { expected: say('err.type.string'), got: describeType(v) }));
}

function readList(row: SourceRow, key: string, spec: ExternalSpec, file: string): string[] {
  const v = row.values[key];
  const line = row.fieldLines?.get(key) ?? row.line;
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) {
    return v.map((item, k) => {
      if (typeof item === 'string') return item;
      if (typeof item === 'number') return String(item);
      throw new ImportDataError(file, line, `${key}.${k}`, say('err.field.type', { expected: say('err.type.context-text'), got: describeType(item) }));
    });
  }
  if (typeof v !== 'string') {
    throw new ImportDataError(file, line, key, say('err.field.type', { expected: say('err.type.string-list'), got: describeType(v) }));
  }
  const t = v.trim();
  if (t === '' || t === '[]' || t.toLowerCase() === 'nan') return [];
  if (spec.csvList === 'literal') {
    if (t.startsWith('[') || t.startsWith('(')) {
      try {
        return parseStringList(t);
      } catch (e) {
        if (!(e instanceof ListSyntaxError)) throw e;
        throw new ImportDataError(file, line, key,
          say('err.import.bad-list', { list: preview(t, 50), reason: e.reason }));
      }
    }
    return [v];
  }
  if (t.startsWith('[')) {
    try {
      const arr: unknown = JSON.parse(t);
      if (Array.isArray(arr) && arr.every((x) => typeof x === 'string')) return arr as string[];
    } catch { /* not JSON: split below */ }
  }
  return v.split(spec.csvList.delimiter).map((x) => x.trim()).filter((x) => x !== '');
}
