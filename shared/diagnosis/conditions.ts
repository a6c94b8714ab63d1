import { caseUnits, listHolds } from './evidence';
import { refOf, type ResponseRef } from './quadrant';
import { pushTo, rate, type Rate } from './rate';
import type { Condition, Dependency, DxCase, DxResponse, Sourced } from './types';

/**
 * The same system version under counterfactual inputs: its responses to one case, paired by
 * condition. Where a case has two responses of one condition the first by response id is used and
 * the rest are counted as duplicates (they would otherwise be counted twice).
 */
export interface CasePairs {
  caseId: string;
  byCondition: Partial<Record<Condition, DxResponse>>;
}

/**
 * Every condition in place from the start (unpaired ones undefined): at 100,000 responses objects of
 * one shape are written and read several times faster than objects each growing its own keys.
 */
const noneYet = (): CasePairs['byCondition'] => ({
  normal: undefined, 'gold-context': undefined, 'no-retrieval': undefined, 'distractors-only': undefined, reordered: undefined, conflict: undefined,
});

export function pairAcrossConditions(responses: readonly DxResponse[]): { pairs: Map<string, CasePairs>; duplicates: number } {
  const pairs = new Map<string, CasePairs>();
  let duplicates = 0;
  const byId = (a: DxResponse, b: DxResponse) => (a.responseId < b.responseId ? -1 : a.responseId > b.responseId ? 1 : 0);
  // the file hands them over by id already: sort only when they are not
  let sorted = true;
  for (let i = 1; i < responses.length && sorted; i++) sorted = byId(responses[i - 1], responses[i]) <= 0;
  const ordered = sorted ? responses : [...responses].sort(byId);
  for (const response of ordered) {
    let entry = pairs.get(response.caseId);
    if (!entry) pairs.set(response.caseId, (entry = { caseId: response.caseId, byCondition: noneYet() }));
    if (entry.byCondition[response.condition]) duplicates += 1;
    else entry.byCondition[response.condition] = response;
  }
  return { pairs, duplicates };
}

/** Every unit of the case's claims is held by the response's final context; null without units. */
export function retrievalComplete(response: DxResponse, kase: DxCase): boolean | null {
  const units = caseUnits(kase);
  if (units.length === 0) return null;
  const context = listHolds(response, kase, 'context');
  return units.every((_, u) => context.first.has(u));
}

export interface TableCell<K extends string> {
  key: K;
  share: Rate;
  cases: ResponseRef[];
}

function cellsOf<K extends string>(keys: readonly K[], placed: ReadonlyMap<K, ResponseRef[]>): TableCell<K>[] {
  const total = [...placed.values()].reduce((sum, refs) => sum + refs.length, 0);
  return keys.map((key) => {
    const cases = placed.get(key) ?? [];
    return { key, share: rate(cases.length, total), cases };
  });
}

function place<K extends string>(placed: Map<K, ResponseRef[]>, key: K, ref: ResponseRef): void {
  pushTo(placed, key, ref);
}

// ---- gold context ------------------------------------------------------------------------------

export const GOLD_CELLS = ['good-good', 'bad-retrieval-good-generation', 'good-retrieval-bad-generation', 'bad-bad'] as const;
export type GoldCell = (typeof GOLD_CELLS)[number];

export interface GoldContextTable {
  cells: TableCell<GoldCell>[];
  /** Where the gold-context answer's correctness came from. */
  correctnessFrom: { human: number; judge: number };
  /** noNormal: gold-context runs of cases the system has no normal response to pair with. */
  excluded: { noEvidence: number; notAssessed: number; noNormal: number };
}

/** Retrieval complete in the normal run × the gold-context answer correct. The ref is the gold-context response. */
export function goldContextTable(pairs: ReadonlyMap<string, CasePairs>, cases: ReadonlyMap<string, DxCase>): GoldContextTable {
  const placed = new Map<GoldCell, ResponseRef[]>();
  const correctnessFrom = { human: 0, judge: 0 };
  const excluded = { noEvidence: 0, notAssessed: 0, noNormal: 0 };
  for (const { caseId, byCondition } of pairs.values()) {
    const normal = byCondition.normal;
    const gold = byCondition['gold-context'];
    const kase = cases.get(caseId);
    if (!gold || !kase) continue;
    if (!normal) {
      excluded.noNormal += 1;
      continue;
    }
    const complete = retrievalComplete(normal, kase);
    if (complete === null) {
      excluded.noEvidence += 1;
      continue;
    }
    if (!gold.correct) {
      excluded.notAssessed += 1;
      continue;
    }
    correctnessFrom[gold.correct.source] += 1;
    const right = gold.correct.value;
    const key: GoldCell = complete ? (right ? 'good-good' : 'good-retrieval-bad-generation') : right ? 'bad-retrieval-good-generation' : 'bad-bad';
    place(placed, key, refOf(gold));
  }
  return { cells: cellsOf(GOLD_CELLS, placed), correctnessFrom, excluded };
}

// ---- no-retrieval baseline ---------------------------------------------------------------------

export const BASELINE_CELLS = ['both-right', 'only-with-retrieval', 'only-without-retrieval', 'both-wrong'] as const;
export type BaselineCell = (typeof BASELINE_CELLS)[number];

export interface BaselineGroup {
  questionType: string | null;
  dependency: Dependency;
  cells: TableCell<BaselineCell>[];
  /** Strong dependency: cases answered right without retrieval ("it remembered today"). */
  rightWithoutRetrieval: Rate;
}

export interface NoRetrievalBaseline {
  cells: TableCell<BaselineCell>[];
  groups: BaselineGroup[];
  /** Answered right without retrieval and not yet flagged: candidates for the lead's leak flag. */
  leakCandidates: ResponseRef[];
  /** Cases the lead flagged as leaks (they measure the model's memory). */
  flagged: string[];
  /** noNormal: no-retrieval runs of cases the system has no normal response to pair with (still leak candidates when right). */
  excluded: { notAssessed: number; noNormal: number };
}

const correctOf = (c: Sourced<boolean> | null): boolean | null => (c ? c.value : null);

// case-9 before case-10, whatever the reader's locale
const CASE_ORDER = new Intl.Collator('en', { numeric: true });

/** Per case: correct without retrieval × correct with retrieval (refs are the no-retrieval responses). */
export function noRetrievalBaseline(pairs: ReadonlyMap<string, CasePairs>, cases: ReadonlyMap<string, DxCase>, dependency: Readonly<Record<string, Dependency>>): NoRetrievalBaseline {
  const all = new Map<BaselineCell, ResponseRef[]>();
  const byType = new Map<string | null, Map<BaselineCell, ResponseRef[]>>();
  const leakCandidates: ResponseRef[] = [];
  let notAssessed = 0;
  let noNormal = 0;
  for (const { caseId, byCondition } of pairs.values()) {
    const withR = byCondition.normal;
    const without = byCondition['no-retrieval'];
    const kase = cases.get(caseId);
    if (!without || !kase) continue;
    const b = correctOf(without.correct);
    if (!withR) {
      // nothing to compare with, but a right answer without retrieval is what the leak flag is for
      noNormal += 1;
      if (b && !kase.leak) leakCandidates.push(refOf(without));
      continue;
    }
    const a = correctOf(withR.correct);
    if (a === null || b === null) {
      notAssessed += 1;
      continue;
    }
    const key: BaselineCell = a && b ? 'both-right' : a ? 'only-with-retrieval' : b ? 'only-without-retrieval' : 'both-wrong';
    const ref = refOf(without);
    place(all, key, ref);
    let group = byType.get(kase.questionType);
    if (!group) byType.set(kase.questionType, (group = new Map()));
    place(group, key, ref);
    if (b && !kase.leak) leakCandidates.push(ref);
  }
  const groups = [...byType.entries()]
    .sort(([a], [b]) => String(a ?? '\uffff').localeCompare(String(b ?? '\uffff')))
    .map(([questionType, placed]) => {
      const cells = cellsOf(BASELINE_CELLS, placed);
      const n = cells.reduce((sum, c) => sum + c.cases.length, 0);
      const right = (placed.get('both-right')?.length ?? 0) + (placed.get('only-without-retrieval')?.length ?? 0);
      return { questionType, dependency: dependencyOf(dependency, questionType), cells, rightWithoutRetrieval: rate(right, n) };
    });
  const flagged = [...cases.values()].filter((c) => c.leak).map((c) => c.caseId);
  // a list the lead works down, by case id (pairs come in response-id order)
  leakCandidates.sort((a, b) => CASE_ORDER.compare(a.caseId, b.caseId));
  return { cells: cellsOf(BASELINE_CELLS, all), groups, leakCandidates, flagged, excluded: { notAssessed, noNormal } };
}

/** A question type depends strongly on the knowledge base unless the settings say it is supplementary. */
export const dependencyOf = (dependency: Readonly<Record<string, Dependency>>, questionType: string | null): Dependency =>
  (questionType !== null ? dependency[questionType] : undefined) ?? 'strong';

// ---- distractors only, reordered ---------------------------------------------------------------

/** Behaviours that flag the gap rather than answer from distractors. */
const SAFE_BEHAVIOURS = new Set(['refused', 'asked-clarification', 'corrected-premise']);

export interface UnsafeRate {
  unsafe: Rate;
  responses: ResponseRef[];
  excluded: { notLabeled: number };
}

/**
 * Distractors only: answering instead of refusing or flagging the gap is unsafe. One response per case
 * (the paired one): a case's extra runs are counted as duplicates, not as further independent cases.
 */
export function distractorsOnly(pairs: ReadonlyMap<string, CasePairs>): UnsafeRate {
  const unsafe: ResponseRef[] = [];
  let n = 0;
  let notLabeled = 0;
  for (const { byCondition } of pairs.values()) {
    const r = byCondition['distractors-only'];
    if (!r) continue;
    if (r.behavior === null) {
      notLabeled += 1;
      continue;
    }
    n += 1;
    if (!SAFE_BEHAVIOURS.has(r.behavior)) unsafe.push(refOf(r));
  }
  return { unsafe: rate(unsafe.length, n), responses: unsafe, excluded: { notLabeled } };
}

export interface ReorderedChange {
  changed: Rate;
  cases: ResponseRef[];
  /** noNormal: reordered runs of cases the system has no normal response to compare with. */
  excluded: { notAssessed: number; noNormal: number };
}

/** The correctness value a response was given (any change counts, partly right to wrong too), else whether it is at the top. */
const correctnessOf = (r: DxResponse): string | null => (r.correctValue !== undefined ? r.correctValue : r.correct ? String(r.correct.value) : null);

/** The share of cases whose correctness changes when only the order of the context changes (refs: the reordered responses). */
export function reorderedChange(pairs: ReadonlyMap<string, CasePairs>): ReorderedChange {
  const changed: ResponseRef[] = [];
  let n = 0;
  let notAssessed = 0;
  let noNormal = 0;
  for (const { caseId, byCondition } of pairs.values()) {
    const normal = byCondition.normal;
    const reordered = byCondition.reordered;
    if (!reordered) continue;
    if (!normal) {
      noNormal += 1;
      continue;
    }
    const a = correctnessOf(normal);
    const b = correctnessOf(reordered);
    if (a === null || b === null) {
      notAssessed += 1;
      continue;
    }
    n += 1;
    if (a !== b) changed.push(refOf(reordered));
  }
  return { changed: rate(changed.length, n), cases: changed, excluded: { notAssessed, noNormal } };
}
