import { IMPORT_KINDS, type WizardKind } from '../domain/schemas';
import { isAdjudicationsExport } from '../interchange/adjudication-file';
import { isLabelsExport } from '../interchange/label-file';
import { classifyKeys, csvShape, extensionOf, jsonShape, keysOfItems, looksLikeJson, NATIVE_SIGNATURE } from './detect';
import { isPlainObject, parseJsonFast } from './json';
import { decodeUtf8, SourceText } from './text';
import type { ConcreteImportFormat } from './types';

/** The order files are written in: what a later kind refers to must be there first. */
export const IMPORT_ORDER: readonly WizardKind[] = ['documents', 'cases', 'responses', 'judge', 'labels', 'adjudications'];

export interface DetectedImport {
  /** Null when no kind's fields were recognised (the person chooses). */
  kind: WizardKind | null;
  format: ConcreteImportFormat | null;
}

/** The field names of a file's first record, whatever its container (CSV header, JSON Lines, a JSON array, a DeepEval run). */
function firstRecordKeys(fileName: string, bytes: Uint8Array): { keys: string[]; container: 'csv' | 'jsonl' | 'json' } | null {
  const src = new SourceText(decodeUtf8(bytes, fileName));
  if (src.text.trim() === '') return null;
  const ext = extensionOf(fileName);
  const shape = looksLikeJson(src, ext) ? jsonShape(src, fileName, ext) : csvShape(src, fileName, ext);
  if (shape.type === 'csv') return { keys: shape.table.header, container: 'csv' };
  if (shape.type === 'jsonl') {
    const first = src.lines().find((l) => l.trim() !== '');
    const parsed = first === undefined ? null : parseJsonFast(first);
    return parsed?.ok && isPlainObject(parsed.value) ? { keys: Object.keys(parsed.value), container: 'jsonl' } : null;
  }
  const value = shape.value;
  if (isPlainObject(value) && 'testRunData' in value) return { keys: ['input', 'actual_output', 'testRunData'], container: 'json' };
  return Array.isArray(value) ? { keys: keysOfItems(value), container: 'json' } : null;
}

/**
 * What a file holds, judged from its first record's fields before anything is written: Ragas and
 * DeepEval files are cases; a labels export has reviewer + at beside caseId, dimension and value, an
 * adjudications export roundId + source; a native record is the kind whose identifying fields it has
 * (a document has docId, a case id + query, a response caseId + answer, a verdict caseId + dimension).
 * A file that cannot even be read says nothing here: the import names its problem.
 */
export function detectImport(fileName: string, bytes: Uint8Array): DetectedImport {
  let first: ReturnType<typeof firstRecordKeys>;
  try {
    first = firstRecordKeys(fileName, bytes);
  } catch {
    return { kind: null, format: null };
  }
  if (!first) return { kind: null, format: null };
  const external = classifyKeys(first.keys, 'cases');
  if (external !== null && external !== 'native') return { kind: 'cases', format: external.format };
  if (isLabelsExport(first.keys)) return { kind: 'labels', format: first.container === 'csv' ? 'csv' : 'jsonl' };
  if (isAdjudicationsExport(first.keys)) return { kind: 'adjudications', format: first.container === 'csv' ? 'csv' : 'jsonl' };
  const has = (k: string) => first!.keys.includes(k);
  const kind = IMPORT_KINDS.find((k) => NATIVE_SIGNATURE[k].every(has))
    ?? IMPORT_KINDS.find((k) => classifyKeys(first!.keys, k) === 'native')
    ?? null;
  if (!kind) return { kind: null, format: null };
  return { kind, format: first.container === 'csv' ? 'csv' : 'jsonl' };
}
