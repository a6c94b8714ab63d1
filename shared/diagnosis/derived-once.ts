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

const slotsOf = new WeakMap<ReadonlyMap<string, unknown>, { slots: Map<string, number>; list: unknown[] }>();

/** Each case id's place in the map, and the cases in that order (built once per map): tallies count into arrays, not maps. */
export function caseSlots<C>(cases: ReadonlyMap<string, C>): { slots: ReadonlyMap<string, number>; list: readonly C[] } {
  let built = slotsOf.get(cases);
  if (!built) {
    const slots = new Map<string, number>();
    const list: unknown[] = [];
    for (const [id, kase] of cases) {
      slots.set(id, list.length);
      list.push(kase);
    }
    slotsOf.set(cases, (built = { slots, list }));
  }
  return built as { slots: ReadonlyMap<string, number>; list: readonly C[] };
}

/** Per response of a list: its case's place in the map (-1: not in it) and its case (undefined: none). */
export interface CasesOfResponses<C> {
  slots: Int32Array;
  cases: readonly (C | undefined)[];
}

const responseCases = new WeakMap<readonly { caseId: string }[], { map: ReadonlyMap<string, unknown>; of: CasesOfResponses<unknown> }>();

/**
 * Each response's case and its place in the map, looked up once per list of responses: several figures go
 * over the same normal responses, and at 100,000 of them each further lookup by case id costs tens of ms.
 * Like every value kept here, it assumes what it was built from is not changed in place: the inputs are
 * read once and a newer read is made of new lists and maps (db/diagnosis-inputs.ts).
 */
export function casesOfResponses<C>(responses: readonly { caseId: string }[], cases: ReadonlyMap<string, C>): CasesOfResponses<C> {
  const kept = responseCases.get(responses);
  if (kept && kept.map === cases && kept.of.slots.length === responses.length) return kept.of as CasesOfResponses<C>;
  const { slots: byId, list } = caseSlots(cases);
  const slots = new Int32Array(responses.length);
  const of: (C | undefined)[] = new Array(responses.length);
  for (let i = 0; i < responses.length; i++) {
    const slot = byId.get(responses[i].caseId) ?? -1;
    slots[i] = slot;
    of[i] = slot < 0 ? undefined : list[slot];
  }
  const value = { slots, cases: of };
  responseCases.set(responses, { map: cases, of: value });
  return value;
}
