import { useEffect } from 'react';
import { create } from 'zustand';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { usePick } from '../../common/usePick';

export type LayersReport = OpOutput<'diagnosis.layers'>;
export type TestSetHealth = OpOutput<'diagnosis.health'>;

interface LayersState {
  system: string | null;
  layers: LayersReport | null;
  health: TestSetHealth | null;
  error: ApiErrorBody | null;
  /** What the last load was for: every section asks, one request goes out. */
  loadedFor: unknown;
  load(system: string, reportKey: unknown): Promise<void>;
}

let ticket = 0;

/** The permission, data and agent layers of the shown system version, and the test set's health: fetched beside the main report. */
export const useLayersStore = create<LayersState>()((set, get) => ({
  system: null,
  layers: null,
  health: null,
  error: null,
  loadedFor: null,
  async load(system, reportKey) {
    if (get().system === system && get().loadedFor === reportKey) return;
    const mine = ++ticket;
    set({ system, loadedFor: reportKey, layers: null, error: null });
    try {
      const [layers, health] = await Promise.all([invoke('diagnosis.layers', { system }), invoke('diagnosis.health', {})]);
      if (mine === ticket) set({ layers, health });
    } catch (error) {
      if (mine === ticket) set({ error: toErrorBody(error) });
    }
  },
}));

/** The layers of `system` (loading them when the shown system or its report changes). */
export function useLayers(system: string, reportKey: unknown): Pick<LayersState, 'layers' | 'health' | 'error'> {
  const load = useLayersStore((s) => s.load);
  useEffect(() => {
    void load(system, reportKey);
  }, [load, system, reportKey]);
  const layers = useLayersStore((s) => (s.system === system ? s.layers : null));
  const { health, error } = usePick(useLayersStore, 'health', 'error');
  return { layers, health, error };
}
