import { create } from 'zustand';
import type { ApiErrorBody } from '../../../shared/api/contract';
import type { RoundDetail, RoundFigures, RoundSummary, TrendPoint } from '../../../shared/api/calibration-ops';
import { parseWholeNumber } from './format';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { useLabelingStore } from '../labeling/labelingStore';
import { useNavigationStore } from '../../shell/navigationStore';
import { useReviewerStore } from '../reviewers/reviewerStore';

/** The weekly review screen: rounds, one round's page, its figures, and the trend. */

export type ReviewTab = 'rounds' | 'trend';
/** The round page's sections. */
export type RoundSection = 'items' | 'adjudicate' | 'figures';

export interface TrendDimension {
  dimension: string;
  type: string;
  points: TrendPoint[];
}

interface RoundState {
  testSetId: string | null;
  tab: ReviewTab;
  rounds: RoundSummary[] | null;
  listError: ApiErrorBody | null;

  /** The start form. */
  sizeText: string;
  seedText: string;
  starting: boolean;
  startError: ApiErrorBody | null;

  selectedId: number | null;
  detail: RoundDetail | null;
  detailLoading: boolean;
  detailError: ApiErrorBody | null;
  section: RoundSection;
  /** The "reveal early" confirmation. */
  confirmEarly: boolean;
  revealing: boolean;
  actionError: ApiErrorBody | null;
  closing: boolean;
  /** Bumped each time a round is (re)opened: its pages reload what they show. */
  revision: number;
  /** The selected round's stored figures (from closing it, or from the trend for an older round). */
  figures: RoundFigures[] | null;

  trend: TrendDimension[] | null;
  trendLoading: boolean;
  trendError: ApiErrorBody | null;

  init(testSetId: string | null): Promise<void>;
  setTab(tab: ReviewTab): void;
  setSize(text: string): void;
  setSeed(text: string): void;
  /** sameWeek: the person confirmed a second round in this ISO week. */
  start(sameWeek?: boolean): Promise<void>;
  select(roundId: number): Promise<void>;
  setSection(section: RoundSection): void;
  refreshDetail(): Promise<void>;
  /** Opens the Label view on this round's queue. */
  labelRound(): void;
  askRevealEarly(open: boolean): void;
  reveal(early: boolean): Promise<void>;
  close(): Promise<void>;
  loadTrend(): Promise<void>;
  /** A round summary changed elsewhere (an adjudication moved its status). */
  roundChanged(round: RoundSummary): void;
  /** Reloads the selected round's counts and progress, staying where the page is. */
  refreshCounts(): Promise<void>;
}

let detailTicket = 0;

/** The section a round opens on: what there is to do next. */
function sectionFor(status: RoundSummary['status']): RoundSection {
  if (status === 'closed') return 'figures';
  if (status === 'labeling') return 'items';
  return 'adjudicate';
}

function figuresFromTrend(trend: TrendDimension[], roundId: number): RoundFigures[] {
  const figures: RoundFigures[] = [];
  for (const dimension of trend) {
    const point = dimension.points.find((p) => p.roundId === roundId);
    if (point) figures.push(point);
  }
  return figures;
}

export const useRoundStore = create<RoundState>()((set, get) => {
  function replaceRound(round: RoundSummary): void {
    set((s) => ({ rounds: s.rounds ? s.rounds.map((r) => (r.id === round.id ? round : r)) : s.rounds }));
  }

  async function loadList(): Promise<void> {
    try {
      const rounds = await invoke('rounds.list', {});
      set({ rounds, listError: null });
    } catch (error) {
      set({ rounds: get().rounds ?? [], listError: toErrorBody(error) });
    }
  }

  async function loadFiguresFor(roundId: number): Promise<void> {
    try {
      const trend = await invoke('rounds.trend', {});
      if (get().selectedId !== roundId) return;
      set({ trend: trend.dimensions, figures: figuresFromTrend(trend.dimensions, roundId) });
    } catch (error) {
      set({ actionError: toErrorBody(error) });
    }
  }

  return {
    testSetId: null,
    tab: 'rounds',
    rounds: null,
    listError: null,
    sizeText: '30',
    seedText: '',
    starting: false,
    startError: null,
    selectedId: null,
    detail: null,
    detailLoading: false,
    detailError: null,
    section: 'items',
    confirmEarly: false,
    revealing: false,
    actionError: null,
    closing: false,
    revision: 0,
    figures: null,
    trend: null,
    trendLoading: false,
    trendError: null,

    async init(testSetId) {
      if (testSetId !== get().testSetId) {
        detailTicket++;
        set({
          testSetId, rounds: null, selectedId: null, detail: null, detailError: null, figures: null, trend: null, actionError: null,
          startError: null, confirmEarly: false,
        });
      }
      await loadList();
      const { selectedId, rounds, tab } = get();
      if (selectedId !== null && rounds?.some((r) => r.id === selectedId)) await get().refreshDetail();
      else if (rounds && rounds.length > 0) await get().select(rounds[0].id);
      if (tab === 'trend') void get().loadTrend();
    },

    setTab(tab) {
      set({ tab });
      if (tab === 'trend') void get().loadTrend();
    },

    setSize: (sizeText) => set({ sizeText, startError: null }),
    setSeed: (seedText) => set({ seedText, startError: null }),

    async start(sameWeek = false) {
      const { sizeText, seedText, starting } = get();
      if (starting) return;
      const size = parseWholeNumber(sizeText, 1, 1000);
      const seed = parseWholeNumber(seedText, 0, 2 ** 31 - 1);
      if (size.error || size.value === null || seed.error) return;
      set({ starting: true, startError: null });
      try {
        const detail = await invoke('rounds.start', { size: size.value, seed: seed.value, sameWeek });
        detailTicket++;
        set({
          starting: false, detail, selectedId: detail.round.id, section: 'items', figures: null, detailError: null, actionError: null, seedText: '',
        });
        await loadList();
      } catch (error) {
        set({ starting: false, startError: toErrorBody(error) });
      }
    },

    async select(roundId) {
      const mine = ++detailTicket;
      const same = get().selectedId === roundId;
      set((s) => ({ revision: s.revision + 1 }));
      set({ selectedId: roundId, detailLoading: true, detailError: null, actionError: null, confirmEarly: false, ...(same ? {} : { detail: null, figures: null }) });
      try {
        const detail = await invoke('rounds.get', { roundId });
        if (mine !== detailTicket) return;
        set({ detail, detailLoading: false, section: same ? get().section : sectionFor(detail.round.status) });
        replaceRound(detail.round);
        if (detail.round.status === 'closed') void loadFiguresFor(roundId);
      } catch (error) {
        if (mine !== detailTicket) return;
        set({ detailLoading: false, detailError: toErrorBody(error) });
      }
    },

    setSection(section) {
      set({ section });
    },

    async refreshDetail() {
      const { selectedId } = get();
      if (selectedId !== null) await get().select(selectedId);
    },

    labelRound() {
      const { selectedId } = get();
      if (selectedId === null) return;
      useLabelingStore.getState().startQueue({ source: 'round', roundId: selectedId });
      useNavigationStore.getState().setView('label');
    },

    askRevealEarly(open) {
      set({ confirmEarly: open });
    },

    async reveal(early) {
      const { selectedId, revealing } = get();
      if (selectedId === null || revealing) return;
      set({ revealing: true, actionError: null });
      try {
        // who revealed is recorded with the reveal (an early one above all)
        const detail = await invoke('rounds.reveal', { roundId: selectedId, early, reviewerId: useReviewerStore.getState().current?.id ?? null });
        set({ detail, revealing: false, confirmEarly: false, section: 'adjudicate' });
        replaceRound(detail.round);
      } catch (error) {
        set({ revealing: false, confirmEarly: false, actionError: toErrorBody(error) });
      }
    },

    async close() {
      const { selectedId, closing } = get();
      if (selectedId === null || closing) return;
      set({ closing: true, actionError: null });
      try {
        const result = await invoke('rounds.close', { roundId: selectedId });
        set({ closing: false, figures: result.figures, section: 'figures', trend: null });
        replaceRound(result.round);
        const detail = await invoke('rounds.get', { roundId: selectedId });
        if (get().selectedId === selectedId) set({ detail });
      } catch (error) {
        set({ closing: false, actionError: toErrorBody(error) });
      }
    },

    async loadTrend() {
      set({ trendLoading: true, trendError: null });
      try {
        const trend = await invoke('rounds.trend', {});
        set({ trend: trend.dimensions, trendLoading: false });
      } catch (error) {
        set({ trendLoading: false, trendError: toErrorBody(error) });
      }
    },

    async refreshCounts() {
      const { selectedId } = get();
      if (selectedId === null) return;
      try {
        const detail = await invoke('rounds.get', { roundId: selectedId });
        if (get().selectedId === selectedId) set({ detail });
        replaceRound(detail.round);
      } catch {
        // the page keeps the counts it has
      }
    },

    roundChanged(round) {
      replaceRound(round);
      set((s) => (s.detail && s.detail.round.id === round.id ? { detail: { ...s.detail, round } } : {}));
    },
  };
});
