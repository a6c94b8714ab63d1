import { backupTestSet, discardBackup } from '../../db/backups';
import { planEvents, writePlannedEvents, type IncomingEvent } from '../../db/label-packs';
import { listDimensions } from '../../db/dimensions';
import { settleCaseMarks } from '../../db/case-marks';
import { settleProgressChanges } from '../../db/queue-cache';
import type { Db } from '../../db/open';
import { ApiError } from '../../shared/api/contract';
import { LabelValueSchema, recordableDimension, valueProblem } from '../../shared/domain/dimensions';
import { ImportDataError } from '../../shared/import/errors';
import { importFailure } from '../imports/import-pipeline';
import { parseLabelFile, type LabelFileEvent } from '../../shared/interchange/label-file';
import { labelCellValue } from '../../shared/interchange/export-file';
import { text } from '../../shared/messages/text';
import { CLAIMS_STATED, statedMismatch } from '../../shared/diagnosis/claims-stated';
import { statedIdsOfCases } from '../../db/stated-ids';

/** A "claims this answer states" row whose value does not mark exactly its case's current claims. */
export interface StatedMismatch {
  line: number;
  caseId: string;
  unmarked: string[];
  unknown: string[];
}

export interface ImportedLabelFile {
  file: string;
  eventCount: number;
  /** Imported and said, never passed over silently: a value leaving a claim unmarked counts as not given in Diagnosis, marks of ids that are not claims are ignored. */
  statedMismatches: StatedMismatch[];
  added: number;
  alreadyPresent: number;
  reviewersCreated: string[];
  conflictsOpened: number;
  backupPath: string | null;
}

/** A parse problem as the refusal every import gives (the import pipeline's): file, line and field named first, and nothing written. */
export function fileRefusal(error: unknown): unknown {
  return error instanceof ImportDataError ? ApiError.fromBody(importFailure(error, error.file)) : error;
}

/** The file's rows as events to plan: a CSV value cell takes the type its dimension accepts. */
function incoming(db: Db, events: readonly LabelFileEvent[]): IncomingEvent[] {
  const dimensions = listDimensions(db);
  return events.map((r) => {
    const dimension = recordableDimension(dimensions, r.dimension);
    const fits = (v: unknown) => LabelValueSchema.safeParse(v).success && (!dimension || valueProblem(dimension, v as never) === null);
    const raw = 'json' in r.value ? r.value.json : labelCellValue(r.value.cell, fits);
    return {
      line: r.line,
      roundId: r.roundId,
      e: {
        uid: r.uid, caseId: r.caseId, responseId: r.responseId, dimension: r.dimension, value: raw as IncomingEvent['e']['value'], reviewer: r.reviewer,
        createdAt: r.at, reason: r.reason, kind: r.kind, undoesUid: r.undoes,
      },
    };
  });
}

/**
 * `touchstone import labels FILE`: a labels export (JSON Lines or CSV) appended back as label
 * events, through the same checks and writer as a label pack. Every row is checked before
 * anything is written; a file that adds nothing (imported before) writes no backup.
 */
export async function importLabelFileInto(file: { db: Db; path: string }, name: string, bytes: Uint8Array): Promise<ImportedLabelFile> {
  let events: IncomingEvent[];
  try {
    events = incoming(file.db, parseLabelFile(name, bytes));
  } catch (error) {
    throw fileRefusal(error);
  }
  const { outcome, backupPath } = await appendWithBackup(
    file,
    'import-labels',
    () => planEvents(file.db, name, events),
    (plan) => ({ added: plan.planned.length, alreadyPresent: plan.alreadyPresent, ...writePlannedEvents(file.db, plan) }),
    () => {
      settleProgressChanges(file.db);
      settleCaseMarks(file.db);
    },
  );
  return { file: name, eventCount: events.length, statedMismatches: statedMismatches(file.db, events), ...outcome, backupPath };
}

/** The file's "stated" rows that leave a current claim of their case unmarked or mark an id it does not have. */
function statedMismatches(db: Db, events: readonly IncomingEvent[]): StatedMismatch[] {
  const stated = events.filter((r) => r.e.dimension === CLAIMS_STATED && r.e.kind !== 'undo' && typeof r.e.value === 'object' && r.e.value !== null && !Array.isArray(r.e.value));
  if (stated.length === 0) return [];
  const ids = statedIdsOfCases(db, stated.map((r) => r.e.caseId));
  return stated.flatMap((r) => {
    const current = ids.get(r.e.caseId);
    const missed = current ? statedMismatch(r.e.value as Record<string, unknown>, current) : null;
    return missed ? [{ line: r.line, caseId: r.e.caseId, ...missed }] : [];
  });
}

/**
 * Appends what an export file adds: planned and checked first, a backup only when the plan adds something, then planned
 * again and written in one immediate transaction (the file may have changed since the check) and `after` run; the backup
 * is dropped when the write or `after` fails.
 */
export async function appendWithBackup<P extends { planned: readonly unknown[] }, R>(
  file: { db: Db; path: string },
  reason: string,
  plan: () => P,
  write: (plan: P) => R,
  after: () => void = () => {},
): Promise<{ outcome: R; backupPath: string | null }> {
  const checked = file.db.transaction(plan)();
  const backup = checked.planned.length > 0 ? await backupTestSet(file.db, file.path, reason) : null;
  try {
    const outcome = file.db.transaction(() => write(plan())).immediate();
    after();
    return { outcome, backupPath: backup?.path ?? null };
  } catch (error) {
    if (backup) discardBackup(backup.path);
    throw error;
  }
}
