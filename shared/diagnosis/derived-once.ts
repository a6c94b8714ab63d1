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
  if (!map) byCaseId.set(cases, (map = new Map(cases.map((c) => [c.caseId, c]))));
  return map;
}
