import { text } from '../../shared/messages/text';
import { randomInt } from 'node:crypto';
import { ApiError, contract, type OpOutput, type OpParsedInput } from '../../shared/api/contract';
import type { JudgeRef, RevealCell, RoundDetail, RoundFigures, RoundSummary, TrendPoint } from '../../shared/api/calibration-ops';
import { isSingleValued, valueProblem, type Dimension } from '../../shared/domain/dimensions';
import { judgeBreak, roundFigures, servedFigures, type CellPair } from '../../shared/calibration/figures';
import { isoWeek } from '../../shared/calibration/iso-week';
import { orderCells, readCell } from '../../shared/calibration/reveal';
import { numericTolerance } from '../../shared/calibration/reveal';
import type { CodedNote } from '../../shared/calibration/round-notes';
import { pickRound } from '../../shared/calibration/sampler';
import { listDimensions } from '../../db/dimensions';
import { requireReviewer } from '../../db/labels';
import type { Db } from '../../db/open';
import {
  allVerdicts, closedRounds, closedRoundsBefore, deleteRound, eligibleItems, insertAdjudication, insertFigures, insertRound, judgeRef, judgeRuns, latestAdjudications,
  latestRunPerDimension, listRounds, previousRoundItems, requireRound, roundDimensionRows, roundFigures as storedFigures, roundItems, roundLabels,
  roundsOfWeek, runVerdicts, seqKey, setRevealed, setStatus, type StoredAdjudication, type StoredRound, type StoredRoundItem,
} from '../../db/rounds';

/**
 * The weekly calibration round (SPEC workflow 5): start (the sampler of shared/calibration),
 * blind labeling through the labeling queue {source: 'round'}, reveal, adjudicate, close (the
 * figures of shared/calibration/figures.ts, stored), trend. The API handlers and the CLI call
 * these functions; every answer goes through the contract's output schema.
 *
 * Round dimensions: the non-structured dimensions some judge run scores (each compared with the
 * latest run scoring it when the round starts); when no run scores any, every non-structured
 * dimension. A cell is an item × a round dimension of the item's scope (a response item takes
 * the response-level dimensions, a case item the case-level ones); only items with at least one
 * cell are eligible.
 *
 * Labels (blind): only labels given inside the round count — events after the round started —
 * each reviewer's latest such label until the reveal; from the reveal on, the label as it was at
 * the reveal (a change after seeing the judge is its own event and never replaces the blind
 * label in the figures). Reviewers are the people with at least one such label on a round cell.
 */

const nowIso = () => new Date().toISOString();
const at = (op: string, field: string | null = null) => ({ file: op, line: null, field });

const summary = (round: StoredRound): RoundSummary => {
  const { revealEventId: _watermark, startEventId: _start, ...rest } = round;
  void _watermark;
  void _start;
  return rest;
};

export interface RoundDimensionInfo {
  definition: Dimension;
  runId: number | null;
}

function roundDimensions(db: Db, roundId: number): RoundDimensionInfo[] {
  const definitions = listDimensions(db);
  return roundDimensionRows(db, roundId).map((r) => ({
    definition: definitions.find((d) => d.name === r.dimension) ?? { name: r.dimension, type: 'categorical', scope: 'response', options: [] },
    runId: r.runId,
  }));
}

export interface RoundState {
  round: StoredRound;
  items: StoredRoundItem[];
  dimensions: RoundDimensionInfo[];
  /** Unordered, item order then dimension order. */
  cells: RevealCell[];
  adjudications: Map<string, StoredAdjudication>;
}

export const cellKey = (caseSeq: number, responseSeq: number | null, dimension: string): string => `${seqKey(caseSeq, responseSeq)}\u0000${dimension}`;

/** Everything about a round's cells: labels (as of the reveal once revealed), judge verdicts, adjudications. */
export function roundState(db: Db, roundId: number, op: string): RoundState {
  const round = requireRound(db, roundId, op);
  const items = roundItems(db, roundId);
  const dimensions = roundDimensions(db, roundId);
  const labels = roundLabels(db, roundId, round.startEventId, round.revealEventId);
  const labelsByCell = new Map<string, RevealCell['labels']>();
  for (const l of labels) {
    if (typeof l.value !== 'string' && typeof l.value !== 'number') continue;
    const key = cellKey(l.caseSeq, l.responseSeq, l.dimension);
    const list = labelsByCell.get(key) ?? [];
    list.push({ reviewerId: l.reviewerId, reviewer: l.reviewer, value: l.value, eventId: l.eventId, at: l.at });
    labelsByCell.set(key, list);
  }
  const adjudications = latestAdjudications(db, roundId);
  const cells: RevealCell[] = [];
  for (const d of dimensions) {
    const verdicts = d.runId === null ? new Map() : runVerdicts(db, d.runId, d.definition.name, roundId);
    for (const item of items) {
      if ((item.responseId === null) !== (d.definition.scope === 'case')) continue;
      const key = cellKey(item.caseSeq, item.responseSeq, d.definition.name);
      const verdict = verdicts.get(seqKey(item.caseSeq, item.responseSeq));
      const adjudication = adjudications.get(key);
      const cellLabels = (labelsByCell.get(key) ?? []).sort((a, b) => (a.reviewer < b.reviewer ? -1 : a.reviewer > b.reviewer ? 1 : a.reviewerId - b.reviewerId));
      cells.push(
        readCell(d.definition, {
          position: item.position,
          caseId: item.caseId,
          responseId: item.responseId,
          query: item.query,
          answer: item.answer,
          dimension: d.definition.name,
          type: d.definition.type,
          labels: cellLabels,
          judge:
            verdict && (typeof verdict.value === 'string' || typeof verdict.value === 'number')
              ? { value: verdict.value, rationale: verdict.rationale, runId: d.runId! }
              : null,
          adjudication: adjudication
            ? {
                id: adjudication.id, value: adjudication.value, note: adjudication.note, source: adjudication.source, deciderReviewerId: adjudication.deciderReviewerId,
                decider: adjudication.decider, at: adjudication.at, fromEventIds: adjudication.fromEventIds,
              }
            : null,
        }),
      );
    }
  }
  cells.sort((a, b) => a.position - b.position);
  return { round, items, dimensions, cells, adjudications };
}

function detailOf(db: Db, state: RoundState): RoundDetail {
  const { round, items, dimensions, cells } = state;
  const reviewers = new Map<number, { name: string; cells: number; items: Map<number, number> }>();
  for (const cell of cells) {
    for (const l of cell.labels) {
      const r = reviewers.get(l.reviewerId) ?? { name: l.reviewer, cells: 0, items: new Map() };
      r.cells += 1;
      r.items.set(cell.position, (r.items.get(cell.position) ?? 0) + 1);
      reviewers.set(l.reviewerId, r);
    }
  }
  const cellsPerItem = new Map<number, number>();
  for (const cell of cells) cellsPerItem.set(cell.position, (cellsPerItem.get(cell.position) ?? 0) + 1);
  const progress = [...reviewers]
    .map(([reviewerId, r]) => ({
      reviewerId,
      name: r.name,
      done: r.cells,
      total: cells.length,
      itemsDone: [...r.items].filter(([position, n]) => n === cellsPerItem.get(position)).length,
      items: items.length,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.reviewerId - b.reviewerId));
  const labeled = cells.filter((c) => c.labels.length > 0).length;
  const disagreements = cells.filter((c) => c.disagreement === 'humans').length;
  return contract['rounds.get'].output.parse({
    round: summary(round),
    items: items.map((i) => ({ position: i.position, caseId: i.caseId, responseId: i.responseId, query: i.query, system: i.system, reason: i.reason })),
    dimensions: dimensions.map((d) => ({ dimension: d.definition.name, type: d.definition.type, scope: d.definition.scope, judge: judgeRef(db, d.runId) })),
    reviewers: progress,
    labelingDone: cells.length > 0 && labeled === cells.length && progress.every((p) => p.done === p.total),
    cells: {
      total: cells.length,
      labeled,
      disagreements,
      adjudicated: cells.filter((c) => c.adjudication !== null).length,
      toAdjudicate: cells.filter((c) => c.disagreement === 'humans' && c.adjudication === null).length,
    },
  });
}

export function roundDetail(db: Db, roundId: number, op = 'rounds.get'): RoundDetail {
  return detailOf(db, roundState(db, roundId, op));
}

export function listRoundSummaries(db: Db): RoundSummary[] {
  return contract['rounds.list'].output.parse(listRounds(db).map(summary));
}

// ---- start -------------------------------------------------------------------------------------

export function startRound(db: Db, input: OpParsedInput<'rounds.start'>, now: () => Date = () => new Date()): RoundDetail {
  const roundId = db.transaction(() => {
    const definitions = listDimensions(db).filter(isSingleValued);
    const latest = latestRunPerDimension(db);
    const judged = definitions.filter((d) => latest.has(d.name));
    const dimensions = judged.length > 0 ? judged : definitions;
    const scopes = new Set(dimensions.map((d) => d.scope));
    const eligible = eligibleItems(db).filter((item) => scopes.has(item.responseId === null ? 'case' : 'response'));
    const previous = previousRoundItems(db);
    const seed = input.seed ?? randomInt(0, 2 ** 31 - 1);
    const pick = pickRound({ size: input.size, seed, dimensions, runs: judgeRuns(db), verdicts: allVerdicts(db), eligible, exclude: previous.keys });
    const notes = [...pick.notes];
    if (judged.length === 0) notes.unshift({ code: 'no-judge-run', values: {} });
    const pairs = new Map<string, Extract<CodedNote, { code: 'changes-measured' }>>();
    for (const c of pick.comparisons) {
      const runs = `${c.fromRunId} → ${c.toRunId}`;
      const pair = pairs.get(runs) ?? { code: 'changes-measured', values: { fromRunId: c.fromRunId, toRunId: c.toRunId, dimensions: [] } };
      pair.values.dimensions.push(c.dimension);
      pairs.set(runs, pair);
    }
    for (const pair of pairs.values()) notes.unshift(pair);
    const createdAt = now().toISOString();
    const week = input.week ?? isoWeek(now());
    const sameWeek = roundsOfWeek(db, week);
    if (sameWeek.length > 0 && !input.sameWeek) {
      throw new ApiError(
        'conflict',
        text('err.round.same-week', { week, rounds: sameWeek.join(', ') }),
        at('rounds.start', 'sameWeek'),
      );
    }
    return insertRound(db, {
      week,
      seed,
      size: input.size,
      createdAt,
      notes,
      // only dimensions with at least one cell among the picked items
      dimensions: dimensions
        .filter((d) => pick.picks.some((p) => (p.item.responseId === null) === (d.scope === 'case')))
        .map((d) => ({ dimension: d.name, runId: latest.get(d.name) ?? null })),
      picks: pick.picks,
    });
  }).immediate();
  return roundDetail(db, roundId, 'rounds.start');
}

// ---- reveal ------------------------------------------------------------------------------------

export function revealRound(db: Db, roundId: number, early: boolean, reviewerId: number | null = null, now: () => string = nowIso): RoundDetail {
  const op = 'rounds.reveal';
  db.transaction(() => {
    if (reviewerId !== null) requireReviewer(db, reviewerId, op);
    const state = roundState(db, roundId, op);
    if (state.round.status !== 'labeling') throw new ApiError('conflict', text('err.round.already', { roundId, status: text(`err.round-status.${state.round.status}`) }), at(op, 'roundId'));
    const detail = detailOf(db, state);
    if (!detail.labelingDone && !early) {
      const who = detail.reviewers.map((r) => `${r.name} ${r.done}/${r.total}`).join(', ');
      throw new ApiError(
        'conflict',
        who ? text('err.round.not-finished-who', { roundId, labeled: detail.cells.labeled, total: detail.cells.total, who }) : text('err.round.not-finished', { roundId, labeled: detail.cells.labeled, total: detail.cells.total }),
        at(op, 'early'),
      );
    }
    setRevealed(db, roundId, now(), !detail.labelingDone, reviewerId);
  }).immediate();
  return roundDetail(db, roundId, op);
}

// ---- delete ------------------------------------------------------------------------------------

/** A round started by mistake: deletable while nobody has labeled inside it. */
export function removeRound(db: Db, roundId: number): { deleted: number } {
  const op = 'rounds.delete';
  db.transaction(() => {
    const state = roundState(db, roundId, op);
    if (state.round.status !== 'labeling') throw new ApiError('conflict', text('err.round.delete-not-labeling', { roundId, status: text(`err.round-status.${state.round.status}`) }), at(op, 'roundId'));
    const labeled = state.cells.filter((c) => c.labels.length > 0).length;
    if (labeled > 0) throw new ApiError('conflict', text('err.round.has-labels', { roundId, count: labeled }), at(op, 'roundId'));
    deleteRound(db, roundId);
  }).immediate();
  return { deleted: roundId };
}

export function revealView(db: Db, roundId: number): OpOutput<'rounds.revealView'> {
  const op = 'rounds.revealView';
  const state = roundState(db, roundId, op);
  if (state.round.status === 'labeling') {
    throw new ApiError('conflict', text('err.round.blind', { roundId }), at(op, 'roundId'));
  }
  const order = new Map(state.dimensions.map((d, i) => [d.definition.name, i]));
  const numeric = state.dimensions.find((d) => d.definition.type === 'numeric');
  return contract['rounds.revealView'].output.parse({
    round: summary(state.round),
    tolerance: numeric ? numericTolerance(numeric.definition) : null,
    cells: orderCells(state.cells, order),
  });
}

// ---- adjudicate --------------------------------------------------------------------------------

/** A revealed round whose every labeled cell now has an adjudication is adjudicated (ready to close). */
export function settleRoundStatus(db: Db, roundId: number, op: string): void {
  const after = roundState(db, roundId, op);
  if (after.round.status === 'revealed' && after.cells.every((c) => c.labels.length === 0 || c.adjudication !== null)) setStatus(db, roundId, 'adjudicated');
}

export function adjudicate(db: Db, input: OpParsedInput<'rounds.adjudicate'>, now: () => string = nowIso): OpOutput<'rounds.adjudicate'> {
  const op = 'rounds.adjudicate';
  const id = db.transaction(() => {
    const state = roundState(db, input.roundId, op);
    const status = state.round.status;
    if (status === 'labeling') throw new ApiError('conflict', text('err.round.adjudicate-unrevealed', { roundId: input.roundId }), at(op, 'roundId'));
    if (status === 'closed') throw new ApiError('conflict', text('err.round.adjudications-final', { roundId: input.roundId }), at(op, 'roundId'));
    requireReviewer(db, input.deciderReviewerId, op);
    const dimension = state.dimensions.find((d) => d.definition.name === input.dimension);
    if (!dimension) {
      throw new ApiError('invalid-input', text('err.round.not-reviewed', { roundId: input.roundId, dimension: input.dimension, reviewed: state.dimensions.map((d) => d.definition.name).join(', ') }), at(op, 'dimension'));
    }
    const item = state.items.find((i) => i.caseId === input.caseId && i.responseId === input.responseId);
    const cell = state.cells.find((c) => c.caseId === input.caseId && c.responseId === input.responseId && c.dimension === input.dimension);
    if (!item || !cell) {
      throw new ApiError('invalid-input', text('err.round.item-outside', { item: `${input.caseId}${input.responseId ? ` / ${input.responseId}` : ''}`, dimension: input.dimension, roundId: input.roundId }), at(op, 'caseId'));
    }
    const problem = valueProblem(dimension.definition, input.value);
    if (problem) throw new ApiError('invalid-input', text('err.value.misfit', { value: JSON.stringify(input.value), dimension: input.dimension, problem }), at(op, 'value'));
    const adjudicationId = insertAdjudication(db, {
      roundId: input.roundId, caseSeq: item.caseSeq, responseSeq: item.responseSeq, dimension: input.dimension, value: input.value,
      note: input.note?.trim() ? input.note.trim() : null, source: 'lead', deciderId: input.deciderReviewerId, fromEventIds: cell.labels.map((l) => l.eventId), at: now(),
    });
    settleRoundStatus(db, input.roundId, op);
    return adjudicationId;
  }).immediate();
  const state = roundState(db, input.roundId, op);
  const cell = state.cells.find((c) => c.adjudication?.id === id)!;
  return contract['rounds.adjudicate'].output.parse({ adjudication: cell.adjudication, round: summary(state.round) });
}

// ---- close -------------------------------------------------------------------------------------

/** Same judge version: model, model version and prompt version (a re-import of it may have another run id). */
const sameJudgeVersion = (a: JudgeRef | null, b: JudgeRef | null): boolean =>
  a !== null && b !== null && a.model === b.model && a.modelVersion === b.modelVersion && a.promptVersion === b.promptVersion;

/**
 * The random halves of the consecutive closed rounds before `roundId` whose figures for this
 * dimension were made with the same judge version, newest first, paired with this run's verdicts.
 * The walk stops at the first round with another judge (or without this dimension).
 */
function earlierRandomHalves(db: Db, roundId: number, dimension: string, judge: JudgeRef | null, verdicts: Map<string, { value: unknown }>): { roundId: number; pairs: CellPair[] }[] {
  const out: { roundId: number; pairs: CellPair[] }[] = [];
  for (const id of closedRoundsBefore(db, roundId)) {
    const stored = storedFigures(db, id).find((f) => f.dimension === dimension);
    if (!stored || !sameJudgeVersion(stored.judge, judge)) break;
    const adjudications = latestAdjudications(db, id);
    const pairs: CellPair[] = [];
    for (const item of roundItems(db, id)) {
      if (item.reason.kind !== 'random') continue;
      const final = adjudications.get(cellKey(item.caseSeq, item.responseSeq, dimension));
      const verdict = verdicts.get(seqKey(item.caseSeq, item.responseSeq));
      if (!final || !verdict) continue;
      pairs.push({ itemKey: seqKey(item.caseSeq, item.responseSeq), caseId: item.caseId, responseId: item.responseId, human: final.value, judge: verdict.value, random: true });
    }
    out.push({ roundId: id, pairs });
  }
  return out;
}

/** The (final human value, judge verdict) pairs and all verdicts of a round dimension, keyed by item. */
function figuresOf(db: Db, state: RoundState, finals: Map<string, string | number>): RoundFigures[] {
  return state.dimensions.map((d) => {
    const judge = judgeRef(db, d.runId);
    const verdicts = d.runId === null ? new Map() : runVerdicts(db, d.runId, d.definition.name);
    const pairs: CellPair[] = [];
    for (const item of state.items) {
      const final = finals.get(cellKey(item.caseSeq, item.responseSeq, d.definition.name));
      const verdict = verdicts.get(seqKey(item.caseSeq, item.responseSeq));
      if (final === undefined || !verdict) continue;
      pairs.push({ itemKey: seqKey(item.caseSeq, item.responseSeq), caseId: item.caseId, responseId: item.responseId, human: final, judge: verdict.value, random: item.reason.kind === 'random' });
    }
    return roundFigures({
      dimension: d.definition,
      judge,
      pairs,
      verdicts: [...verdicts].map(([itemKey, v]) => ({ itemKey, value: v.value })),
      roundId: state.round.id,
      earlier: earlierRandomHalves(db, state.round.id, d.definition.name, judge, verdicts),
    });
  });
}

export function closeRound(db: Db, roundId: number, now: () => string = nowIso): OpOutput<'rounds.close'> {
  const op = 'rounds.close';
  db.transaction(() => {
    const state = roundState(db, roundId, op);
    const status = state.round.status;
    if (status === 'labeling') throw new ApiError('conflict', text('err.round.close-unrevealed', { roundId }), at(op, 'roundId'));
    if (status === 'closed') throw new ApiError('conflict', text('err.round.closed-already', { roundId }), at(op, 'roundId'));
    const open = state.cells.filter((c) => c.disagreement === 'humans' && c.adjudication === null);
    if (open.length > 0) {
      const first = open.slice(0, 3).map((c) => `${c.caseId}${c.responseId ? ` / ${c.responseId}` : ''} ${c.dimension}`).join('; ');
      throw new ApiError('conflict', text('err.round.open-disagreements', { roundId, count: open.length, items: `${first}${open.length > 3 ? '; …' : ''}` }), at(op, 'roundId'));
    }
    const at2 = now();
    const finals = new Map<string, string | number>();
    for (const item of state.items) {
      for (const cell of state.cells.filter((c) => c.position === item.position)) {
        const key = cellKey(item.caseSeq, item.responseSeq, cell.dimension);
        if (cell.adjudication) finals.set(key, cell.adjudication.value);
        else if (cell.consensus !== null) {
          insertAdjudication(db, {
            roundId, caseSeq: item.caseSeq, responseSeq: item.responseSeq, dimension: cell.dimension, value: cell.consensus, note: null, source: 'unanimous',
            deciderId: null, fromEventIds: cell.labels.map((l) => l.eventId), at: at2,
          });
          finals.set(key, cell.consensus);
        }
      }
    }
    insertFigures(db, roundId, figuresOf(db, state, finals));
    setStatus(db, roundId, 'closed', at2);
  }).immediate();
  return contract['rounds.close'].output.parse({ round: summary(requireRound(db, roundId, op)), figures: closedFigures(db, roundId, op) });
}

/**
 * A closed round's figures as served: the random half's population figures on top and the changed
 * half apart. A round closed before its figures were kept by half is recomputed from what the file
 * keeps unchangeable (its items and the half that picked each, the final values, the run's
 * verdicts), the same way a close computes them now, rather than shown mixed: its place in the
 * trend stays comparable with the rounds after it.
 */
export function closedFigures(db: Db, roundId: number, op: string): RoundFigures[] {
  const stored = storedFigures(db, roundId);
  const served = stored.map(servedFigures);
  if (served.every((f) => f !== null)) return served as RoundFigures[];
  const state = roundState(db, roundId, op);
  const finals = new Map([...state.adjudications].map(([key, a]) => [key, a.value]));
  const recomputed = new Map(figuresOf(db, state, finals).map((f) => [f.dimension, { ...f, computed: 'recomputed' as const }]));
  return stored.flatMap((f, i) => {
    const figures = served[i] ?? recomputed.get(f.dimension);
    return figures ? [figures] : [];
  });
}

/** A closed round's figures as served (the latest closed round when roundId is null). */
export function closedRoundFigures(db: Db, roundId: number | null): OpOutput<'rounds.figures'> {
  const op = 'rounds.figures';
  const id = roundId ?? listRounds(db).find((r) => r.status === 'closed')?.id;
  if (id === undefined) throw new ApiError('conflict', text('err.round.no-closed'), at(op, 'roundId'));
  const round = requireRound(db, id, op);
  if (round.status !== 'closed') throw new ApiError('conflict', text('err.round.figures-not-closed', { roundId: id, status: text(`err.round-status.${round.status}`) }), at(op, 'roundId'));
  return contract[op].output.parse({ round: summary(round), figures: closedFigures(db, id, op) });
}

// ---- trend -------------------------------------------------------------------------------------

export function roundTrend(db: Db): OpOutput<'rounds.trend'> {
  const order = new Map(listDimensions(db).map((d, i) => [d.name, i]));
  const byDimension = new Map<string, { type: RoundFigures['type']; points: TrendPoint[] }>();
  for (const round of closedRounds(db)) {
    for (const f of closedFigures(db, round.roundId, 'rounds.trend')) {
      const entry = byDimension.get(f.dimension) ?? { type: f.type, points: [] };
      const previous = entry.points[entry.points.length - 1];
      const breakReason = previous ? judgeBreak(previous.judge, f.judge) : null;
      entry.points.push({ ...f, roundId: round.roundId, week: round.week, closedAt: round.closedAt, break: breakReason !== null, breakReason });
      byDimension.set(f.dimension, entry);
    }
  }
  const dimensions = [...byDimension]
    .sort(([a], [b]) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9) || (a < b ? -1 : 1))
    .map(([dimension, e]) => ({ dimension, type: e.type, points: e.points }));
  return contract['rounds.trend'].output.parse({ dimensions });
}
