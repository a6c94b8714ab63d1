export { normalizeForMatch } from './normalize';
export { citationsOfClaims, distinctUnits, type RetrievalUnit, type UnitCitation } from './units';
export { chunkHolds, holdsOfList, inRankOrder, type MatchChunk } from './holds';
export {
  METRIC_KEYS, firstRankOf, metricsFromHolds, retrievalMetrics, unitsFoundAt,
  type MetricKey, type RetrievalFigures, type UnitGrades,
} from './metrics';
export {
  MAX_K, SUMMARY_METRICS, compareRetrieval, cutoffFor, meanFigure, retrievalReport,
  type CaseRetrieval, type CaseRow, type CurvePoint, type Cutoff, type GroupMeans, type LostUnit, type MeanFigure, type Means,
  type Regression, type ResponseFigures, type ResponseRetrieval, type RetrievalComparison, type RetrievalData,
  type RetrievalListName, type RetrievalReport, type StoredUnit, type SummaryMetric,
} from './report';
export { allKFigures, curveFromAllK, reportFromAllK, retrievalCurve, type AllKFigures } from './all-k';
export { locateNormalized } from './locate';
