import { z } from 'zod';
import { forbiddenClaimsOnce, withClaimIds } from './claim-ids';
import { builtOnce } from './derived-once';
import { CITATION_VERDICTS, type DxCase, type DxResponse, type StatedMark, type StatedState } from './types';

/** The per-response step "Claims this answer states": per claim id, stated or not, and for a stated cited claim whether the citation supports it. */
export const CLAIMS_STATED = 'claimsStated';

export const StatedMarkSchema = z.strictObject({
  stated: z.boolean(),
  citation: z.enum(CITATION_VERDICTS).nullish(),
});

export const ClaimsStatedValueSchema = z.record(z.string().min(1).max(2000), StatedMarkSchema);
export type ClaimsStatedValue = z.infer<typeof ClaimsStatedValueSchema>;

const VERDICTS: ReadonlySet<unknown> = new Set(CITATION_VERDICTS);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * ClaimsStatedValueSchema's check written out: the value itself when it is one, else null. The
 * Diagnosis figures read a stored value for every response, and a zod parse of each of a hundred
 * thousand costs a good part of the page's time (test/unit/claims-stated-check.test.ts keeps the
 * two in agreement).
 */
export function asClaimsStated(value: unknown): ClaimsStatedValue | null {
  if (!isRecord(value)) return null;
  for (const key in value) {
    if (key.length < 1 || key.length > 2000) return null;
    const mark = value[key];
    if (!isRecord(mark) || typeof mark.stated !== 'boolean') return null;
    for (const field in mark) if (field !== 'stated' && field !== 'citation') return null;
    if (mark.citation != null && !VERDICTS.has(mark.citation)) return null;
  }
  return value as ClaimsStatedValue;
}

/** Whether two values mark the same claims stated and not stated (their citation verdicts aside). */
function sameStated(a: Readonly<Record<string, StatedMark>>, b: Readonly<Record<string, StatedMark>>, sameVerdicts = false): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (!x || !y || x.stated !== y.stated) return false;
    if (sameVerdicts && (x.citation ?? null) !== (y.citation ?? null)) return false;
  }
  return true;
}

/** Marks compared without the order of their keys or absent citation fields. */
export const sameMarks = (a: Readonly<Record<string, StatedMark>>, b: Readonly<Record<string, StatedMark>>): boolean => sameStated(a, b, true);

/** A case's current required and forbidden claim ids: what a "stated" value marks. */
export interface StatedIds {
  claims: readonly string[];
  forbidden: readonly string[];
}

/**
 * How a "stated" value misses the case's current claims: the claims it leaves unmarked (the figures then
 * count the value as not given) and the ids it marks that the case does not have (those marks are
 * ignored); null when it marks exactly the current claims.
 */
export function statedMismatch(marks: Readonly<Record<string, unknown>>, current: StatedIds): { unmarked: string[]; unknown: string[] } | null {
  const known = new Set([...current.claims, ...current.forbidden]);
  const unmarked = [...known].filter((id) => !(id in marks));
  const unknown = Object.keys(marks).filter((id) => !known.has(id));
  return unmarked.length + unknown.length > 0 ? { unmarked, unknown } : null;
}

/**
 * Whether a stored "stated" value answers the step as it stands: it marks every current claim (marks of
 * claims the case no longer has are ignored). One that does not is asked again, by the Label queue as by
 * the step, and the figures count it as not given.
 */
export function statedCovers(value: unknown, current: StatedIds): boolean {
  if (!isRecord(value)) return false;
  for (const id of current.claims) if (!(id in value)) return false;
  for (const id of current.forbidden) if (!(id in value)) return false;
  return true;
}

/**
 * Per step of a case: whether its label answers it as it stands (statedCovers for "stated", else any value).
 * `current` gives the case's claim ids, asked once and only when a "stated" label is checked.
 */
export function coversStep(current: () => StatedIds | undefined): (dimension: string, value: unknown) => boolean {
  let ids: StatedIds | undefined | null = null;
  return (dimension, value) => {
    if (dimension !== CLAIMS_STATED) return true;
    if (ids === null) ids = current();
    return !ids || statedCovers(value, ids);
  };
}

/**
 * The value the figures use: the adjudicated one, else the reviewers' when they all agree (one
 * reviewer always does); reviewers who disagree on what the answer states leave the response out.
 * Reviewers who agree on that but not on a claim's citation give the value with that claim's verdict
 * left out, named in `citationsDisputed` (the citation figures leave the claim out).
 */
export function statedState(adjudicated: unknown, reviewers: readonly unknown[], current?: StatedIds): StatedState {
  const adj = asClaimsStated(adjudicated);
  // an adjudication of the claims as they were (one now left unmarked) is not given: the reviewers' values decide
  const adjudicatedNow = adj && current ? marksOfCurrent(adj, current.claims, current.forbidden) : adj;
  if (adjudicatedNow) return { kind: 'value', marks: adjudicatedNow, source: 'adjudicated', of: current };
  const values = reviewers.flatMap((v) => {
    const marks = asClaimsStated(v);
    // reviewers are compared on the case's current claims: a mark of a claim it no longer has counts for
    // nothing, and a value that leaves a current claim unmarked is not given (the step asks it again)
    const own = marks && current ? marksOfCurrent(marks, current.claims, current.forbidden) : marks;
    return own ? [own] : [];
  });
  if (values.length === 0) return { kind: 'none' };
  const first = values[0];
  if (values.every((v) => sameMarks(v, first))) return { kind: 'value', marks: first, source: 'reviewer', of: current };
  if (!values.every((v) => sameStated(v, first))) return { kind: 'disagree' };
  const marks: Record<string, StatedMark> = {};
  const citationsDisputed: string[] = [];
  for (const [id, mark] of Object.entries(first)) {
    if (values.every((v) => (v[id].citation ?? null) === (mark.citation ?? null))) marks[id] = mark;
    else {
      marks[id] = { stated: mark.stated };
      citationsDisputed.push(id);
    }
  }
  return { kind: 'value', marks, source: 'reviewer', citationsDisputed, of: current };
}

/**
 * A "stated" value's marks of the case's current claims (required and forbidden, by id), or null when
 * the figures cannot use it: no value, reviewers who disagree, or a value that leaves a current claim
 * unmarked (given before the claims changed: the step asks it again, and a claim it never saw is not
 * "not stated"). Marks of claims the case no longer has are left out. A value statedState resolved
 * for these very ids is used as it is: the figures ask this of every response several times.
 */
export function currentMarks(stated: StatedState, ids: StatedIds): Readonly<Record<string, StatedMark>> | null {
  if (stated.kind !== 'value') return null;
  return stated.of === ids ? stated.marks : marksOfCurrent(stated.marks, ids.claims, ids.forbidden);
}

/** Marks of the current claims, or null when one of them is unmarked (as currentMarks). */
function marksOfCurrent(marks: Readonly<Record<string, StatedMark>>, claimIds: readonly string[], forbiddenIds: readonly string[]): Readonly<Record<string, StatedMark>> | null {
  for (const id of claimIds) if (!(id in marks)) return null;
  for (const id of forbiddenIds) if (!(id in marks)) return null;
  let keys = 0;
  for (const _ in marks) keys += 1;
  if (keys === claimIds.length + forbiddenIds.length) return marks;
  const current: Record<string, StatedMark> = {};
  for (const id of claimIds) current[id] = marks[id];
  for (const id of forbiddenIds) current[id] = marks[id];
  return current;
}

/** The ids a case's "stated" values mark, built once per case object. */
export const statedIdsOf = builtOnce((kase: DxCase): StatedIds => ({ claims: kase.claims.map((c) => c.id), forbidden: kase.forbidden.map((f) => f.id) }));

/** currentMarks of a response for its case. */
export function caseMarks(response: DxResponse, kase: DxCase): Readonly<Record<string, StatedMark>> | null {
  return currentMarks(response.stated, statedIdsOf(kase));
}

export interface StatedClaim {
  id: string;
  text: string;
  forbidden: boolean;
}

/**
 * The step's list: the required claims (settled, else imported) with their stable ids, then the forbidden
 * claims, each once (two that differ only in spacing are one claim, with one id and so one mark).
 */
export function statedClaimList(claims: readonly { text: string; id?: string | null }[], forbidden: readonly string[]): StatedClaim[] {
  return [
    ...withClaimIds(claims).map((c) => ({ id: c.id, text: c.text, forbidden: false })),
    ...forbiddenClaimsOnce(forbidden).map((f) => ({ ...f, forbidden: true })),
  ];
}

/**
 * Every listed claim marked (unmarked ones as not stated), a citation verdict kept only on stated claims
 * of an answer that carries citations (`cited`).
 */
export function completeMarks(list: readonly StatedClaim[], draft: Readonly<Record<string, StatedMark>>, cited: boolean): ClaimsStatedValue {
  const out: ClaimsStatedValue = {};
  for (const c of list) {
    const mark = draft[c.id];
    out[c.id] = mark?.stated ? { stated: true, ...(cited && mark.citation ? { citation: mark.citation } : {}) } : { stated: false };
  }
  return out;
}

/** Listed claims the saved value does not cover: the claims changed since, so the step asks again. */
export const unmarkedClaims = (list: readonly StatedClaim[], value: Readonly<Record<string, StatedMark>> | null): StatedClaim[] =>
  value ? list.filter((c) => !(c.id in value)) : [];
