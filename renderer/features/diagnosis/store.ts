import { create } from 'zustand';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { setCaseLeak } from '../cases/caseLeak';
import { useKeptLists } from './keptLists';

export type DiagnosisReport = OpOutput<'diagnosis.report'>;
export type DiagnosisSystem = OpOutput<'diagnosis.systems'>[number];

interface DiagnosisState {
  testSetId: string | null;
  systems: DiagnosisSystem[] | null;
  system: string | null;
  report: DiagnosisReport | null;
  loading: boolean;
  error: ApiErrorBody | null;
  init(testSetId: string | null): Promise<void>;
  setSystem(system: string): void;
  refresh(): Promise<void>;
  setLeak(caseId: string, leak: boolean): Promise<void>;
}

let ticket = 0;

export const useDiagnosisStore = create<DiagnosisState>()((set, get) => {
  async function loadReport(): Promise<void> {
    const { system } = get();
    const mine = ++ticket;
    if (!system) {
      set({ report: null, loading: false });
      return;
    }
    set({ loading: true, error: null });
    try {
      const report = await invoke('diagnosis.report', { system });
      if (mine === ticket) set({ report, loading: false });
    } catch (error) {
      if (mine === ticket) set({ error: toErrorBody(error), loading: false });
    }
  }

  return {
    testSetId: null,
    systems: null,
    system: null,
    report: null,
    loading: false,
    error: null,

    async init(testSetId) {
      if (get().testSetId !== testSetId) {
        set({ testSetId, systems: null, system: null, report: null });
        useKeptLists.getState().keepOnly(testSetId);
      }
      set({ loading: true, error: null });
      try {
        const systems = await invoke('diagnosis.systems', {});
        const kept = systems.find((s) => s.system === get().system)?.system;
        set({ systems, system: kept ?? systems[0]?.system ?? null });
        await loadReport();
      } catch (error) {
        set({ error: toErrorBody(error), loading: false });
      }
    },
    setSystem(system) {
      set({ system });
      void loadReport();
    },
    refresh: () => loadReport(),
    async setLeak(caseId, leak) {
      try {
        await setCaseLeak(caseId, leak);
        await loadReport();
      } catch (error) {
        set({ error: toErrorBody(error) });
      }
    },
  };
});
