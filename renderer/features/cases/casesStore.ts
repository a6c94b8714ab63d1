import { create } from 'zustand';
import type { ApiErrorBody, CaseFacets, CaseFilters, CaseSummary } from '../../../shared/api/contract';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { useDetailStore } from '../case-detail/detailStore';
import { onSessionReset } from '../../common/session';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { useNavigationStore } from '../../shell/navigationStore';
import { listCall, PAGE_SIZE } from './listCall';

export { PAGE_SIZE };

const MAX_IN_FLIGHT = 3;
/** Pages kept in memory; the farthest from the visible rows are dropped first. */
const MAX_CACHED_PAGES = 120;
const SEARCH_DEBOUNCE_MS = 150;

export const FILTER_NAMES = ['answerability', 'questionType', 'slice', 'split', 'origin', 'leak', 'labeled', 'flag'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** A person's own choice on holdout cases; null: the test set's setting decides (db/holdout-visibility.ts). */
export type HoldoutChoice = 'include' | 'exclude' | null;

export type AppliedFilters = { search: string; holdout: HoldoutChoice } & Record<FilterName, string | null>;

const NO_FILTERS: AppliedFilters = { search: '', holdout: null, answerability: null, questionType: null, slice: null, split: null, origin: null, leak: null, labeled: null, flag: null };

/**
 * The filters as the contract takes them, with the reviewer labeling in this window as "me" (the
 * label facet counts by me / not by me against them). Values come from the backend's own facets,
 * so they belong to the contract's vocabularies.
 */
export function toRequest(filters: AppliedFilters): CaseFilters {
  const request: Record<string, string | number> = { search: filters.search };
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value !== null) request[name] = value;
  }
  if (filters.holdout !== null) request.holdout = filters.holdout;
  const me = useReviewerStore.getState().current;
  if (me) request.reviewerId = me.id;
  return request as CaseFilters;
}

export function hasActiveFilters(filters: AppliedFilters): boolean {
  return filters.search !== '' || filters.holdout !== null || FILTER_NAMES.some((name) => filters[name] !== null);
}

interface CasesState {
  /** What is typed in the search box (applied after a short pause). */
  searchText: string;
  /** The filters the list and count currently show. */
  filters: AppliedFilters;
  /** Bumped whenever the filters (or the test set) change; stale answers are dropped. */
  generation: number;
  facets: CaseFacets | null;
  facetsLoaded: boolean;
  /** Rows matching the filters (from the facets; the list length). */
  count: number;
  pages: Record<number, CaseSummary[]>;
  pending: Record<number, true>;
  failed: Record<number, true>;
  error: ApiErrorBody | null;
  selectedIndex: number;
  selectedId: string | null;

  setSearchText(text: string): void;
  clearSearch(): void;
  setFilter(name: FilterName, value: string | null): void;
  /** Shows or leaves out the holdout cases (the "include holdout" toggle). */
  setHoldout(choice: 'include' | 'exclude'): void;
  clearFilters(): void;
  reload(): void;
  /** Another reviewer took the window: what "me" counts changed; the rows only when they are filtered by it. */
  reviewerChanged(): void;
  reset(): void;
  /** The Cases view tells when it is on screen: list and counts are asked for only then. */
  setShown(shown: boolean): void;
  /** The list reports the rows it shows; missing pages are fetched. */
  requestRange(start: number, end: number): void;
  /** `deliberate`: a person moved there (a key), not the window's own first selection. */
  select(index: number, deliberate?: boolean): void;
  selectRow(index: number, id: string): void;
  move(delta: number): void;
}

let wanted = { start: 0, end: 60 };
let inFlight = 0;
let priorityPage: number | null = null;
/** Whether the selection waiting for its row's page was a person's (see select). */
let pendingDeliberate = false;
let searchTimer: ReturnType<typeof setTimeout> | null = null;
/** The generation whose counts were asked for: once per generation, after its first page. */
let facetsAskedFor = -1;
/** Bumped by each counts request: an answer overtaken by a later request of the same generation is dropped. */
let facetsAsk = 0;
let shown = false;
/** A reload came while the Cases view was not on screen: it runs when the view is shown. */
let reloadWhenShown = false;

export function rowAt(state: Pick<CasesState, 'pages'>, index: number): CaseSummary | undefined {
  return state.pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
}

export const useCasesStore = create<CasesState>()((set, get) => {
  function pump(): void {
    // the list mounts (and reports its rows) before the view says it is shown: one first page, not two
    if (!shown) return;
    const s = get();
    const lastPage = s.facetsLoaded ? Math.ceil(s.count / PAGE_SIZE) - 1 : Number.POSITIVE_INFINITY;
    const first = Math.floor(wanted.start / PAGE_SIZE);
    const last = Math.floor(wanted.end / PAGE_SIZE);
    const order: number[] = [];
    if (priorityPage !== null) order.push(priorityPage);
    for (let p = first; p <= last; p++) order.push(p);
    // read one page ahead either way, once the length of the list is known
    if (s.facetsLoaded) order.push(last + 1, first - 1);
    for (const page of order) {
      if (inFlight >= MAX_IN_FLIGHT) return;
      if (page < 0 || page > lastPage) continue;
      if (s.pages[page] || s.pending[page] || s.failed[page]) continue;
      void fetchPage(page, s.generation);
      if (page === priorityPage) priorityPage = null;
    }
  }

  async function fetchPage(page: number, generation: number): Promise<void> {
    inFlight++;
    set((s) => ({ pending: { ...s.pending, [page]: true } }));
    try {
      const { rows } = await invoke('cases.list', listCall(toRequest(get().filters), page));
      if (generation !== get().generation) return;
      inFlight--;
      set((s) => {
        const pending = { ...s.pending };
        delete pending[page];
        const pages = evict({ ...s.pages, [page]: rows }, s.selectedIndex);
        const end = page * PAGE_SIZE + rows.length;
        // a short page tells the exact length before the (slower) facets do; a full one that there are at
        // least this many rows, so they show before the counts arrive (on a file just opened, the facet index
        // is built first)
        const short = rows.length < PAGE_SIZE;
        const count = s.facetsLoaded ? (short && end < s.count ? end : s.count) : short && page === 0 ? end : Math.max(s.count, end);
        return { pages, pending, count };
      });
      settleSelection();
    } catch (error) {
      if (generation !== get().generation) return;
      inFlight--;
      set((s) => {
        const pending = { ...s.pending };
        delete pending[page];
        return { pending, failed: { ...s.failed, [page]: true }, error: toErrorBody(error) };
      });
    } finally {
      if (generation === get().generation) {
        askFacets(generation);
        pump();
      }
    }
  }

  /**
   * The counts come after the list: asked for once the first page of these filters has answered, so a
   * keystroke's rows never wait behind counting, and counts of filters already replaced (typing on) are
   * never asked for at all.
   */
  function askFacets(generation: number): void {
    if (facetsAskedFor === generation) return;
    facetsAskedFor = generation;
    void fetchFacets(generation);
  }

  function evict(pages: Record<number, CaseSummary[]>, selectedIndex: number): Record<number, CaseSummary[]> {
    const keys = Object.keys(pages).map(Number);
    if (keys.length <= MAX_CACHED_PAGES) return pages;
    const centre = (wanted.start + wanted.end) / 2 / PAGE_SIZE;
    const keep = new Set(
      keys.sort((a, b) => Math.abs(a - centre) - Math.abs(b - centre)).slice(0, MAX_CACHED_PAGES),
    );
    if (selectedIndex >= 0) keep.add(Math.floor(selectedIndex / PAGE_SIZE));
    const kept: Record<number, CaseSummary[]> = {};
    for (const key of keep) if (pages[key]) kept[key] = pages[key];
    return kept;
  }

  async function fetchFacets(generation: number): Promise<void> {
    const ask = ++facetsAsk;
    try {
      const facets = await invoke('cases.facets', { filters: toRequest(get().filters) });
      if (generation !== get().generation || ask !== facetsAsk) return;
      set({ facets, facetsLoaded: true, count: facets.matching });
      if (facets.matching === 0) {
        // nothing left to show: the reading pane empties with the list
        set({ selectedId: null, selectedIndex: -1 });
        useDetailStore.getState().clear();
      }
      settleSelection();
      pump();
    } catch (error) {
      if (generation !== get().generation || ask !== facetsAsk) return;
      set({ facetsLoaded: true, count: 0, error: toErrorBody(error) });
    }
  }

  /** Ties the selected index and id together once the rows they need have arrived. */
  function settleSelection(): void {
    const s = get();
    if (s.selectedIndex >= 0 && s.selectedId === null) {
      const row = rowAt(s, s.selectedIndex);
      if (row) {
        set({ selectedId: row.id });
        useDetailStore.getState().load(row.id, pendingDeliberate);
      }
      return;
    }
    if (s.selectedIndex < 0 && s.selectedId !== null) {
      for (const [key, rows] of Object.entries(s.pages)) {
        const at = rows.findIndex((row) => row.id === s.selectedId);
        if (at >= 0) {
          set({ selectedIndex: Number(key) * PAGE_SIZE + at });
          return;
        }
      }
      return;
    }
    // the window's own first selection: a holdout case stays closed until a person opens it
    if (s.selectedIndex < 0 && s.selectedId === null && s.facetsLoaded && s.count > 0 && rowAt(s, 0)) {
      get().select(0, false);
    }
  }

  function applyFilters(filters: AppliedFilters): void {
    set({ filters });
    get().reload();
  }

  return {
    searchText: '',
    filters: NO_FILTERS,
    generation: 0,
    facets: null,
    facetsLoaded: false,
    count: 0,
    pages: {},
    pending: {},
    failed: {},
    error: null,
    selectedIndex: -1,
    selectedId: null,

    setSearchText(text) {
      set({ searchText: text });
      if (searchTimer) clearTimeout(searchTimer);
      searchTimer = setTimeout(() => {
        searchTimer = null;
        const search = get().searchText.trim();
        if (search !== get().filters.search) applyFilters({ ...get().filters, search });
      }, SEARCH_DEBOUNCE_MS);
    },

    clearSearch() {
      if (searchTimer) clearTimeout(searchTimer);
      searchTimer = null;
      set({ searchText: '' });
      if (get().filters.search !== '') applyFilters({ ...get().filters, search: '' });
    },

    setFilter(name, value) {
      if (get().filters[name] === value) return;
      applyFilters({ ...get().filters, [name]: value });
    },

    setHoldout(choice) {
      if (get().filters.holdout === choice) return;
      applyFilters({ ...get().filters, holdout: choice });
    },

    clearFilters() {
      if (searchTimer) clearTimeout(searchTimer);
      searchTimer = null;
      set({ searchText: '' });
      applyFilters(NO_FILTERS);
    },

    reload() {
      const generation = get().generation + 1;
      inFlight = 0;
      priorityPage = null;
      wanted = { start: 0, end: Math.max(60, wanted.end - wanted.start) };
      set({ generation, facetsLoaded: false, pages: {}, pending: {}, failed: {}, error: null, selectedIndex: -1 });
      if (!shown) {
        reloadWhenShown = true;
        return;
      }
      reloadWhenShown = false;
      // the first page first; its answer asks for the counts (on a file just opened they wait for the facet index)
      pump();
    },

    reviewerChanged() {
      if (!shown || get().filters.labeled !== null) {
        get().reload();
        return;
      }
      // the counts already asked for counted another "me"; not yet asked for, they will count this one
      if (facetsAskedFor === get().generation) void fetchFacets(get().generation);
    },

    setShown(isShown) {
      shown = isShown;
      if (shown && reloadWhenShown) get().reload();
      else if (shown) pump();
    },

    reset() {
      if (searchTimer) clearTimeout(searchTimer);
      searchTimer = null;
      useDetailStore.getState().clear();
      set({ searchText: '', filters: NO_FILTERS, facets: null, count: 0, selectedId: null });
      get().reload();
    },

    requestRange(start, end) {
      wanted = { start, end };
      pump();
    },

    select(index, deliberate = true) {
      const { count } = get();
      if (count === 0) return;
      const clamped = Math.max(0, Math.min(count - 1, index));
      const row = rowAt(get(), clamped);
      if (row) {
        set({ selectedIndex: clamped, selectedId: row.id });
        useDetailStore.getState().load(row.id, deliberate);
      } else {
        pendingDeliberate = deliberate;
        set({ selectedIndex: clamped, selectedId: null });
        priorityPage = Math.floor(clamped / PAGE_SIZE);
        pump();
      }
    },

    selectRow(index, id) {
      set({ selectedIndex: index, selectedId: id });
      useDetailStore.getState().load(id, true);
    },

    move(delta) {
      const { selectedIndex } = get();
      get().select(selectedIndex < 0 ? 0 : selectedIndex + delta);
    },
  };
});

onSessionReset('test-set', ({ testSetId }) => {
  if (testSetId) useCasesStore.getState().reset();
});

// "labeled by me" means someone else once another reviewer takes over the window
useReviewerStore.subscribe((state, previous) => {
  if (state.current?.id !== previous.current?.id && state.current !== null) useCasesStore.getState().reviewerChanged();
});

// Leaving the Cases view ends "shown" at once: while the next screen's script loads, the view stays mounted
// (hidden) and its unmount comes only after; coming back asks for what it needs as soon as it is chosen.
useNavigationStore.subscribe((state, previous) => {
  if (state.view !== previous.view) useCasesStore.getState().setShown(state.view === 'cases');
});
