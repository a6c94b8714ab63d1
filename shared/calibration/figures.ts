import { reasonSentence, type ReasonCode } from '../messages/reasons.en';
import type { CoefficientKey, Figure } from '../api/agreement-ops';
import type { JudgeRef, RoundFigures } from '../api/calibration-ops';
import type { Dimension } from '../domain/dimensions';
import {
  biasCorrectedDimension, biasCorrectionApplies, judgeVsHumanDimension, type AgreementOptions, type AgreementPair,
} from '../agreement';
import { pointFigure } from '../agreement/figures';
import { numericValue } from '../agreement/bias-corrected';
import { MIN_POOLED_RANDOM, populationEstimate } from './population';
import { scaleOf } from './scale';

/** [min, max] of a correctable dimension's values (binary 0–1). */
function scaleRange(dimension: Dimension): [number, number] {
  const scale = scaleOf(dimension);
  if (dimension.type === 'binary') return [0, 1];
  const positions = dimension.options.map((o) => scale.position(o.value)).filter((v): v is number => v !== null);
  if (dimension.type === 'numeric') return [dimension.min ?? Number.NEGATIVE_INFINITY, dimension.max ?? Number.POSITIVE_INFINITY];
  return positions.length ? [Math.min(...positions), Math.max(...positions)] : [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
}

/**
 * The figures a round stores when it closes and the drift report's comparisons, assembled by the
 * judge-agreement engine (shared/agreement) from (human, judge) pairs, so the calibration screens
 * show exactly what "Judge vs human" would for the same pairs. The one place calibration turns
 * pairs into numbers.
 */

/** The agreement coefficient a round and a drift check report, by dimension type (all: higher = better). */
export function agreementKey(type: Dimension['type']): CoefficientKey | null {
  switch (type) {
    case 'categorical':
      return 'cohenKappa';
    case 'binary':
      return 'gwetAC1';
    case 'ordinal':
      return 'krippendorffOrdinal';
    case 'numeric':
      return 'krippendorffInterval';
    default:
      return null;
  }
}

export const CATEGORICAL_BIAS_REASON: ReasonCode = 'categorical-bias';
export const NOT_CORRECTABLE_REASON: ReasonCode = 'not-correctable';
export const NO_RANDOM_REASON: ReasonCode = 'no-random';
export const NO_JUDGE_REASON: ReasonCode = 'no-judge';

export interface CellPair {
  itemKey: string;
  caseId: string;
  responseId: string | null;
  human: unknown;
  judge: unknown;
  slices?: readonly string[];
  questionType?: string | null;
  /** Picked by the random half of a round (only those estimate the population). */
  random?: boolean;
}

export interface PairFigures {
  n: number;
  agreementKey: CoefficientKey | null;
  agreement: Figure;
  percentAgreement: Figure;
  /** Judge − human: mean difference (numeric, ordinal) or pass-rate difference (binary). */
  bias: Figure;
  reason: ReasonCode | null;
}

const undefinedFigure = (reason: ReasonCode): Figure => pointFigure(Number.NaN, reason);

/** A reason as it travels: the code and its English sentence. */
const because = (code: ReasonCode | null) => ({ reason: code && reasonSentence(code), reasonCode: code });

/** Agreement and bias of judge values against reference values (one pair per item). */
export function pairFigures(dimension: Dimension, pairs: readonly CellPair[], options?: AgreementOptions): PairFigures {
  const key = agreementKey(dimension.type);
  const agreementPairs: AgreementPair[] = pairs.map((p) => ({
    itemKey: p.itemKey, caseId: p.caseId, responseId: p.responseId, reviewer: null, human: p.human, judge: p.judge, rationale: null,
    slices: p.slices ?? [], questionType: p.questionType ?? null,
  }));
  const result = judgeVsHumanDimension({ dimension, verdicts: pairs.length, pairs: agreementPairs, options: { disagreementLimit: 0, ...options } });
  const byKey = new Map(result.coefficients.map((c) => [c.key, c]));
  const strip = (c: { key: CoefficientKey } & Figure | undefined, fallback: ReasonCode): Figure =>
    c ? { value: c.value, reason: c.reason, reasonCode: c.reasonCode, ci95: c.ci95, ciMethod: c.ciMethod, ciReason: c.ciReason, ciReasonCode: c.ciReasonCode } : undefinedFigure(fallback);
  const noPairs: ReasonCode = result.reasonCode ?? 'no-pairs';
  let bias: Figure;
  if (dimension.type === 'categorical') bias = undefinedFigure(CATEGORICAL_BIAS_REASON);
  else if (result.bias?.mean) bias = result.bias.mean.difference;
  else if (result.bias?.rate) bias = result.bias.rate.difference;
  else bias = undefinedFigure(noPairs);
  return {
    n: result.n,
    agreementKey: key,
    agreement: key ? strip(byKey.get(key), noPairs) : undefinedFigure('no-coefficient'),
    percentAgreement: strip(byKey.get('percentAgreement'), noPairs),
    bias,
    reason: result.n === 0 ? result.reasonCode ?? null : null,
  };
}

export interface RoundFiguresInput {
  dimension: Dimension;
  judge: JudgeRef | null;
  /** (adjudicated value, the round's judge verdict) per cell with both. */
  pairs: readonly CellPair[];
  /** Every verdict of the judge run on this dimension (latest per item): the whole test set for the corrected estimate. */
  verdicts: readonly { itemKey: string; value: unknown }[];
  /**
   * The random halves of the consecutive closed rounds before this one scored by the same judge
   * version, newest first: (final value, this round's judge verdict) per item. An item picked again
   * keeps its newest value.
   */
  earlier?: readonly { roundId: number; pairs: readonly CellPair[] }[];
  /** This round's id (first in the pooled round list). */
  roundId?: number;
  options?: AgreementOptions;
}

/** This round's random pairs and the earlier rounds' pooled after them; an item once, its newest value. */
export function pooledRandomPairs(pairs: readonly CellPair[], earlier: readonly { roundId: number; pairs: readonly CellPair[] }[]): { pairs: CellPair[]; roundIds: number[] } {
  const seen = new Set<string>();
  const out: CellPair[] = [];
  const take = (list: readonly CellPair[]) => {
    for (const p of list) {
      if (!p.random || seen.has(p.itemKey)) continue;
      seen.add(p.itemKey);
      out.push(p);
    }
  };
  take(pairs);
  const roundIds: number[] = [];
  for (const r of earlier) {
    roundIds.push(r.roundId);
    take(r.pairs);
  }
  return { pairs: out, roundIds };
}

/**
 * What a closing round stores for one dimension. The top-level agreement, percent agreement and
 * bias (and n) are the population figures: the pooled random halves alone. The changed half was
 * picked because the judge's score moved, so a figure over both halves is not an estimate of
 * anything; it is kept apart as `changed` and never computed mixed.
 */
export function roundFigures(input: RoundFiguresInput): RoundFigures {
  const { dimension } = input;
  if (!input.judge) {
    const none = undefinedFigure(NO_JUDGE_REASON);
    const stratum = { agreement: none, percentAgreement: none, bias: none };
    return {
      dimension: dimension.name, type: dimension.type, judge: null, n: 0, agreementKey: agreementKey(dimension.type),
      ...stratum, judgeRaw: none, corrected: none, ...because(NO_JUDGE_REASON),
      random: { roundIds: input.roundId === undefined ? [] : [input.roundId], items: 0, minItems: MIN_POOLED_RANDOM, ...stratum, humanMean: none },
      changed: { n: 0, ...stratum },
      computed: 'close',
    };
  }
  // the population figures rest on the random halves alone (pooled): the changed half was picked because of the judge
  const pooled = pooledRandomPairs(input.pairs, input.earlier ?? []);
  const randomFigures = pairFigures(dimension, pooled.pairs, input.options);
  const changedPairs = input.pairs.filter((p) => !p.random);
  const changedFigures = pairFigures(dimension, changedPairs, input.options);
  let judgeRaw: Figure;
  let corrected: Figure;
  let humanMean: Figure;
  if (biasCorrectionApplies(dimension)) {
    const human = new Map<string, unknown[]>(pooled.pairs.map((p) => [p.itemKey, [p.human]]));
    const bc = biasCorrectedDimension({ dimension, verdicts: input.verdicts, human });
    judgeRaw = bc.judgeRaw;
    const judgeOnEligible = new Map<string, number>();
    for (const v of input.verdicts) {
      const value = numericValue(dimension, v.value);
      if (value !== null) judgeOnEligible.set(String(v.itemKey), value);
    }
    const randomItems = pooled.pairs.flatMap((p) => {
      const h = numericValue(dimension, p.human);
      const j = numericValue(dimension, p.judge);
      return h === null || j === null ? [] : [{ itemKey: p.itemKey, human: h, judge: j }];
    });
    const population = populationEstimate({ random: randomItems, judgeOnEligible, scale: scaleRange(dimension) });
    corrected = population.corrected;
    humanMean = population.humanMean;
  } else {
    judgeRaw = undefinedFigure(NOT_CORRECTABLE_REASON);
    corrected = undefinedFigure(NOT_CORRECTABLE_REASON);
    humanMean = undefinedFigure(NOT_CORRECTABLE_REASON);
  }
  const population = { agreement: randomFigures.agreement, percentAgreement: randomFigures.percentAgreement, bias: randomFigures.bias };
  return {
    dimension: dimension.name,
    type: dimension.type,
    judge: input.judge,
    n: randomFigures.n,
    agreementKey: randomFigures.agreementKey,
    ...population,
    judgeRaw,
    corrected,
    ...because(randomFigures.n === 0 ? NO_RANDOM_REASON : null),
    random: {
      roundIds: input.roundId === undefined ? pooled.roundIds : [input.roundId, ...pooled.roundIds],
      items: randomFigures.n,
      minItems: MIN_POOLED_RANDOM,
      ...population,
      humanMean,
    },
    changed: { n: changedFigures.n, agreement: changedFigures.agreement, percentAgreement: changedFigures.percentAgreement, bias: changedFigures.bias },
    computed: 'close',
  };
}

/**
 * Round figures as a file stores them. Rounds closed before the halves were kept apart have no
 * `random` / `changed`; rounds closed before the top-level figures were the random half's have
 * both but no `computed`, and their top-level figures mixed the halves.
 */
export type StoredRoundFigures = Omit<RoundFigures, 'random' | 'changed' | 'computed'> & Partial<Pick<RoundFigures, 'random' | 'changed' | 'computed'>>;

/**
 * Stored figures as the API serves them: the top-level figures are the random half's (for a round
 * stored with mixed top-level figures they are taken from its `random`, computed at close). null
 * when the stored figures have no halves at all: the caller recomputes them from the round's items.
 */
export function servedFigures(stored: StoredRoundFigures): RoundFigures | null {
  if (stored.computed) return stored as RoundFigures;
  const { random, changed } = stored;
  if (!random || !changed) return null;
  return {
    ...stored,
    n: random.items,
    agreement: random.agreement,
    percentAgreement: random.percentAgreement,
    bias: random.bias,
    // a stored reason without a code (an older file) travels as the sentence it is
    ...(random.items === 0 ? (stored.judge ? because(NO_RANDOM_REASON) : { reason: stored.reason, reasonCode: stored.reasonCode ?? null }) : because(null)),
    random,
    changed,
    computed: 'close',
  };
}

export type JudgeField = 'model' | 'version' | 'prompt';

type JudgeParts = Pick<JudgeRef, 'model' | 'modelVersion' | 'promptVersion'>;

/** Which parts of the judge changed between two trend points: model, model version, prompt version. */
export function judgeChanges<J extends JudgeParts>(previous: J | null, next: J | null): JudgeField[] {
  if (!previous || !next) return [];
  const changed: JudgeField[] = [];
  if (previous.model !== next.model) changed.push('model');
  if (previous.modelVersion !== next.modelVersion) changed.push('version');
  if (previous.promptVersion !== next.promptVersion) changed.push('prompt');
  return changed;
}

/** Whether the judge changed between two trend points, and how (null: the same judge). */
export function judgeBreak(previous: JudgeRef | null, current: JudgeRef | null): string | null {
  if (previous === null && current === null) return null;
  if (previous === null || current === null) return current === null ? 'no judge run in this round' : 'a judge run appears';
  const words: Record<JudgeField, string> = {
    model: `judge model ${previous.model} → ${current.model}`,
    version: `model version ${previous.modelVersion} → ${current.modelVersion}`,
    prompt: `prompt version ${previous.promptVersion} → ${current.promptVersion}`,
  };
  const parts = judgeChanges(previous, current).map((field) => words[field]);
  return parts.length ? parts.join(', ') : null;
}
