/**
 * What a figure derives from one response (with its case and the test set's documents), kept while
 * the response object lives. The Diagnosis page keeps its read between visits and replaces only the
 * responses whose labels changed (db/diagnosis-inputs.ts), so at 100,000 responses a visit after a
 * label derives one response again, not all of them. A value is reused only with the very case and
 * documents it was derived with.
 */
export function derivedOnce<R extends object, A, B, V>(derive: (response: R, a: A, b: B) => V): (response: R, a: A, b: B) => V {
  const kept = new WeakMap<R, { a: A; b: B; value: V }>();
  return (response, a, b) => {
    const hit = kept.get(response);
    if (hit && hit.a === a && hit.b === b) return hit.value;
    const value = derive(response, a, b);
    kept.set(response, { a, b, value });
    return value;
  };
}

/** A value built from a list (the cases by id, an index of the documents), kept while the list object lives. */
export function builtOnce<L extends object, V>(build: (list: L) => V): (list: L) => V {
  const kept = new WeakMap<L, V>();
  return (list) => {
    let value = kept.get(list);
    if (value === undefined) kept.set(list, (value = build(list)));
    return value;
  };
}

const byCaseId = new WeakMap<readonly { caseId: string }[], Map<string, unknown>>();

/** A list of cases by id, built once while the list object lives. */
export function casesById<C extends { caseId: string }>(cases: readonly C[]): Map<string, C> {
  let map = byCaseId.get(cases) as Map<string, C> | undefined;
  if (!map) {
    map = new Map();
    for (const c of cases) map.set(c.caseId, c);
    byCaseId.set(cases, map);
  }
  return map;
}

const listOf = new WeakMap<ReadonlyMap<string, unknown>, unknown[]>();
const slotsOf = new WeakMap<ReadonlyMap<string, unknown>, Map<string, number>>();

/** The cases of a map in its order (a case's place in it is its slot), built once per map. */
export function caseList<C>(cases: ReadonlyMap<string, C>): readonly C[] {
  let list = listOf.get(cases);
  if (!list) listOf.set(cases, (list = [...cases.values()]));
  return list as C[];
}

/**
 * Each case id's place in the map, built once per map and only when asked: a response whose read gave
 * its case's place (`caseAt`) is placed without it.
 */
export function caseSlots(cases: ReadonlyMap<string, unknown>): ReadonlyMap<string, number> {
  let slots = slotsOf.get(cases);
  if (!slots) {
    slots = new Map();
    for (const id of cases.keys()) slots.set(id, slots.size);
    slotsOf.set(cases, slots);
  }
  return slots;
}

/** Per response of a list: its case's place in the map (-1: not in it) and its case (undefined: none). */
export interface CasesOfResponses<C> {
  slots: Int32Array;
  cases: readonly (C | undefined)[];
}

/** A response as casesOfResponses reads it: its case's id, and its case's place when the read gave it. */
interface CaseOfResponse {
  caseId: string;
  caseAt?: number;
}

const responseCases = new WeakMap<readonly CaseOfResponse[], { map: ReadonlyMap<string, unknown>; of: CasesOfResponses<unknown> }>();

/**
 * Each response's case and its place in the map, looked up once per list of responses: several figures go
 * over the same normal responses, and at 100,000 of them each further lookup by case id costs tens of ms.
 * A place the read gave (`caseAt`, its case's index in the input's cases, which is its place in their map)
 * is used when the case there has the response's case id; else the case is found by id. Like every value
 * kept here, it assumes what it was built from is not changed in place: the inputs are read once and a
 * newer read is made of new lists and maps (db/diagnosis-inputs.ts).
 */
export function casesOfResponses<C extends { caseId: string }>(responses: readonly CaseOfResponse[], cases: ReadonlyMap<string, C>): CasesOfResponses<C> {
  const kept = responseCases.get(responses);
  if (kept && kept.map === cases && kept.of.slots.length === responses.length) return kept.of as CasesOfResponses<C>;
  const list = caseList(cases);
  const slots = new Int32Array(responses.length);
  const of: (C | undefined)[] = new Array(responses.length);
  for (let i = 0; i < responses.length; i++) {
    const r = responses[i];
    const at = r.caseAt;
    const slot = at !== undefined && list[at]?.caseId === r.caseId ? at : (caseSlots(cases).get(r.caseId) ?? -1);
    slots[i] = slot;
    of[i] = slot < 0 ? undefined : list[slot];
  }
  const value = { slots, cases: of };
  responseCases.set(responses, { map: cases, of: value });
  return value;
}
