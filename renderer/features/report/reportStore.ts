import { create } from 'zustand';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import type { Reviewer } from '../../../shared/api/labeling-ops';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { openCaseInCasesView } from '../cases/openCaseInCasesView';

export type CrossTableReport = OpOutput<'reports.refusalCrossTable'>;
export type CrossTableGroup = CrossTableReport['groups'][number];
export type SystemSummary = OpOutput<'reports.systems'>[number];

/** Cases of an opened cell are fetched this many at a time. */
export const CELL_PAGE = 20;
const CELL_FETCH_PARALLEL = 4;

export interface OpenCell {
  questionType: string;
  answerability: string;
  behavior: string;
  caseIds: string[];
}

export type CellCase = { state: 'loading' } | { state: 'ready'; query: string } | { state: 'error'; message: string };

interface ReportState {
  testSetId: string | null;
  systems: SystemSummary[] | null;
  reviewers: Reviewer[];
  system: string | null;
  /** null: the latest label of anyone. */
  reviewerId: number | null;
  report: CrossTableReport | null;
  /** The response-behaviour values in labeling order (the cross-table's column order). */
  behaviorOrder: string[];
  loading: boolean;
  error: ApiErrorBody | null;

  cell: OpenCell | null;
  cellCases: Record<string, CellCase>;
  cellShown: number;

  init(testSetId: string | null): Promise<void>;
  setSystem(system: string): void;
  setReviewer(reviewerId: number | null): void;
  refresh(): Promise<void>;
  openCell(cell: OpenCell): void;
  closeCell(): void;
  showMoreCell(): void;
  /** Shows a case in the Cases view (its list selection and reading pane). */
  openCase(caseId: string): void;
}

let reportTicket = 0;
let cellTicket = 0;

export const useReportStore = create<ReportState>()((set, get) => {
  async function loadReport(): Promise<void> {
    const { system, reviewerId } = get();
    const ticket = ++reportTicket;
    if (!system) {
      set({ report: null, loading: false });
      return;
    }
    set({ loading: true, error: null });
    try {
      const report = await invoke('reports.refusalCrossTable', { system, reviewerId });
      if (ticket !== reportTicket) return;
      set({ report, loading: false });
      // an open cell follows the fresh figures (or closes when it no longer exists)
      const cell = get().cell;
      if (cell) {
        const fresh = report.groups
          .find((g) => g.questionType === cell.questionType)
          ?.cells.filter((c) => c.answerability === cell.answerability && c.behavior === cell.behavior)
          .flatMap((c) => c.caseIds);
        if (!fresh || fresh.length === 0) get().closeCell();
        else if (fresh.join('\u0000') !== cell.caseIds.join('\u0000')) get().openCell({ ...cell, caseIds: fresh });
      }
    } catch (error) {
      if (ticket !== reportTicket) return;
      set({ loading: false, error: toErrorBody(error) });
    }
  }

  async function fetchCellCases(ids: string[], ticket: number): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++];
        try {
          const detail = await invoke('cases.get', { id });
          if (ticket !== cellTicket) return;
          set((s) => ({ cellCases: { ...s.cellCases, [id]: { state: 'ready', query: detail.case.query } } }));
        } catch (error) {
          if (ticket !== cellTicket) return;
          set((s) => ({ cellCases: { ...s.cellCases, [id]: { state: 'error', message: toErrorBody(error).message } } }));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CELL_FETCH_PARALLEL, ids.length) }, worker));
  }

  function loadCellRange(from: number, to: number): void {
    const cell = get().cell;
    if (!cell) return;
    const ids = cell.caseIds.slice(from, to).filter((id) => !get().cellCases[id]);
    if (ids.length === 0) return;
    const pending: Record<string, CellCase> = {};
    for (const id of ids) pending[id] = { state: 'loading' };
    set((s) => ({ cellCases: { ...s.cellCases, ...pending } }));
    void fetchCellCases(ids, cellTicket);
  }

  return {
    testSetId: null,
    systems: null,
    reviewers: [],
    system: null,
    reviewerId: null,
    report: null,
    behaviorOrder: [],
    loading: false,
    error: null,
    cell: null,
    cellCases: {},
    cellShown: 0,

    async init(testSetId) {
      const changed = testSetId !== get().testSetId;
      if (changed) {
        reportTicket++;
        cellTicket++;
        set({ testSetId, systems: null, reviewers: [], system: null, reviewerId: null, report: null, cell: null, cellCases: {}, error: null });
      }
      if (!testSetId) return;
      set({ loading: true, error: null });
      try {
        const [systems, reviewers, dimensions] = await Promise.all([
          invoke('reports.systems', {}),
          invoke('reviewers.list', {}),
          invoke('dimensions.list', {}),
        ]);
        if (testSetId !== get().testSetId) return;
        const behavior = dimensions.find((d) => d.name === 'responseBehavior');
        const { system, reviewerId } = get();
        set({
          systems,
          reviewers,
          behaviorOrder: behavior ? behavior.options.map((o) => String(o.value)) : [],
          system: system && systems.some((s) => s.system === system) ? system : (systems[0]?.system ?? null),
          reviewerId: reviewerId !== null && reviewers.some((r) => r.id === reviewerId) ? reviewerId : null,
        });
        await loadReport();
      } catch (error) {
        if (testSetId !== get().testSetId) return;
        set({ loading: false, error: toErrorBody(error), systems: get().systems ?? [] });
      }
    },

    setSystem(system) {
      if (system === get().system) return;
      cellTicket++;
      set({ system, report: null, cell: null, cellCases: {} });
      void loadReport();
    },

    setReviewer(reviewerId) {
      if (reviewerId === get().reviewerId) return;
      set({ reviewerId });
      void loadReport();
    },

    refresh: () => get().init(get().testSetId),

    openCell(cell) {
      const current = get().cell;
      const same =
        current !== null &&
        current.questionType === cell.questionType &&
        current.answerability === cell.answerability &&
        current.behavior === cell.behavior;
      if (!same) cellTicket++;
      set({ cell, cellShown: Math.min(CELL_PAGE, cell.caseIds.length), ...(same ? {} : { cellCases: {} }) });
      loadCellRange(0, CELL_PAGE);
    },

    closeCell() {
      cellTicket++;
      set({ cell: null, cellCases: {}, cellShown: 0 });
    },

    showMoreCell() {
      const { cell, cellShown } = get();
      if (!cell) return;
      const next = Math.min(cell.caseIds.length, cellShown + CELL_PAGE);
      set({ cellShown: next });
      loadCellRange(cellShown, next);
    },

    openCase: openCaseInCasesView,
  };
});
