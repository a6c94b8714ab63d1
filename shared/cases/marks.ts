import type { LabelValue } from '../domain/dimensions';
import type { ContextChunkRef, RevisionIndex } from '../diagnosis/chunk-revision';
import { leaksOf } from '../diagnosis/permission-leaks';
import { fieldValueKey, isConflictField, type ConflictField } from '../labeling/conflicts';
import { canonicalJson } from '../labeling/values';

/**
 * The marks the Cases view filters on that a case's own fields do not hold:
 * - labelers: the reviewers with a current (latest, non-null) label on the case;
 * - disagree: on some label dimension of the case or of one of its responses, two or more reviewers'
 *   current values differ (claims and reference answer are edits, not labels: two versions of those are
 *   a conflict, listed under Team & backups, and show here as "edited");
 * - edited: an expert's current claims or reference answer differs from the imported one (compared as
 *   conflicts compare them: text trimmed, evidence by document and quote), or the lead settled a value
 *   that does;
 * - permissionLeak: a response's final context holds a chunk of a document the case's user may not see
 *   (the Diagnosis screen's permission leaks).
 */

export interface MarkEvent {
  id: number;
  responseSeq: number | null;
  dimension: string;
  reviewerId: number;
  /** The stored value: JSON text, null when cleared. */
  value: string | null;
}

export interface MarkInput {
  events: readonly MarkEvent[];
  imported: Record<ConflictField, LabelValue>;
  /** The latest resolution's value per field, when the lead settled one. */
  settled: Partial<Record<ConflictField, LabelValue>>;
  caseScope: readonly string[];
  contexts: readonly (readonly ContextChunkRef[])[];
}

export interface CaseMarks {
  labelers: number[];
  disagree: boolean;
  edited: boolean;
  permissionLeak: boolean;
}

export function caseMarksOf(input: MarkInput, revisions: RevisionIndex): CaseMarks {
  const current = new Map<string, MarkEvent>();
  for (const e of input.events) {
    const key = `${e.responseSeq ?? ''}\u0000${e.dimension}\u0000${e.reviewerId}`;
    const known = current.get(key);
    if (!known || known.id < e.id) current.set(key, e);
  }
  const labelers = new Set<number>();
  const valuesOfItem = new Map<string, Set<string>>();
  let edited = false;
  for (const e of current.values()) {
    if (e.value === null) continue;
    labelers.add(e.reviewerId);
    const value = JSON.parse(e.value) as LabelValue;
    if (e.responseSeq === null && isConflictField(e.dimension)) {
      const key = fieldValueKey(e.dimension, value);
      if (key !== 'null' && key !== fieldValueKey(e.dimension, input.imported[e.dimension])) edited = true;
      continue;
    }
    const item = `${e.responseSeq ?? ''}\u0000${e.dimension}`;
    const values = valuesOfItem.get(item) ?? new Set<string>();
    values.add(canonicalJson(value));
    valuesOfItem.set(item, values);
  }
  for (const [field, value] of Object.entries(input.settled) as [ConflictField, LabelValue][]) {
    if (fieldValueKey(field, value) !== fieldValueKey(field, input.imported[field])) edited = true;
  }
  return {
    labelers: [...labelers].sort((a, b) => a - b),
    disagree: [...valuesOfItem.values()].some((values) => values.size > 1),
    edited,
    permissionLeak: input.contexts.some((context) => leaksOf(context, input.caseScope, revisions).leaked.length > 0),
  };
}
