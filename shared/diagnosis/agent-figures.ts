import { STOP_STATES, type StopState } from '../domain/schemas';
import { percentile } from '../stats/bootstrap';
import { groupBy } from './group-by';
import { rate, type Rate } from './rate';

/** The per-question-type default of `mustRetrieve` (settings key 'must_retrieve_types'): policy and amounts must retrieve. */
export type MustRetrieveDefaults = Record<string, boolean>;
export const DEFAULT_MUST_RETRIEVE: MustRetrieveDefaults = { 'policy-and-amounts': true };

/** A case's own `mustRetrieve`, else its question type's default; null when neither says. */
export function mustRetrieveOf(c: { mustRetrieve?: boolean | null; questionType?: string | null }, defaults: MustRetrieveDefaults): boolean | null {
  if (c.mustRetrieve != null) return c.mustRetrieve;
  // a question type named like an Object member ("constructor") is not a default, nor a setting that is not a boolean
  const byType = c.questionType != null && Object.hasOwn(defaults, c.questionType) ? defaults[c.questionType] : null;
  return typeof byType === 'boolean' ? byType : null;
}

/** One response as the agent layer reads it. */
export interface AgentResponse {
  system: string;
  caseId: string;
  answerability: string | null;
  mustRetrieve: boolean | null;
  retrievalCalled: boolean | null;
  stopState: StopState | null;
  /** Tool calls made: the trajectory's length, else cost.toolCalls; null when unknown. */
  searches: number | null;
  tokens: number | null;
  latencyMs: number | null;
  /** Whether people judged the answer right (correctness 2); null: not judged or disputed. */
  correct: boolean | null;
}

/** Searches of a response: its trajectory when it has one, else the cost's tool-call count. */
export function searchesOf(r: { trajectory?: readonly unknown[] | null; cost?: { toolCalls?: number | null } | null }): number | null {
  if (r.trajectory && r.trajectory.length > 0) return r.trajectory.length;
  return r.cost?.toolCalls ?? null;
}

/** Tokens a response spent: input plus output, when its cost reports either (null: it reports neither). */
export function tokensOf(cost: { inputTokens?: number | null; outputTokens?: number | null } | null): number | null {
  return cost && (cost.inputTokens != null || cost.outputTokens != null) ? (cost.inputTokens ?? 0) + (cost.outputTokens ?? 0) : null;
}

/** Whether retrieval was called: the response says so, else its trajectory or final context shows it. */
export function retrievalCalledOf(r: { retrievalCalled?: boolean | null; trajectory?: readonly unknown[] | null; finalContext?: readonly unknown[] | null }): boolean | null {
  if (r.retrievalCalled != null) return r.retrievalCalled;
  if ((r.trajectory?.length ?? 0) > 0 || (r.finalContext?.length ?? 0) > 0) return true;
  return null;
}

/** The stop state right for an answerability, when there is one rule for it. */
export const RIGHT_STOP: Partial<Record<string, StopState>> = { underspecified: 'NEEDS_USER_INPUT', answerable: 'COMPLETED' };

export interface AgentFigures {
  system: string;
  responses: number;
  /** Must-retrieve cases answered without retrieving, of the must-retrieve responses whose retrieval is known. */
  missedRetrieval: Rate;
  /** Cases that needed none, yet retrieved. */
  needlessRetrieval: Rate;
  /** Responses whose case's mustRetrieve is unknown (neither the case nor its question type says). */
  mustRetrieveUnknown: number;
  searchesPerCase: { mean: number | null; n: number };
  /** Stop states by answerability ('unknown' for either missing). */
  stopStates: { answerability: string; counts: Record<StopState | 'unknown', number>; right: Rate | null }[];
  cost: CostBesideAccuracy;
}

/**
 * Accuracy and what it cost, in one row: accuracy without cost is not comparable.
 * Per correct answer = the total over all judged responses ÷ the correct ones.
 * Latency percentiles are over responses with a latency, NumPy's linear method.
 */
export interface CostBesideAccuracy {
  accuracy: Rate;
  searchesPerCorrect: number | null;
  tokensPerCorrect: number | null;
  latencyP50: number | null;
  latencyP95: number | null;
  latencyN: number;
}

function costBesideAccuracy(list: readonly AgentResponse[]): CostBesideAccuracy {
  let judged = 0;
  let correct = 0;
  // totals over the judged responses; null once one of them does not report it: a partial total would flatter the system
  let searches: number | null = 0;
  let tokens: number | null = 0;
  const latencies: number[] = [];
  for (const r of list) {
    if (r.latencyMs !== null) latencies.push(r.latencyMs);
    if (r.correct === null) continue;
    judged += 1;
    if (r.correct) correct += 1;
    searches = searches === null || r.searches === null ? null : searches + r.searches;
    tokens = tokens === null || r.tokens === null ? null : tokens + r.tokens;
  }
  const perCorrect = (total: number | null) => (correct === 0 || total === null ? null : total / correct);
  return {
    accuracy: rate(correct, judged),
    searchesPerCorrect: perCorrect(searches),
    tokensPerCorrect: perCorrect(tokens),
    latencyP50: latencies.length ? percentile(latencies, 50) : null,
    latencyP95: latencies.length ? percentile(latencies, 95) : null,
    latencyN: latencies.length,
  };
}

function stopStates(list: readonly AgentResponse[]): AgentFigures['stopStates'] {
  const byAnswerability = new Map<string, { counts: Record<StopState | 'unknown', number>; withState: number; right: number }>();
  for (const r of list) {
    const answerability = r.answerability ?? 'unknown';
    let group = byAnswerability.get(answerability);
    if (!group) {
      const counts = Object.fromEntries([...STOP_STATES, 'unknown'].map((s) => [s, 0])) as Record<StopState | 'unknown', number>;
      byAnswerability.set(answerability, (group = { counts, withState: 0, right: 0 }));
    }
    group.counts[r.stopState ?? 'unknown'] += 1;
    if (r.stopState === null) continue;
    group.withState += 1;
    if (r.stopState === RIGHT_STOP[answerability]) group.right += 1;
  }
  return [...byAnswerability].map(([answerability, { counts, withState, right }]) => ({
    answerability,
    counts,
    right: RIGHT_STOP[answerability] ? rate(right, withState) : null,
  }));
}

export function agentFigures(responses: readonly AgentResponse[]): AgentFigures[] {
  return [...groupBy(responses, (r) => r.system)].map(([system, list]) => agentFiguresOf(system, list));
}

/** One system's agent figures (all undefined, never 0, when it has no responses). */
export function agentFiguresOf(system: string, list: readonly AgentResponse[]): AgentFigures {
  let must = 0;
  let missed = 0;
  let none = 0;
  let needless = 0;
  let unknown = 0;
  let searches = 0;
  let searched = 0;
  for (const r of list) {
    if (r.mustRetrieve === null) unknown += 1;
    else if (r.retrievalCalled !== null) {
      if (r.mustRetrieve === true) {
        must += 1;
        if (!r.retrievalCalled) missed += 1;
      } else if (r.mustRetrieve === false) {
        none += 1;
        if (r.retrievalCalled) needless += 1;
      }
    }
    if (r.searches !== null) {
      searches += r.searches;
      searched += 1;
    }
  }
  return {
    system,
    responses: list.length,
    missedRetrieval: rate(missed, must),
    needlessRetrieval: rate(needless, none),
    mustRetrieveUnknown: unknown,
    searchesPerCase: { mean: searched === 0 ? null : searches / searched, n: searched },
    stopStates: stopStates(list),
    cost: costBesideAccuracy(list),
  };
}
