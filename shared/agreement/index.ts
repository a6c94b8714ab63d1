/**
 * The agreement & bias engine: judge vs human, human vs human and the bias-corrected estimate,
 * assembled from pairs of values with shared/stats. Pure TypeScript; the database queries are
 * in db/agreement.ts, the API handlers in server/agreement-handlers.ts.
 */
export {
  judgeVsHumanDimension, coefficientKeys, primaryKey, fitValue, validPairs, optionValues, ordinalScale, isDiscrete, pointEstimates,
  bootstrapReplicates, biasOf, NO_PAIRS_REASON, ADJUDICATED_REASON, MIN_RELIABLE_N, DISAGREEMENT_LIMIT, NUMERIC_TOLERANCE_SHARE, KAPPA_PARADOX, FAILURE_LAYER,
  type AgreementPair, type AgreementOptions, type JudgeVsHumanInput,
} from './judge-vs-human';
export { humanVsHumanDimension, NO_DOUBLE_LABELS_REASON, NO_COMPLETE_ITEMS_REASON, type LabeledItem, type HumanVsHumanInput } from './human-vs-human';
export {
  biasCorrectedDimension, biasCorrectionApplies, numericValue, ALL_LABELED_REASON, NO_LABELED_REASON, type BiasCorrectedInput,
} from './bias-corrected';
export {
  BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, EXACT_RESAMPLING_MAX_ITEMS, binomial, multinomial, forEachResample, groupItems, uniformFrom,
  type ResamplingMethod,
} from './resample';
export { num, percentileInterval, SMALL_N_INTERVAL_REASON } from './figures';
export { withinTolerance } from './tolerance';
export { CLAIMS_STATED_PER_CLAIM, isPerClaim, perClaimItems, perClaimPairs, STATED, NOT_STATED } from './claims-stated';
