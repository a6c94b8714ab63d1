/**
 * Touchstone statistics: agreement coefficients, correlations and intervals, each matching a
 * reference implementation (scikit-learn, statsmodels, krippendorff, irrCAC, SciPy, ppi_py).
 * Undefined results are NaN; every function has a `...Detailed` twin saying why.
 */
export { type Label, compareLabels, sortedUniqueLabels } from './labels';
export { type Detailed, type UndefinedCode, explainUndefined } from './undefined';
export { percentAgreement, percentAgreementDetailed } from './percent-agreement';
export { cohenKappa, cohenKappaDetailed, type CohenKappaOptions } from './cohen-kappa';
export { gwetAC1, gwetAC1Detailed, type GwetAc1Options } from './gwet-ac1';
export {
  krippendorffAlpha,
  krippendorffAlphaDetailed,
  type KrippendorffLevel,
  type KrippendorffOptions,
} from './krippendorff-alpha';
export { fleissKappa, fleissKappaDetailed, aggregateRaters } from './fleiss-kappa';
export { pearson, pearsonDetailed, spearman, spearmanDetailed, averageRanks, type CorrelationResult } from './correlation';
export { meanBias, meanBiasDetailed, Z_95, type MeanBiasResult } from './mean-bias';
export { ppiMean, ppiMeanDetailed, ppiLambda, type PpiMeanResult, type PpiMeanOptions } from './ppi-mean';
export { meanBiasClustered, meanBiasClusteredDetailed, type ClusteredMeanBias } from './clustered';
export {
  intervalState, rateDecidingN, rateVerdict, meanDecidingN, driftState,
  type ThresholdState, type ThresholdSide, type ThresholdVerdict, type DriftState,
} from './verdict';
export { wilson, wilsonDetailed } from './wilson';
export { clusterRatio, wilsonScore, type ClusterRatio } from './cluster-ratio';
export {
  bootstrapCI,
  bootstrapCIDetailed,
  mulberry32,
  percentile,
  type BootstrapOptions,
} from './bootstrap';
export { normalCdf, normalQuantile, regularizedBeta, studentTTwoSided } from './special';
export { studentTCritical, tInterval, type TInterval } from './t-interval';
