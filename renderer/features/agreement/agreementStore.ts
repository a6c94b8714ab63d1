import { create } from 'zustand';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import type { JudgeRun, Reference } from '../../../shared/api/agreement-ops';
import type { Reviewer } from '../../../shared/api/labeling-ops';
import { invoke } from '../../api/transport';
import { toErrorBody } from '../../common/errors';
import { openCaseInCasesView } from '../cases/openCaseInCasesView';

export type JudgeVsHumanReport = OpOutput<'agreement.judgeVsHuman'>;
export type DimensionReport = JudgeVsHumanReport['dimensions'][number];
export type HumanVsHumanReport = OpOutput<'agreement.humanVsHuman'>;
export type HumanDimensionReport = HumanVsHumanReport['dimensions'][number];
export type BiasCorrectedReport = OpOutput<'agreement.biasCorrected'>;
export type BiasCorrectedDimensionReport = BiasCorrectedReport['dimensions'][number];

/** Whose labels the judge is compared with: everyone's, one reviewer's, or adjudicated values. */
export type ReferenceChoice = { kind: 'allReviewers' } | { kind: 'adjudicated' } | { kind: 'reviewer'; reviewerId: number };

interface AgreementState {
  testSetId: string | null;
  runs: JudgeRun[] | null;
  reviewers: Reviewer[];
  runId: number | null;
  reference: ReferenceChoice;
  /** The dimension whose details are shown. */
  dimension: string | null;
  judgeVsHuman: JudgeVsHumanReport | null;
  humanVsHuman: HumanVsHumanReport | null;
  biasCorrected: BiasCorrectedReport | null;
  loading: boolean;
  error: ApiErrorBody | null;

  /** Loads the runs and reviewers (fresh each time the screen opens) and the figures. */
  init(testSetId: string | null): Promise<void>;
  setRun(runId: number): void;
  setReference(reference: ReferenceChoice): void;
  selectDimension(dimension: string): void;
  refresh(): Promise<void>;
  /** Shows a case in the Cases view (its list selection and reading pane). */
  openCase(caseId: string): void;
}

let ticket = 0;

export const useAgreementStore = create<AgreementState>()((set, get) => {
  async function loadFigures(): Promise<void> {
    const { runId, reference } = get();
    const mine = ++ticket;
    if (runId === null) {
      set({ judgeVsHuman: null, humanVsHuman: null, biasCorrected: null, loading: false });
      return;
    }
    set({ loading: true, error: null });
    try {
      const input = { runId, reference: reference as Reference };
      const [judgeVsHuman, humanVsHuman, biasCorrected] = await Promise.all([
        invoke('agreement.judgeVsHuman', input),
        invoke('agreement.humanVsHuman', {}),
        invoke('agreement.biasCorrected', input),
      ]);
      if (mine !== ticket) return;
      const names = judgeVsHuman.dimensions.map((d) => d.dimension);
      const current = get().dimension;
      set({
        judgeVsHuman,
        humanVsHuman,
        biasCorrected,
        loading: false,
        dimension: current && names.includes(current) ? current : names[0] ?? null,
      });
    } catch (error) {
      if (mine !== ticket) return;
      set({ loading: false, error: toErrorBody(error) });
    }
  }

  return {
    testSetId: null,
    runs: null,
    reviewers: [],
    runId: null,
    reference: { kind: 'allReviewers' },
    dimension: null,
    judgeVsHuman: null,
    humanVsHuman: null,
    biasCorrected: null,
    loading: false,
    error: null,

    async init(testSetId) {
      const switched = testSetId !== get().testSetId;
      if (switched) {
        set({ testSetId, runs: null, runId: null, reference: { kind: 'allReviewers' }, dimension: null, judgeVsHuman: null, humanVsHuman: null, biasCorrected: null });
      }
      try {
        const [runs, reviewers] = await Promise.all([invoke('judgeRuns.list', {}), invoke('reviewers.list', {})]);
        if (testSetId !== get().testSetId) return;
        const { runId, reference } = get();
        const keepRun = runId !== null && runs.some((r) => r.id === runId);
        const keepReviewer = reference.kind !== 'reviewer' || reviewers.some((r) => r.id === reference.reviewerId);
        set({
          runs,
          reviewers,
          runId: keepRun ? runId : runs[0]?.id ?? null,
          reference: keepReviewer ? reference : { kind: 'allReviewers' },
        });
        await loadFigures();
      } catch (error) {
        set({ runs: [], error: toErrorBody(error) });
      }
    },

    setRun(runId) {
      if (runId === get().runId) return;
      set({ runId });
      void loadFigures();
    },

    setReference(reference) {
      set({ reference });
      void loadFigures();
    },

    selectDimension(dimension) {
      set({ dimension });
    },

    refresh: () => get().init(get().testSetId),

    openCase: openCaseInCasesView,
  };
});
