/**
 * The Diagnosis page carries every figure but only the first cases of each list (a cell's cases,
 * the failing responses of a layer, …): at 100,000 responses the whole lists weigh tens of
 * megabytes the window would parse and never show. The rest are read a page at a time
 * (`diagnosis.cases`) from the whole report the server keeps. `touchstone diagnose` prints the
 * whole lists.
 *
 * A list is named by its path in the report ("quadrant.cells.2.responses"); a list of responses
 * each assigned a layer is shown per layer, so it is cut per layer and one layer's part is named
 * "layers.assignments@retrieval".
 */

export const PAGE_CASES = 30;

/** What every row of a list of cases holds (a row may say more: a layer and its reason, a leak's chunks …). */
export type CaseRef = { caseId: string; responseId: string };

/** A report as the page gets it: its lists cut to their first cases, and each list's full length by name. */
export type PageOf<T> = T & { lists: Record<string, number> };

// a report's lists each hold one kind of row, so the first row says what the list is (at 100,000
// responses a list runs to tens of thousands of rows, and the page is cut after every label)
const isCaseList = (value: unknown[]): boolean =>
  value.length > 0 && typeof value[0] === 'object' && value[0] !== null && typeof (value[0] as { responseId?: unknown }).responseId === 'string';

const layerOf = (item: unknown): string | null => {
  const layer = (item as { layer?: unknown }).layer;
  return typeof layer === 'string' ? layer : null;
};

export function pageOf<T extends object>(report: T, shown = PAGE_CASES): PageOf<T> {
  const lists: Record<string, number> = {};
  const cut = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) {
      if (!isCaseList(value)) return value.map((item, i) => cut(item, path ? `${path}.${i}` : String(i)));
      lists[path] = value.length;
      if (layerOf(value[0]) !== null) {
        const perLayer = new Map<string, number>();
        const kept = value.filter((item) => {
          const layer = layerOf(item)!;
          const seen = perLayer.get(layer) ?? 0;
          perLayer.set(layer, seen + 1);
          return seen < shown;
        });
        for (const [layer, count] of perLayer) lists[`${path}@${layer}`] = count;
        return kept;
      }
      return value.slice(0, shown);
    }
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cut(item, path ? `${path}.${key}` : key)]));
    }
    return value;
  };
  return { ...(cut(report, '') as T), lists };
}

/** A page list name split into the list's path in the report and the layer of its part (undefined: the whole list); null when malformed. */
export function listName(name: string): { path: string; layer: string | undefined } | null {
  const [path, layer, ...rest] = name.split('@');
  return rest.length > 0 || layer === '' ? null : { path, layer };
}

/**
 * What a page list name asks of a whole list found at its path: the list, or its one layer's part;
 * null unless the list is a non-empty list of cases (and, for a part, one whose rows each name a layer
 * and some of them that layer).
 */
export function partOf(value: unknown, layer: string | undefined): unknown[] | null {
  if (!Array.isArray(value) || !isCaseList(value)) return null;
  if (layer === undefined) return value;
  if (layerOf(value[0]) === null) return null;
  const part = value.filter((item) => layerOf(item) === layer);
  return part.length > 0 ? part : null;
}

/**
 * The whole list a page list name points at: only the names the page's `lists` can hold (a non-empty
 * list of cases, or one layer's non-empty part of a list whose rows each name a layer); null for any other.
 */
export function caseListAt(report: object, name: string): unknown[] | null {
  const named = listName(name);
  if (!named) return null;
  let value: unknown = report;
  for (const key of named.path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return partOf(value, named.layer);
}
