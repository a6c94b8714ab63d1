export { normalizeForMatch } from './normalize';
export { citationsOfClaims, distinctUnits, type RetrievalUnit, type UnitCitation } from './units';
export { chunkHolds, holdsOfList, inRankOrder, type MatchChunk } from './holds';
export {
  METRIC_KEYS, firstRankOf, metricsFromHolds, retrievalMetrics, unitsFoundAt,
  type MetricKey, type RetrievalFigures, type UnitGrades,
} from './metrics';
