import { REFERENCE_ANSWER_FIELD, isClaimsValue, type LabelValue } from '../domain/dimensions';
import type { Claim } from '../domain/schemas';
import { canonicalJson } from './values';

/**
 * Conflicts: a case field edited in two places (each expert on their own
 * copy, merged by label packs) is never silently settled; the lead picks.
 *
 * For one case and one field, each reviewer's current value counts once.
 * Values are compared normalised: text trimmed; claims by their text and
 * their evidence (document and quote, in order; offsets ignored). A value
 * equal to the imported one is no version of its own: that reviewer kept the
 * case as it came. The field is in conflict when two or more distinct
 * versions remain and no resolution covers them: a resolution covers the
 * versions when each is one it considered or the value it chose. So a
 * reviewer adopting the settled value, or a third reviewer agreeing with one
 * considered version, changes nothing; any other later edit reopens it. One
 * reviewer editing alone is never a conflict.
 */

export const CONFLICT_FIELDS = ['claims', REFERENCE_ANSWER_FIELD] as const;
export type ConflictField = (typeof CONFLICT_FIELDS)[number];

export const isConflictField = (name: string): name is ConflictField => (CONFLICT_FIELDS as readonly string[]).includes(name);

/** A reviewer's current value of the field: their latest event (null: cleared or undone to nothing). */
export interface FieldCurrent {
  uid: string;
  reviewer: string;
  at: string;
  value: LabelValue;
}

export interface FieldResolution {
  value: LabelValue;
  /** The values of the versions it considered. */
  considered: readonly LabelValue[];
  at: string;
}

export interface ConflictVersion {
  /** The value as its first holder recorded it (evidence offsets kept); versions differ in their normalised values. */
  value: LabelValue;
  /** The reviewers holding it, oldest event first. */
  holders: { uid: string; reviewer: string; at: string }[];
}

export interface DetectedConflict {
  field: ConflictField;
  versions: ConflictVersion[];
  /** The event uids of every holder: what a resolution must have seen. */
  uids: string[];
}

function normaliseClaims(value: readonly Claim[]): Claim[] {
  return value.map((claim) => ({
    text: claim.text.trim(),
    evidence: claim.evidence.map((e) => ({ docId: e.docId, quote: e.quote.trim() })),
  }));
}

/** The value as compared; null when it is no value of this field. */
export function normaliseFieldValue(field: ConflictField, value: LabelValue | undefined): LabelValue {
  if (value === null || value === undefined) return null;
  if (field === 'claims') return isClaimsValue(value) ? normaliseClaims(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.replace(/\r\n?/g, '\n').trim();
  return text === '' ? null : text;
}

export const fieldValueKey = (field: ConflictField, value: LabelValue | undefined): string => canonicalJson(normaliseFieldValue(field, value));

/** The versions of a field that differ from the imported value, each with who holds it. */
export function fieldVersions(field: ConflictField, imported: LabelValue | undefined, currents: readonly FieldCurrent[]): ConflictVersion[] {
  const importedKey = fieldValueKey(field, imported ?? null);
  const byKey = new Map<string, ConflictVersion>();
  for (const current of [...currents].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))) {
    const value = normaliseFieldValue(field, current.value);
    if (value === null) continue;
    const key = canonicalJson(value);
    if (key === importedKey) continue;
    const version = byKey.get(key) ?? { value: current.value, holders: [] };
    version.holders.push({ uid: current.uid, reviewer: current.reviewer, at: current.at });
    byKey.set(key, version);
  }
  return [...byKey.values()];
}

/** Whether a resolution settles exactly these versions (each considered by it or the value it chose). */
export function resolutionCovers(field: ConflictField, resolution: FieldResolution, versions: readonly ConflictVersion[]): boolean {
  const settled = new Set([...resolution.considered, resolution.value].map((v) => fieldValueKey(field, v)));
  return versions.every((v) => settled.has(fieldValueKey(field, v.value)));
}

/** The open conflict of one case field, or null. */
export function detectConflict(
  field: ConflictField,
  imported: LabelValue | undefined,
  currents: readonly FieldCurrent[],
  /** Oldest first. */
  resolutions: readonly FieldResolution[],
): DetectedConflict | null {
  const versions = fieldVersions(field, imported, currents);
  if (versions.length < 2) return null;
  // only the latest resolution settles the field: an older one must not hide an edit made after a newer one
  const latest = resolutions.at(-1);
  if (latest && resolutionCovers(field, latest, versions)) return null;
  return { field, versions, uids: versions.flatMap((v) => v.holders.map((h) => h.uid)).sort() };
}

/** Whether the uids a lead saw are exactly those of the conflict now. */
export function sameUids(seen: readonly string[], conflict: DetectedConflict): boolean {
  const sorted = [...new Set(seen)].sort();
  return sorted.length === conflict.uids.length && sorted.every((uid, i) => uid === conflict.uids[i]);
}

/** The claims a case shows as settled (a resolution's value), or null while the imported claims stand. */
export function settledClaimsOf(settled: { claims: { value: LabelValue } | null } | undefined): Claim[] | null {
  const value = settled?.claims?.value;
  return isClaimsValue(value) ? value : null;
}

/** Above this many character pairs a text diff only compares the common start and end. */
const DIFF_CELLS = 4_000_000;

/**
 * A text cut into runs it shares with another text and runs only it has
 * (a longest-common-subsequence diff over characters), so a reader sees at
 * once where two versions part ways.
 */
export function textDiff(text: string, other: string): { text: string; changed: boolean }[] {
  const a = Array.from(text);
  const b = Array.from(other);
  const kept = new Array<boolean>(a.length).fill(false);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) kept[start++] = true;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) kept[a.length - 1 - end++] = true;
  const n = a.length - start - end;
  const m = b.length - start - end;
  if (n > 0 && m > 0 && n * m <= DIFF_CELLS) {
    // lengths of the longest common subsequence of a[i..] and b[j..], row by row from the end
    const width = m + 1;
    const lcs = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * width + j] = a[start + i] === b[start + j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
      }
    }
    for (let i = 0, j = 0; i < n && j < m; ) {
      if (a[start + i] === b[start + j]) {
        kept[start + i] = true;
        i++;
        j++;
      } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) i++;
      else j++;
    }
  }
  const runs: { text: string; changed: boolean }[] = [];
  a.forEach((char, i) => {
    const last = runs[runs.length - 1];
    if (last && last.changed === !kept[i]) last.text += char;
    else runs.push({ text: char, changed: !kept[i] });
  });
  return runs;
}

const claimKey = (claim: Claim) => canonicalJson(normaliseClaims([claim])[0]);

/** For each claim of a version: whether no other version holds the same claim (text and evidence). */
export function claimsOnlyHere(versions: readonly LabelValue[], index: number): boolean[] {
  const mine = versions[index];
  if (!isClaimsValue(mine)) return [];
  const elsewhere = new Set(versions.flatMap((v, i) => (i !== index && isClaimsValue(v) ? v.map(claimKey) : [])));
  return mine.map((claim) => !elsewhere.has(claimKey(claim)));
}

/**
 * Claims typed one per line by the lead: empty lines dropped; a line whose
 * text equals a claim of the given versions (first found) keeps that claim's evidence.
 */
export function claimsFromLines(text: string, versions: readonly LabelValue[]): Claim[] {
  const known = new Map<string, Claim>();
  for (const version of versions) {
    if (!isClaimsValue(version)) continue;
    for (const claim of version) if (!known.has(claim.text.trim())) known.set(claim.text.trim(), claim);
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => ({ text: line, evidence: known.get(line)?.evidence.map((e) => ({ ...e })) ?? [] }));
}
