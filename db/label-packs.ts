import { text, type LocalText } from '../shared/messages/text';
import { parseJsonFast } from '../shared/import/json';
import { describeIssue } from '../shared/import/issues';
import type { z } from 'zod';
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ApiError } from '../shared/api/contract';
import {
  LABEL_PACK_EVENTS_FILE, LABEL_PACK_FORMAT, LABEL_PACK_MANIFEST_FILE, LABEL_PACK_VERSION, LabelPackEventSchema, LabelPackManifestSchema,
  type LabelPackEvent, type LabelPackManifest,
} from '../shared/api/exchange-ops';
import { decodeLabelValue, encodeLabelValue } from '../shared/labeling/values';
import { LabelValueSchema, recordableDimension, valueProblem } from '../shared/domain/dimensions';
import { firstInvalidUtf8 } from '../shared/import/text';
import { isConflictField } from '../shared/labeling/conflicts';
import { loneSurrogatePath } from '../shared/security/well-formed';
import { openConflictKeys } from './conflicts';
import { listDimensions } from './dimensions';
import { refreshProgress } from './label-progress';
import { readMeta, type Db } from './open';
import { sha256, writeInside } from './file-writes';

/**
 * Label packs (SPEC workflow 8): one reviewer's label events, exported from
 * their copy of a test set and merged into another copy of the same test set.
 * Events travel by uid, so a merge is idempotent and never overwrites.
 */


export interface ExportedPack {
  dir: string;
  reviewer: string;
  testSetId: string;
  eventCount: number;
  files: { name: string; path: string; bytes: number; sha256: string }[];
}

function testSetIdOf(db: Db): string {
  const id = readMeta(db, 'test_set_id');
  if (!id) throw new ApiError('invalid-data', text('err.pack.no-test-set-id'));
  return id;
}

interface EventRow {
  uid: string;
  case_id: string;
  response_id: string | null;
  dimension: string;
  value: string | null;
  reviewer: string;
  created_at: string;
  reason: string | null;
  kind: 'set' | 'undo';
  undoes_uid: string | null;
}

/** labels.jsonl: one event per line, keys in a fixed order, ordered by event id. */
export function renderPackEvents(events: readonly LabelPackEvent[]): string {
  return events
    .map((e) =>
      JSON.stringify({
        uid: e.uid, caseId: e.caseId, responseId: e.responseId, dimension: e.dimension, value: e.value, reviewer: e.reviewer,
        createdAt: e.createdAt, reason: e.reason, kind: e.kind, undoesUid: e.undoesUid,
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}

export function renderPackManifest(m: LabelPackManifest): string {
  const ordered = {
    format: m.format, formatVersion: m.formatVersion, reviewer: m.reviewer, testSetId: m.testSetId, eventCount: m.eventCount, createdAt: m.createdAt,
    file: { name: m.file.name, bytes: m.file.bytes, sha256: m.file.sha256 },
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Every label event of one reviewer, oldest first, as pack lines. */
export function reviewerPackEvents(db: Db, reviewerId: number): LabelPackEvent[] {
  const rows = db
    .prepare(
      `SELECT e.uid, c.id AS case_id, r.id AS response_id, e.dimension, e.value, v.name AS reviewer, e.created_at, e.reason, e.kind, u.uid AS undoes_uid
         FROM label_events e JOIN cases c ON c.seq = e.case_seq JOIN reviewers v ON v.id = e.reviewer_id
         LEFT JOIN responses r ON r.seq = e.response_seq LEFT JOIN label_events u ON u.id = e.undoes_event_id
        WHERE e.reviewer_id = ? ORDER BY e.id`,
    )
    .all(reviewerId) as EventRow[];
  return rows.map((row) => ({
    uid: row.uid, caseId: row.case_id, responseId: row.response_id, dimension: row.dimension, value: decodeLabelValue(row.value), reviewer: row.reviewer,
    createdAt: row.created_at, reason: row.reason, kind: row.kind, undoesUid: row.undoes_uid,
  }));
}

/**
 * A pack already in the folder is replaced only by a newer export of the same
 * reviewer of the same test set: another reviewer's pack (or anything else
 * named manifest.json) is refused, never overwritten.
 */
function refuseForeignPack(dir: string, reviewer: string, testSetId: string): void {
  const manifestPath = join(dir, LABEL_PACK_MANIFEST_FILE);
  if (!existsSync(manifestPath)) return;
  const taken = (what: LocalText, field: string) =>
    new ApiError('conflict', text('err.pack.folder-taken', { dir, what, reviewer }), {
      file: manifestPath, line: null, field,
    });
  let found: { format?: unknown; reviewer?: unknown; testSetId?: unknown } | null = null;
  try {
    found = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    // unreadable or not JSON: not a pack of ours either
  }
  if (!found || typeof found !== 'object' || found.format !== LABEL_PACK_FORMAT || typeof found.reviewer !== 'string' || typeof found.testSetId !== 'string') {
    throw taken(text('err.pack.taken.not-a-pack', { manifest: LABEL_PACK_MANIFEST_FILE }), 'outDir');
  }
  if (found.reviewer.toLocaleLowerCase() !== reviewer.toLocaleLowerCase()) {
    throw taken(text('err.pack.taken.other-reviewer', { reviewer: shown(found.reviewer), testSetId: shown(found.testSetId) }), 'reviewer');
  }
  if (found.testSetId !== testSetId) {
    throw taken(text('err.pack.taken.other-test-set', { reviewer: shown(found.reviewer), testSetId: shown(found.testSetId), open: testSetId }), 'testSetId');
  }
}

/** Writes a reviewer's label pack into outDir (created when missing): labels.jsonl and manifest.json, byte-identical for the same events. */
export function exportLabelPack(db: Db, reviewerId: number, outDir: string): ExportedPack {
  const op = 'labels.exportPack';
  const reviewer = db.prepare('SELECT id, name FROM reviewers WHERE id = ?').get(reviewerId) as { id: number; name: string } | undefined;
  if (!reviewer) throw new ApiError('not-found', text('err.reviewer.unknown-id', { id: reviewerId }), { file: op, line: null, field: 'reviewerId' });
  const dir = resolve(outDir);
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new ApiError('invalid-input', text('err.pack.out-not-folder', { dir }), { file: dir, line: null, field: 'outDir' });
  }
  const testSetId = testSetIdOf(db);
  refuseForeignPack(dir, reviewer.name, testSetId);
  const events = reviewerPackEvents(db, reviewerId);
  const eventsBytes = Buffer.from(renderPackEvents(events), 'utf8');
  const manifest: LabelPackManifest = {
    format: LABEL_PACK_FORMAT,
    formatVersion: LABEL_PACK_VERSION,
    reviewer: reviewer.name,
    testSetId,
    eventCount: events.length,
    createdAt: events.reduce<string | null>((newest, e) => (newest === null || e.createdAt > newest ? e.createdAt : newest), null),
    file: { name: LABEL_PACK_EVENTS_FILE, bytes: eventsBytes.length, sha256: sha256(eventsBytes) },
  };
  const manifestBytes = Buffer.from(renderPackManifest(manifest), 'utf8');
  mkdirSync(dir, { recursive: true });
  const files = [
    { name: LABEL_PACK_EVENTS_FILE, bytes: eventsBytes },
    { name: LABEL_PACK_MANIFEST_FILE, bytes: manifestBytes },
  ].map((f) => ({ name: f.name, path: writeInside(dir, f.name, f.bytes), bytes: f.bytes.length, sha256: sha256(f.bytes) }));
  return { dir, reviewer: reviewer.name, testSetId: manifest.testSetId, eventCount: events.length, files };
}

// ---- import ------------------------------------------------------------------------------------

export interface VerifiedPack {
  dir: string;
  manifest: LabelPackManifest;
  events: LabelPackEvent[];
}

const refused = (file: string, problem: LocalText, line: number | null = null, field: string | null = null) =>
  new ApiError('invalid-data', text('err.import.refused', { problem }), { file, line, field });

/** Where in the pack a problem is: "labels.jsonl line 3" (with its field when one is named). */
const at = (file: string, line: number, field: string | null = null): LocalText =>
  field ? text('err.pack.at-field', { file, line, field }) : text('err.pack.at-line', { file, line });

/** Reads one of the two fixed names inside dir, and nothing else (no links, no other paths). */
function readFixed(dir: string, name: string): Buffer {
  const file = join(dir, name);
  if (dirname(file) !== dir || basename(file) !== name) throw refused(name, text('err.pack.outside', { name, dir }));
  if (!existsSync(file)) throw refused(file, text('err.pack.file-missing', { dir, name }));
  if (!lstatSync(file).isFile()) throw refused(file, text('err.pack.not-regular', { file }));
  return readFileSync(file);
}

const decodeUtf8 = (bytes: Uint8Array, file: string): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const line = bytes.subarray(0, offset).filter((b) => b === 0x0a).length + 1;
    throw refused(file, text('err.pack.not-utf8', { where: at(file, line), byte: offset + 1 }), line);
  }
};

/** Text from the pack quoted in a message: a field can be any length. */
const shown = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}…` : text);

/** A schema's first problem with a value, as a sentence still to be worded (parsed again with its input, to show what was found). */
function issueText(schema: z.ZodType, value: unknown): LocalText {
  return describeIssue(schema.safeParse(value, { reportInput: true }).error!.issues[0], schema).message;
}

/** The field a schema issue is about; an unknown key is named itself. */
const issueField = (issue: { code: string; path: PropertyKey[]; keys?: string[] }) =>
  [...issue.path, ...(issue.code === 'unrecognized_keys' && issue.keys ? issue.keys.slice(0, 1) : [])].map(String).join('.');

/**
 * Checks a pack folder without touching any database: the manifest, the
 * sha256 and size of labels.jsonl, the test-set id, and every line's shape.
 */
export function verifyLabelPack(dirArg: string, testSetId: string): VerifiedPack {
  const dir = resolve(dirArg);
  if (!existsSync(dir)) throw new ApiError('not-found', text('err.pack.missing', { dir }), { file: dir, line: null, field: 'dir' });
  if (!statSync(dir).isDirectory()) throw new ApiError('invalid-input', text('err.pack.not-folder', { dir, manifest: LABEL_PACK_MANIFEST_FILE, events: LABEL_PACK_EVENTS_FILE }), { file: dir, line: null, field: 'dir' });
  const manifestPath = join(dir, LABEL_PACK_MANIFEST_FILE);
  const eventsPath = join(dir, LABEL_PACK_EVENTS_FILE);
  const manifestJson = parseJsonFast(decodeUtf8(readFixed(dir, LABEL_PACK_MANIFEST_FILE), manifestPath));
  if (!manifestJson.ok) throw refused(manifestPath, text('err.pack.manifest-not-json', { file: manifestPath, reason: manifestJson.reason }));
  const raw = manifestJson.value;
  const parsed = LabelPackManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issueField(issue);
    const problem = issueText(LabelPackManifestSchema, raw);
    throw refused(manifestPath, field ? text('err.pack.manifest-field', { file: manifestPath, field, problem }) : text('err.pack.manifest-shape', { file: manifestPath, problem }), null, field || null);
  }
  const manifest = parsed.data;
  const bytes = readFixed(dir, LABEL_PACK_EVENTS_FILE);
  const actual = sha256(bytes);
  if (actual !== manifest.file.sha256) {
    throw refused(eventsPath, text('err.pack.sha-mismatch', { file: eventsPath, manifest: LABEL_PACK_MANIFEST_FILE, expected: manifest.file.sha256, found: actual }), null, 'sha256');
  }
  if (bytes.length !== manifest.file.bytes) {
    throw refused(eventsPath, text('err.pack.bytes-mismatch', { file: eventsPath, bytes: bytes.length, manifest: LABEL_PACK_MANIFEST_FILE, expected: manifest.file.bytes }), null, 'bytes');
  }
  if (manifest.testSetId !== testSetId) {
    throw refused(manifestPath, text('err.pack.other-test-set', { file: manifestPath, from: shown(manifest.testSetId), open: testSetId }), null, 'testSetId');
  }
  const content = decodeUtf8(bytes, eventsPath);
  const lines = content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const events: LabelPackEvent[] = [];
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    const lineNo = i + 1;
    const json = parseJsonFast(line);
    if (!json.ok) throw refused(eventsPath, text('err.pack.line-not-json', { where: at(eventsPath, lineNo), reason: json.reason }), lineNo);
    const value = json.value;
    const broken = loneSurrogatePath(value);
    if (broken !== null) throw refused(eventsPath, text('err.pack.problem', { where: at(eventsPath, lineNo, broken), problem: text('err.field.lone-surrogate') }), lineNo, broken);
    const event = LabelPackEventSchema.safeParse(value);
    if (!event.success) {
      const issue = event.error.issues[0];
      const field = issueField(issue);
      throw refused(eventsPath, text('err.pack.problem', { where: at(eventsPath, lineNo, field || null), problem: issueText(LabelPackEventSchema, value) }), lineNo, field || null);
    }
    const e = event.data;
    if (e.reviewer !== manifest.reviewer) throw refused(eventsPath, text('err.pack.reviewer-differs', { where: at(eventsPath, lineNo), reviewer: e.reviewer, expected: manifest.reviewer }), lineNo, 'reviewer');
    if (seen.has(e.uid)) throw refused(eventsPath, text('err.pack.uid-twice', { where: at(eventsPath, lineNo), uid: e.uid }), lineNo, 'uid');
    if ((e.kind === 'undo') !== (e.undoesUid !== null)) throw refused(eventsPath, text('err.pack.undo-shape', { where: at(eventsPath, lineNo) }), lineNo, 'undoesUid');
    seen.add(e.uid);
    events.push(e);
  });
  if (events.length !== manifest.eventCount) {
    throw refused(eventsPath, text('err.pack.count-mismatch', { file: eventsPath, count: events.length, manifest: LABEL_PACK_MANIFEST_FILE, expected: manifest.eventCount }), null, 'eventCount');
  }
  return { dir, manifest, events };
}

export interface AppliedPack {
  reviewer: string;
  reviewerCreated: boolean;
  testSetId: string;
  eventCount: number;
  added: number;
  alreadyPresent: number;
  /** Case fields in conflict after the merge that were not before (shared/labeling/conflicts.ts). */
  conflictsOpened: number;
}

/** A label event to add, from a pack or a labels export: the line it came from, and the round it was given in (exports only). */
export interface IncomingEvent {
  line: number;
  e: Omit<LabelPackEvent, 'uid'> & { uid: string | null };
  roundId: number | null;
}

export interface EventPlan {
  dimensions: ReturnType<typeof listDimensions>;
  /** Reviewers by folded name; undefined for a name this file does not hold yet. */
  reviewers: Map<string, { id: number; name: string } | undefined>;
  planned: { e: LabelPackEvent; caseSeq: number; responseSeq: number | null; roundId: number | null }[];
  alreadyPresent: number;
}

interface StoredEvent {
  case_seq: number;
  response_seq: number | null;
  dimension: string;
  value: string | null;
  reviewer: string;
  created_at: string;
  reason: string | null;
  kind: string;
  undoes_uid: string | null;
}

/** The first field in which an incoming event differs from the stored event of the same uid, or null when they are the same event. */
function differingField(stored: StoredEvent, e: IncomingEvent['e'], caseSeq: number, responseSeq: number | null): string | null {
  const decoded = decodeLabelValue(stored.value);
  const value = LabelValueSchema.safeParse(decoded);
  const checks: [string, boolean][] = [
    ['caseId', stored.case_seq === caseSeq],
    ['responseId', stored.response_seq === responseSeq],
    ['dimension', stored.dimension === e.dimension],
    ['value', isDeepStrictEqual(value.success ? value.data : decoded, e.value)],
    ['reviewer', stored.reviewer.toLowerCase() === e.reviewer.toLowerCase()],
    ['createdAt', stored.created_at === e.createdAt],
    ['reason', stored.reason === e.reason],
    ['kind', stored.kind === e.kind],
    ['undoesUid', stored.undoes_uid === e.undoesUid],
  ];
  return checks.find(([, same]) => !same)?.[0] ?? null;
}

const foldName = (name: string) => name.toLocaleLowerCase();

/**
 * Every check of a list of incoming events against this file (cases, responses, dimensions, values,
 * undo targets, rounds, uids already here); writes nothing. An event without a uid is already here
 * when the same reviewer set the same value on the same item at the same time.
 */
export function planEvents(db: Db, file: string, events: readonly IncomingEvent[]): EventPlan {
  const dimensions = listDimensions(db);
  const caseSeq = db.prepare('SELECT seq FROM cases WHERE id = ?').pluck();
  const responseOf = db.prepare('SELECT seq, case_seq FROM responses WHERE id = ?');
  const idOfUid = db.prepare('SELECT id FROM label_events WHERE uid = ?').pluck();
  const roundExists = db.prepare('SELECT 1 FROM rounds WHERE id = ?').pluck();
  const storedEvent = db.prepare(
    `SELECT e.case_seq, e.response_seq, e.dimension, e.value, v.name AS reviewer, e.created_at, e.reason, e.kind, u.uid AS undoes_uid
       FROM label_events e JOIN reviewers v ON v.id = e.reviewer_id LEFT JOIN label_events u ON u.id = e.undoes_event_id WHERE e.uid = ?`,
  );
  const sameContent = db.prepare(
    `SELECT e.value FROM label_events e JOIN reviewers v ON v.id = e.reviewer_id
      WHERE e.case_seq = ? AND e.response_seq IS ? AND e.dimension = ? AND e.created_at = ? AND e.kind = ? AND lower(v.name) = lower(?)`,
  ).pluck();
  const known = db.prepare('SELECT id, name FROM reviewers').all() as { id: number; name: string }[];
  const reviewers: EventPlan['reviewers'] = new Map();
  const planned: EventPlan['planned'] = [];
  const uidsInFile = new Set<string>();
  let alreadyPresent = 0;
  for (const { line, e, roundId } of events) {
    const where = at(file, line);
    const seq = caseSeq.get(e.caseId) as number | undefined;
    if (seq === undefined) throw refused(file, text('err.pack.problem', { where, problem: text('err.case.unknown', { id: shown(e.caseId) }) }), line, 'caseId');
    const dimension = recordableDimension(dimensions, e.dimension);
    if (!dimension) throw refused(file, text('err.pack.no-dimension', { where, dimension: e.dimension }), line, 'dimension');
    let responseSeq: number | null = null;
    if (e.responseId !== null) {
      const response = responseOf.get(e.responseId) as { seq: number; case_seq: number } | undefined;
      if (!response) throw refused(file, text('err.pack.problem', { where, problem: text('err.response.unknown', { id: shown(e.responseId) }) }), line, 'responseId');
      if (response.case_seq !== seq) throw refused(file, text('err.pack.problem', { where, problem: text('err.label.response-other-case', { responseId: e.responseId, caseId: e.caseId }) }), line, 'responseId');
      responseSeq = response.seq;
    }
    if ((dimension.scope === 'case') !== (e.responseId === null)) {
      throw refused(file, text('err.pack.problem', { where, problem: dimension.scope === 'case' ? text('err.label.case-scope', { dimension: e.dimension }) : text('err.pack.response-scope', { dimension: e.dimension }) }), line, 'responseId');
    }
    const problem = valueProblem(dimension, e.value);
    if (problem) throw refused(file, text('err.pack.problem', { where, problem: text('err.value.misfit', { value: shown(JSON.stringify(e.value)), dimension: e.dimension, problem }) }), line, 'value');
    if (e.undoesUid !== null && !uidsInFile.has(e.undoesUid) && idOfUid.get(e.undoesUid) === undefined) {
      throw refused(file, text('err.pack.undoes-unknown', { where, uid: e.undoesUid }), line, 'undoesUid');
    }
    if (roundId !== null && roundExists.get(roundId) === undefined) {
      throw refused(file, text('err.pack.problem', { where, problem: text('err.labels-file.no-round', { round: roundId }) }), line, 'roundId');
    }
    const folded = foldName(e.reviewer);
    if (!reviewers.has(folded)) reviewers.set(folded, known.find((r) => foldName(r.name) === folded || r.name.toLowerCase() === e.reviewer.toLowerCase()));
    if (e.uid === null) {
      const values = sameContent.all(seq, responseSeq, e.dimension, e.createdAt, e.kind, e.reviewer) as (string | null)[];
      if (values.some((v) => isDeepStrictEqual(decodeLabelValue(v), e.value))) alreadyPresent += 1;
      else planned.push({ e: { ...e, uid: randomUUID() }, caseSeq: seq, responseSeq, roundId });
      continue;
    }
    if (uidsInFile.has(e.uid)) throw refused(file, text('err.pack.uid-twice', { where, uid: e.uid }), line, 'uid');
    uidsInFile.add(e.uid);
    const stored = storedEvent.get(e.uid) as StoredEvent | undefined;
    if (stored === undefined) {
      planned.push({ e: { ...e, uid: e.uid }, caseSeq: seq, responseSeq, roundId });
      continue;
    }
    // A uid names one event: the same uid with other content is not "already here", it is a changed or forged file.
    const differs = differingField(stored, e, seq, responseSeq);
    if (differs) throw refused(file, text('err.pack.uid-changed', { where, uid: e.uid, field: differs }), line, differs);
    alreadyPresent += 1;
  }
  return { dimensions, reviewers, planned, alreadyPresent };
}

/**
 * Adds the planned events in one transaction, keeping their uid, time, reason and round;
 * a reviewer this file has no one of that name for is created. Returns the names created.
 */
export function writePlannedEvents(db: Db, plan: EventPlan): { reviewersCreated: string[]; conflictsOpened: number } {
  const edited = editedCases(plan);
  const openBefore = openConflictKeys(db, edited);
  const { reviewersCreated } = insertPlannedEvents(db, plan, 0, plan.planned.length);
  return { reviewersCreated: reviewersCreated.map((r) => r.name), conflictsOpened: conflictsOpenedSince(db, edited, openBefore) };
}

/** Cases whose claims or reference answer the planned events edit (where a merge can open a conflict). */
export function editedCases(plan: EventPlan): number[] {
  return [...new Set(plan.planned.filter(({ e, responseSeq }) => responseSeq === null && isConflictField(e.dimension)).map(({ caseSeq }) => caseSeq))];
}

export function conflictsOpenedSince(db: Db, edited: readonly number[], openBefore: ReadonlySet<string>): number {
  return [...openConflictKeys(db, edited)].filter((key) => !openBefore.has(key)).length;
}

/**
 * Adds planned events `from`..`to` (exclusive) in the caller's transaction, with the progress of the
 * cases and reviewers they touch. An event undone by another of the plan must come first (plan order).
 * Returns the reviewers created and the ids the events got (consecutive: the caller holds the write lock).
 */
export function insertPlannedEvents(db: Db, plan: EventPlan, from: number, to: number): { reviewersCreated: { id: number; name: string }[]; firstId: number; lastId: number } {
  const reviewersCreated: { id: number; name: string }[] = [];
  const named = db.prepare('SELECT id, name FROM reviewers WHERE name = ?');
  const reviewerId = (name: string): number => {
    const folded = foldName(name);
    // one of that name may have been added since the plan was made (a merge writes in batches)
    let found = plan.reviewers.get(folded) ?? (named.get(name) as { id: number; name: string } | undefined);
    if (found) plan.reviewers.set(folded, found);
    else {
      const id = Number(db.prepare('INSERT INTO reviewers (name, created_at) VALUES (?, ?)').run(name, new Date().toISOString()).lastInsertRowid);
      found = { id, name };
      plan.reviewers.set(folded, found);
      reviewersCreated.push(found);
    }
    return found.id;
  };
  const idOfUid = db.prepare('SELECT id FROM label_events WHERE uid = ?').pluck();
  const insert = db.prepare(
    `INSERT INTO label_events (uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, reason, kind, undoes_event_id, round_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const touched = new Map<string, { caseSeq: number; reviewer: number }>();
  let firstId = 0;
  let lastId = 0;
  for (const { e, caseSeq, responseSeq, roundId } of plan.planned.slice(from, to)) {
    const undoes = e.undoesUid === null ? null : (idOfUid.get(e.undoesUid) as number);
    const reviewer = reviewerId(e.reviewer);
    lastId = Number(insert.run(e.uid, caseSeq, responseSeq, e.dimension, encodeLabelValue(e.value), reviewer, e.createdAt, e.reason, e.kind, undoes, roundId).lastInsertRowid);
    if (firstId === 0) firstId = lastId;
    touched.set(`${caseSeq}:${reviewer}`, { caseSeq, reviewer });
  }
  for (const { caseSeq, reviewer } of touched.values()) refreshProgress(db, caseSeq, reviewer, plan.dimensions);
  return { reviewersCreated, firstId, lastId };
}

/** A pack's checks: its test set must be this one; then the events' own checks. */
export function planPack(db: Db, pack: VerifiedPack): EventPlan & { testSetId: string } {
  const eventsPath = join(pack.dir, LABEL_PACK_EVENTS_FILE);
  const testSetId = testSetIdOf(db);
  if (pack.manifest.testSetId !== testSetId) {
    const manifestPath = join(pack.dir, LABEL_PACK_MANIFEST_FILE);
    throw refused(manifestPath, text('err.pack.other-test-set', { file: manifestPath, from: shown(pack.manifest.testSetId), open: testSetId }), null, 'testSetId');
  }
  return { testSetId, ...planEvents(db, eventsPath, pack.events.map((e, i) => ({ line: i + 1, e, roundId: null }))) };
}
