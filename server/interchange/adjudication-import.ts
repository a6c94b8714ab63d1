import { insertAdjudication } from '../../db/rounds';
import type { Db } from '../../db/open';
import { ApiError } from '../../shared/api/contract';
import { valueProblem } from '../../shared/domain/dimensions';
import { parseAdjudicationFile, type AdjudicationFileRow } from '../../shared/interchange/adjudication-file';
import { labelCellValue } from '../../shared/interchange/export-file';
import { decodeLabelValue } from '../../shared/labeling/values';
import { text, type LocalText } from '../../shared/messages/text';
import { roundState, settleRoundStatus, type RoundState } from '../calibration/calibration-rounds';
import { appendWithBackup, fileRefusal } from './label-import';

export interface ImportedAdjudicationFile {
  file: string;
  rowCount: number;
  added: number;
  alreadyPresent: number;
  reviewersCreated: string[];
  backupPath: string | null;
}

interface PlannedDecision {
  roundId: number;
  caseSeq: number;
  responseSeq: number | null;
  dimension: string;
  value: string | number;
  source: 'lead' | 'unanimous';
  decidedBy: string | null;
  note: string | null;
  at: string;
  fromEventIds: number[];
}

const OP = 'import adjudications';

const refused = (file: string, line: number, field: string, problem: LocalText) =>
  new ApiError('invalid-data', text('err.import.refused', {
    problem: text('err.pack.problem', { where: text('err.pack.at-field', { file, line, field }), problem }),
  }), { file, line, field });

/** What identifies one decision: a file's row is already here when a decision of the same round, cell, value, source, decider, note and time is. */
const decisionKey = (d: Omit<PlannedDecision, 'fromEventIds' | 'roundId'> & { roundId: number }) =>
  JSON.stringify([d.roundId, d.caseSeq, d.responseSeq, d.dimension, d.value, d.source, d.decidedBy?.toLocaleLowerCase() ?? null, d.note, d.at]);

/**
 * Every check of the file's decisions against this test set, writing nothing: the round is here and
 * revealed, reviews the dimension and holds the item; the value fits the dimension; a decision not
 * here yet is not added to a closed round (its adjudications are final).
 */
function planDecisions(db: Db, file: string, rows: readonly AdjudicationFileRow[]): { planned: PlannedDecision[]; alreadyPresent: number } {
  const states = new Map<number, RoundState>();
  const stored = new Map<number, Set<string>>();
  const roundExists = db.prepare('SELECT 1 FROM rounds WHERE id = ?').pluck();
  const storedRows = db.prepare(
    `SELECT a.case_seq, a.response_seq, a.dimension, a.value, a.source, v.name AS decider, a.note, a.created_at
       FROM adjudications a LEFT JOIN reviewers v ON v.id = a.decider_id WHERE a.round_id = ?`,
  );
  const seenInFile = new Map<string, number>();
  const planned: PlannedDecision[] = [];
  let alreadyPresent = 0;
  for (const row of rows) {
    const { line } = row;
    if (roundExists.get(row.roundId) === undefined) throw refused(file, line, 'roundId', text('err.adjudications-file.no-round', { round: row.roundId }));
    let state = states.get(row.roundId);
    if (!state) {
      state = roundState(db, row.roundId, OP);
      states.set(row.roundId, state);
      const keys = new Set<string>();
      for (const s of storedRows.all(row.roundId) as { case_seq: number; response_seq: number | null; dimension: string; value: string; source: 'lead' | 'unanimous'; decider: string | null; note: string | null; created_at: string }[]) {
        keys.add(decisionKey({
          roundId: row.roundId, caseSeq: s.case_seq, responseSeq: s.response_seq, dimension: s.dimension, value: decodeLabelValue(s.value) as string | number,
          source: s.source, decidedBy: s.decider, note: s.note, at: s.created_at,
        }));
      }
      stored.set(row.roundId, keys);
    }
    if (state.round.status === 'labeling') throw refused(file, line, 'roundId', text('err.round.adjudicate-unrevealed', { roundId: row.roundId }));
    const dimension = state.dimensions.find((d) => d.definition.name === row.dimension)?.definition;
    if (!dimension) {
      throw refused(file, line, 'dimension', text('err.round.not-reviewed', { roundId: row.roundId, dimension: row.dimension, reviewed: state.dimensions.map((d) => d.definition.name).join(', ') }));
    }
    const cell = state.cells.find((c) => c.caseId === row.caseId && c.responseId === row.responseId && c.dimension === row.dimension);
    if (!cell) {
      const item = `${row.caseId}${row.responseId ? ` / ${row.responseId}` : ''}`;
      const field = state.items.some((i) => i.caseId === row.caseId) ? 'responseId' : 'caseId';
      throw refused(file, line, field, text('err.round.item-outside', { item, dimension: row.dimension, roundId: row.roundId }));
    }
    const fits = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && valueProblem(dimension, v) === null;
    const value = 'json' in row.value ? row.value.json : labelCellValue(row.value.cell, fits);
    const problem = typeof value === 'string' || typeof value === 'number' ? valueProblem(dimension, value) : null;
    if (problem || !(typeof value === 'string' || typeof value === 'number')) {
      throw refused(file, line, 'value', text('err.value.misfit', { value: JSON.stringify(value), dimension: row.dimension, problem: problem ?? '' }));
    }
    const item = state.items.find((i) => i.caseId === row.caseId && i.responseId === row.responseId)!;
    const decision: PlannedDecision = {
      roundId: row.roundId, caseSeq: item.caseSeq, responseSeq: item.responseSeq, dimension: row.dimension, value, source: row.source,
      decidedBy: row.decidedBy, note: row.note, at: row.at, fromEventIds: cell.labels.map((l) => l.eventId),
    };
    const key = decisionKey(decision);
    const earlier = seenInFile.get(key);
    if (earlier !== undefined) throw refused(file, line, 'at', text('err.adjudications-file.repeated', { first: earlier }));
    seenInFile.set(key, line);
    if (stored.get(row.roundId)!.has(key)) {
      alreadyPresent += 1;
      continue;
    }
    if (state.round.status === 'closed') throw refused(file, line, 'roundId', text('err.round.adjudications-final', { roundId: row.roundId }));
    planned.push(decision);
  }
  return { planned, alreadyPresent };
}

/** Adds the planned decisions in file order (a reviewer this file has no one of that name for is created), then settles each round's status. */
function writeDecisions(db: Db, planned: readonly PlannedDecision[]): string[] {
  const reviewers = db.prepare('SELECT id, name FROM reviewers').all() as { id: number; name: string }[];
  const created: string[] = [];
  const reviewerId = (name: string): number => {
    const found = reviewers.find((r) => r.name.toLocaleLowerCase() === name.toLocaleLowerCase());
    if (found) return found.id;
    const id = Number(db.prepare('INSERT INTO reviewers (name, created_at) VALUES (?, ?)').run(name, new Date().toISOString()).lastInsertRowid);
    reviewers.push({ id, name });
    created.push(name);
    return id;
  };
  for (const d of planned) {
    insertAdjudication(db, {
      roundId: d.roundId, caseSeq: d.caseSeq, responseSeq: d.responseSeq, dimension: d.dimension, value: d.value, note: d.note, source: d.source,
      deciderId: d.decidedBy === null ? null : reviewerId(d.decidedBy), fromEventIds: d.fromEventIds, at: d.at,
    });
  }
  for (const roundId of new Set(planned.map((d) => d.roundId))) settleRoundStatus(db, roundId, OP);
  return created;
}

/**
 * An adjudications export (`touchstone export adjudications`, JSON Lines or CSV) added back to the
 * rounds it came from, in a copy of the test set that lacks them: all-or-nothing, every row checked
 * before anything is written; decisions already here are skipped and counted; a file that adds
 * nothing writes no backup.
 */
export async function importAdjudicationsInto(file: { db: Db; path: string }, name: string, bytes: Uint8Array): Promise<ImportedAdjudicationFile> {
  let rows: AdjudicationFileRow[];
  try {
    rows = parseAdjudicationFile(name, bytes);
  } catch (error) {
    throw fileRefusal(error);
  }
  const { outcome, backupPath } = await appendWithBackup(
    file,
    'import-adjudications',
    () => planDecisions(file.db, name, rows),
    (plan) => ({ added: plan.planned.length, alreadyPresent: plan.alreadyPresent, reviewersCreated: writeDecisions(file.db, plan.planned) }),
  );
  return { file: name, rowCount: rows.length, ...outcome, backupPath };
}

