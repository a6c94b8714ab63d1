import type { Handlers } from '../../shared/api/contract';
import type { calibrationOps } from '../../shared/api/calibration-ops';
import type { Db } from '../../db/open';
import { anchorGet, anchorList, driftReport, exportAnchorSet, freezeAnchorSet, importAnchorSet } from './calibration-anchors';
import { adjudicate, closeRound, closedRoundFigures, listRoundSummaries, removeRound, revealRound, revealView, roundDetail, roundTrend, startRound } from './calibration-rounds';

export type CalibrationHandlers = Pick<Handlers, keyof typeof calibrationOps>;

/** The calibration operations: rounds in calibration-rounds.ts, anchor sets in calibration-anchors.ts; the CLI calls the same functions. */
export function createCalibrationHandlers(db: () => Db): CalibrationHandlers {
  return {
    'rounds.list': () => listRoundSummaries(db()),
    'rounds.start': (input) => startRound(db(), input),
    'rounds.get': ({ roundId }) => roundDetail(db(), roundId),
    'rounds.reveal': ({ roundId, early, reviewerId }) => revealRound(db(), roundId, early, reviewerId ?? null),
    'rounds.delete': ({ roundId }) => removeRound(db(), roundId),
    'rounds.revealView': ({ roundId }) => revealView(db(), roundId),
    'rounds.adjudicate': (input) => adjudicate(db(), input),
    'rounds.close': ({ roundId }) => closeRound(db(), roundId),
    'rounds.figures': ({ roundId }) => closedRoundFigures(db(), roundId ?? null),
    'rounds.trend': () => roundTrend(db()),
    'anchors.list': () => anchorList(db()),
    'anchors.get': (input) => anchorGet(db(), input),
    'anchors.freeze': (input) => freezeAnchorSet(db(), input),
    'anchors.export': (input) => exportAnchorSet(db(), input),
    'anchors.import': (input) => importAnchorSet(db(), input),
    'anchors.drift': (input) => driftReport(db(), input),
  };
}
