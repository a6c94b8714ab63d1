import { create } from 'zustand';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import { MAX_K } from '../../../shared/retrieval/report';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';

export type RetrievalSystemRow = OpOutput<'retrieval.systems'>[number];
export type RetrievalReport = OpOutput<'retrieval.report'>;
export type RetrievalCurve = OpOutput<'retrieval.curve'>;
export type RetrievalCase = OpOutput<'retrieval.case'>;
export type AssemblyLoss = OpOutput<'retrieval.assemblyLoss'>;
export type Comparison = OpOutput<'retrieval.compare'>;

/** Which ranked list, at which cutoff: candidates or final context at k, or the final context as a whole. */
export type ListChoice = 'candidates' | 'context' | 'whole';
export interface Cutoff {
  choice: ListChoice;
  k: number;
}
export type RetrievalTab = 'overview' | 'assembly' | 'compare';

export const listOf = (c: Cutoff) => (c.choice === 'candidates' ? 'candidates' : 'context') as 'candidates' | 'context';
export const kOf = (c: Cutoff): number | 'whole' => (c.choice === 'whole' ? 'whole' : c.k);
const DEFAULT_K = 5;

interface RetrievalState {
  testSetId: string | null;
  systems: RetrievalSystemRow[] | null;
  system: string | null;
  cutoff: Cutoff;
  tab: RetrievalTab;
  report: RetrievalReport | null;
  curve: RetrievalCurve | null;
  loading: boolean;
  error: ApiErrorBody | null;
  detail: RetrievalCase | null;
  assembly: AssemblyLoss | null;
  baseline: string | null;
  baselineCutoff: Cutoff;
  comparison: Comparison | null;

  init(testSetId: string | null): Promise<void>;
  setSystem(system: string): void;
  setCutoff(cutoff: Partial<Cutoff>): void;
  /** One step of k (the `[` and `]` keys), within 1–20. */
  stepK(delta: number): void;
  setTab(tab: RetrievalTab): void;
  openCase(caseId: string): Promise<void>;
  closeCase(): void;
  setBaseline(system: string | null): void;
  setBaselineCutoff(cutoff: Partial<Cutoff>): void;
}

// The latest request of each kind wins; an older answer arriving late is dropped.
const tickets = { report: 0, curve: 0, compare: 0, assembly: 0, detail: 0 };

export const useRetrievalStore = create<RetrievalState>()((set, get) => {
  async function load<K extends keyof typeof tickets, T>(kind: K, fetch: () => Promise<T>, apply: (value: T) => Partial<RetrievalState>): Promise<void> {
    const mine = ++tickets[kind];
    try {
      const value = await fetch();
      if (mine === tickets[kind]) set(apply(value));
    } catch (error) {
      if (mine === tickets[kind]) set({ error: toErrorBody(error), loading: false });
    }
  }

  function loadReport(): void {
    const { system, cutoff } = get();
    if (!system) return;
    set({ loading: true, error: null });
    void load('report', () => invoke('retrieval.report', { system, list: listOf(cutoff), k: kOf(cutoff) }), (report) => ({ report, loading: false }));
  }

  function loadCurve(): void {
    const { system, cutoff } = get();
    if (!system) return;
    void load('curve', () => invoke('retrieval.curve', { system, list: listOf(cutoff) }), (curve) => ({ curve }));
  }

  function loadTab(): void {
    const { system, tab, baseline, cutoff, baselineCutoff } = get();
    if (!system) return;
    if (tab === 'assembly') void load('assembly', () => invoke('retrieval.assemblyLoss', { system }), (assembly) => ({ assembly }));
    if (tab === 'compare' && baseline) {
      void load('compare', () => invoke('retrieval.compare', {
        system, baseline, list: listOf(cutoff), k: kOf(cutoff), baselineList: listOf(baselineCutoff), baselineK: kOf(baselineCutoff),
      }), (comparison) => ({ comparison }));
    }
  }

  function reloadAll(): void {
    set({ detail: null, comparison: null });
    loadReport();
    loadCurve();
    loadTab();
  }

  return {
    testSetId: null,
    systems: null,
    system: null,
    cutoff: { choice: 'context', k: DEFAULT_K },
    tab: 'overview',
    report: null,
    curve: null,
    loading: false,
    error: null,
    detail: null,
    assembly: null,
    baseline: null,
    baselineCutoff: { choice: 'context', k: DEFAULT_K },
    comparison: null,

    async init(testSetId) {
      if (testSetId !== get().testSetId) {
        set({ testSetId, systems: null, system: null, report: null, curve: null, detail: null, assembly: null, baseline: null, comparison: null });
      }
      try {
        const systems = await invoke('retrieval.systems', {});
        if (testSetId !== get().testSetId) return;
        const { system, baseline } = get();
        const keep = system !== null && systems.some((s) => s.system === system);
        const chosen = keep ? system : systems[systems.length - 1]?.system ?? null;
        const chosenRow = systems.find((s) => s.system === chosen);
        set({
          systems,
          system: chosen,
          baseline: baseline && systems.some((s) => s.system === baseline) ? baseline : null,
          // a version without candidates can only be measured on its final context
          cutoff: chosenRow && chosenRow.withCandidates === 0 && get().cutoff.choice === 'candidates' ? { ...get().cutoff, choice: 'context' } : get().cutoff,
        });
        reloadAll();
      } catch (error) {
        set({ systems: [], error: toErrorBody(error) });
      }
    },

    setSystem(system) {
      if (system === get().system) return;
      set({ system, assembly: null });
      reloadAll();
    },

    setCutoff(partial) {
      const before = get().cutoff;
      const cutoff = { ...before, ...partial };
      if (cutoff.choice === before.choice && cutoff.k === before.k) return;
      // the comparison keeps both sides at the same cutoff unless the person changes the baseline's
      const sameAsBaseline = get().baselineCutoff.choice === before.choice && get().baselineCutoff.k === before.k;
      set({ cutoff, ...(sameAsBaseline ? { baselineCutoff: cutoff } : {}) });
      loadReport();
      if (cutoff.choice !== before.choice && listOf(cutoff) !== listOf(before)) loadCurve();
      loadTab();
    },

    stepK(delta) {
      const { cutoff } = get();
      if (cutoff.choice === 'whole') return;
      const k = Math.min(MAX_K, Math.max(1, cutoff.k + delta));
      get().setCutoff({ k });
    },

    setTab(tab) {
      set({ tab });
      loadTab();
    },

    async openCase(caseId) {
      const { system } = get();
      if (!system) return;
      await load('detail', () => invoke('retrieval.case', { system, caseId }), (detail) => ({ detail }));
    },

    closeCase() {
      tickets.detail += 1;
      set({ detail: null });
    },

    setBaseline(baseline) {
      set({ baseline, comparison: null });
      loadTab();
    },

    setBaselineCutoff(partial) {
      set({ baselineCutoff: { ...get().baselineCutoff, ...partial }, comparison: null });
      loadTab();
    },
  };
});
