import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { affectedCommand, conflictSetCommand, splitsCommand } from './diagnosis-data-commands';
import { LEAK_FOUND } from './diagnose-layers-command';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiError } from '../shared/api/contract';
import { IMPORT_FORMATS, IMPORT_KINDS, type ImportFormat, type ImportKind } from '../shared/domain/schemas';
import { checkIntegrity, tableCounts } from '../db/maintenance';
import { copyForReading, openTestSetFile, openTestSetReadOnly, readableInPlace, readHeader, SQLITE_MAGIC, type OpenedTestSet, type ReadOnlyTestSet } from '../db/open';
import { backupDirOf } from '../db/backups';
import { acquireWriteLock, type FileLock } from '../db/file-lock';
import { INPUT_BYTE_BUDGETS, readInputFile } from '../server/files/read-input';
import { importFailure, runImport } from '../server/imports/import-pipeline';
import { unreadableFile } from '../server/imports/file-errors';
import { exportLabelPack } from '../db/label-packs';
import { importLabelPackInto } from '../server/exchange/exchange-handlers';
import { importLabelFileInto, type StatedMismatch } from '../server/interchange/label-import';
import { importAdjudicationsInto } from '../server/interchange/adjudication-import';
import { agreementCommand } from './agreement-command';
import { diagnoseCommand } from './diagnose-command';
import { anchorsCommand, roundCommand } from './calibration-commands';
import { writeExport } from '../server/interchange/exports';
import { EXPORT_WHATS, exportFormats } from '../shared/api/interchange-ops';
import { GATE_FAILED, retrievalCommand } from './retrieval-command';
import { commandHelp } from './help';
import { runsCommand } from './runs-command';
import { importSummary } from './import-summary';
import { appVersion } from '../server/app-version';
import { storageFaultBody } from '../server/storage-errors';
import { parseColumnMapping } from '../shared/import/foreign/mapped';
import { renderText, text as say } from '../shared/messages/text';

export const EXIT = { ok: 0, invalidData: 1, usage: 2, checkFailed: 3, gateFailed: GATE_FAILED, leakFound: LEAK_FOUND } as const;

export const USAGE = `Usage: touchstone <command> [options]

  init --db FILE                         create an empty test set (or migrate an old one)
  import KIND INPUT --db FILE [--format F] [--system NAME] [--judge-model M --judge-version V --prompt-version P]
         [--map TARGET=COLUMN,...] [--create-dimensions]
                                         KIND: documents | cases | responses | judge | labels | adjudications;
                                         INPUT - reads stdin
                                         F: auto | jsonl | csv | ragas | deepeval | langsmith | langfuse | phoenix |
                                            promptfoo | openai-evals | trulens (auto detects all of them)
                                         judge + a Ragas/DeepEval/promptfoo results file: its scores become one judge
                                         run, a dimension per metric (its slug); the same file again is recognised
                                         --judge-model/--judge-version/--prompt-version: the judge of a results file
                                         --create-dimensions: define the metrics' dimensions the test set lacks
                                         --map: any other file, e.g. --map query=question,referenceAnswer=ideal
                                           (targets: id, query, referenceAnswer, contexts, evidence, retrieved, response)
                                         --system: the system version of responses in foreign files
                                         labels: INPUT is a label pack folder (manifest.json + labels.jsonl);
                                         verified (sha256, same test set) and merged idempotently after a backup;
                                         or a labels export (export labels, jsonl or csv): its events appended
                                         back, reviewers by name, rows already here skipped
                                         adjudications: an adjudications export (jsonl or csv) added back to its
                                         rounds (revealed, in this copy of the test set); decisions already here
                                         skipped, a closed round's adjudications final
  runs list --db FILE                    judge runs: id, model, version, prompt version, file, sha256, verdicts
                                         per dimension, imported at
  export WHAT --db FILE --out PATH [--format F] [--run RUN]
                                         WHAT: cases (F: jsonl | ragas: EvaluationDataset JSONL | deepeval: goldens
                                         JSON), documents (jsonl), responses | verdicts | labels | adjudications
                                         (F: jsonl | csv, one row per item, stable columns); --run: one run's verdicts
  labels export --db FILE --reviewer R --out DIR
                                         reviewer R's label pack: labels.jsonl + manifest.json, byte-identical each time
  stats --db FILE                        counts of everything, per table
  check --db FILE                        integrity check, schema version, orphan rows
  agreement --db FILE --run RUN [--dimension D] [--reviewer R]
                                         judge run RUN (id) vs human labels (reviewer R, or all),
                                         human vs human, bias-corrected estimates
  round start --db FILE [--size 30] [--seed N] [--week YYYY-Www] [--same-week]
                                         pick this week's calibration round (half largest judge changes, half random)
  round figures --db FILE [--round R]    a closed round's figures (default: the latest): the random half's
                                         population figures, and the items whose judge score moved apart
  anchors freeze --db FILE --name NAME [--round R]...
                                         freeze adjudicated items of closed rounds (default: all) as version N+1
  anchors export --db FILE --name NAME [--version V] --out DIR [--zip]
                                         anchors.jsonl + manifest.json (sha256 of every file), byte-identical each time
  anchors import DIR --db FILE           verify every sha256, then add the anchor set (DIR: folder or .zip)
  anchors drift --db FILE --name NAME --run RUN [--version V] [--strict]
                                         judge run vs the anchors; exit code 3 when drift is flagged
                                         (--strict: also when drift is possible, i.e. too few anchors to rule it out)
  diagnose --db FILE --system S          the Diagnosis screen's figures for one system version, permission leaks first,
                                         and each failing response's layer (permission → data → agent → retrieval →
                                         context assembly → generation) with its reason; exit code 5 on any permission
                                         leak; never writes
  retrieval --db FILE --system S [--k 5] [--list candidates|context] [--baseline S2] [--max-drop 0.02]
                                         Hit/Recall/Precision@k, MRR, nDCG from the evidence spans; with --baseline,
                                         exit code 4 when mean Recall@k (or a slice of 20+ cases) drops by more than --max-drop
  affected --db FILE --doc DOCID [--out FILE]
                                         cases whose evidence cites DOCID, each quote found or not in its newest revision;
                                         --out: the case ids, one a line, to re-run
  conflict-set build --db FILE --out FILE [--n 20] [--types policy-and-amounts] [--rule times:2] [--shift-days 365] [--seed 1]
                                         altered older copies of the cited documents (documents JSONL) and the implied
                                         forbidden claims added to N answerable cases (case edits with history)
  splits assign --db FILE [--unit group|document|topic|time] [--holdout 0.2] [--seed 1]
                                         seeded dev/holdout split that keeps a group and a document on one side

touchstone --help, touchstone COMMAND --help: this help (or the command's part); touchstone --version.
Every command takes --json for machine-readable output on stdout (errors too).
Exit codes: 0 success, 1 invalid input or data, 2 usage error, 3 a check that ran and failed, 4 the retrieval gate failed, 5 a permission leak found (diagnose).`;

class UsageError extends Error {}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Redraws one progress line (null clears it); silent when stderr is not a terminal. */
  progress?(line: string | null): void;
  /** The bytes of standard input (INPUT "-"). */
  stdin?(): Uint8Array;
}

/** Whether a progress line is on the terminal now: only a drawn line is erased, so --json output stays the JSON alone. */
let progressShown = false;

const stdio: CliIo = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  progress: (line) => {
    if (!process.stderr.isTTY || (line === null && !progressShown)) return;
    process.stderr.write(line === null ? '\r\x1b[K' : `\r\x1b[K${line}`);
    progressShown = line !== null;
  },
  stdin: () => readStdin(),
};

/** The most an INPUT may hold, read from a file or from stdin alike. */
export const MAX_INPUT_BYTES = INPUT_BYTE_BUDGETS.import;

const tooLarge = (name: string) =>
  new ApiError('invalid-input', say('err.cli.input-too-large', { name, size: MAX_INPUT_BYTES / 1024 / 1024 }), { file: name, line: null, field: null });

function readStdin(): Uint8Array {
  const chunks: Buffer[] = [];
  let size = 0;
  const chunk = Buffer.alloc(1 << 20);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      if ((error as NodeJS.ErrnoException).code === 'EOF') break;
      throw error;
    }
    if (n === 0) break;
    size += n;
    if (size > MAX_INPUT_BYTES) throw tooLarge('stdin');
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

/** An INPUT file, or stdin for "-", under the same byte budget. */
function readInput(input: string, io: CliIo): Uint8Array {
  if (input === '-') {
    const bytes = (io.stdin ?? readStdin)();
    if (bytes.length > MAX_INPUT_BYTES) throw tooLarge('stdin');
    return bytes;
  }
  return readInputFile(input, 'import');
}

function requireDb(db: string | undefined): string {
  if (!db) throw new UsageError('--db FILE is required.');
  return resolve(db);
}

/** Write locks taken by the running command (db/file-lock.ts), released when it ends. */
const heldLocks: FileLock[] = [];

/** A command that may write takes the file's write lock first: a file open in the app or browser mode is refused, naming who has it. */
function lockForWriting(path: string): void {
  heldLocks.push(acquireWriteLock(path, 'the touchstone command line'));
}

/** Temporary copies of test sets that could not be read where they are, removed (and named) when the command ends. */
const readCopies: { original: string; folder: string }[] = [];

/**
 * The test set opened for looking where it is, else (its folder cannot be written) through a temporary
 * copy; a refusal names the test set, not the copy (which is gone when the user reads it).
 */
function openNamingOriginal(path: string, verifyIntegrity: boolean): ReadOnlyTestSet {
  if (readableInPlace(path)) return openTestSetReadOnly(path, { verifyIntegrity });
  const copy = copyForReading(path);
  readCopies.push({ original: path, folder: copy.folder });
  try {
    return openTestSetReadOnly(copy.path, { verifyIntegrity });
  } catch (error) {
    if (error instanceof ApiError && error.location?.file === copy.path) throw new ApiError(error.code, error.text ?? { key: error.message }, { ...error.location, file: path });
    throw error;
  }
}

async function openExisting(path: string): Promise<OpenedTestSet> {
  if (!existsSync(path)) throw new ApiError('not-found', say('err.cli.no-test-set', { path }), { file: path, line: null, field: '--db' });
  lockForWriting(path);
  return openTestSetFile(path, { create: false });
}

/**
 * Commands that only look never migrate or write; an older file is named as such. `verifyIntegrity`
 * false skips the whole-file quick_check (seconds on a large file): for the CI gates, which read only
 * their own rows (a damaged page they touch still fails the command); `touchstone check` checks it all.
 */
function openForReading(path: string, verifyIntegrity = true): ReadOnlyTestSet {
  if (!existsSync(path)) throw new ApiError('not-found', say('err.cli.no-test-set', { path }), { file: path, line: null, field: '--db' });
  const opened = openNamingOriginal(path, verifyIntegrity);
  if (opened.schemaVersion < opened.latestSchemaVersion) {
    opened.db.close();
    throw new ApiError(
      'invalid-data',
      say('err.cli.old-schema', { file: basename(path), version: opened.schemaVersion, latest: opened.latestSchemaVersion, path }),
      { file: path, line: null, field: null },
    );
  }
  return opened;
}

/** An export never overwrites the test set itself or any other SQLite file. */
function refuseDatabaseTarget(out: string, dbPath: string): void {
  const targets = [dbPath, `${dbPath}-wal`, `${dbPath}-shm`, `${dbPath}-journal`];
  let overwritesDatabase = targets.includes(out);
  if (!overwritesDatabase && existsSync(out)) {
    overwritesDatabase = readHeader(out) === SQLITE_MAGIC;
  }
  if (overwritesDatabase) throw new ApiError('invalid-input', say('err.cli.export-over-database', { out }), { file: out, line: null, field: 'out' });
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T {
  if (!value || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${what} must be one of ${allowed.join(', ')}${value ? ` (got "${value}")` : ''}.`);
  }
  return value as T;
}

type Result = { code: number; json: unknown; text: string };

/** The "stated" rows imported that do not mark their case's current claims: kept, and named with what they miss. */
function statedMismatchLines(file: string, mismatches: readonly StatedMismatch[]): string[] {
  if (mismatches.length === 0) return [];
  const shown = 20;
  return [
    `warning: ${mismatches.length} claimsStated row${mismatches.length === 1 ? '' : 's'} of ${file} do${mismatches.length === 1 ? 'es' : ''} not mark exactly the case's current claims; kept. Diagnosis counts a value that leaves a claim unmarked as not given, and ignores marks of ids that are not claims of the case:`,
    ...mismatches.slice(0, shown).map((m) =>
      `  line ${m.line}, case ${m.caseId}, field "value": ${[m.unmarked.length ? `unmarked: ${m.unmarked.join(', ')}` : '', m.unknown.length ? `not claims of the case: ${m.unknown.join(', ')}` : ''].filter(Boolean).join('; ')}`,
    ),
    ...(mismatches.length > shown ? [`  … and ${mismatches.length - shown} more (--json lists them all)`] : []),
  ];
}

/**
 * `touchstone import labels DIR|FILE --db FILE`: a label pack folder (verified, then merged) or a
 * labels export (JSON Lines or CSV) appended back; both idempotent, with a backup only when something is added.
 */
async function importLabelsCommand(input: string | undefined, values: { db?: string }): Promise<Result> {
  if (!input) throw new UsageError('DIR or FILE is required: touchstone import labels DIR|FILE --db FILE.');
  const path = requireDb(values.db);
  const opened = await openExisting(path);
  try {
    if (existsSync(input) && statSync(input).isFile()) {
      const outcome = await importLabelFileInto(opened, basename(input), readInputFile(input, 'import', 'file'));
      const created = outcome.reviewersCreated.length ? ` (new reviewer${outcome.reviewersCreated.length === 1 ? '' : 's'}: ${outcome.reviewersCreated.join(', ')})` : '';
      const text = [
        `Imported labels from ${outcome.file}${created}: ${outcome.added} events added, ${outcome.alreadyPresent} already present, ${outcome.conflictsOpened} conflict${outcome.conflictsOpened === 1 ? '' : 's'} opened${outcome.backupPath ? ` (backup: ${outcome.backupPath})` : ' (nothing new: no backup written)'}.`,
        ...statedMismatchLines(outcome.file, outcome.statedMismatches),
      ].join('\n');
      return { code: EXIT.ok, json: { kind: 'labels', ...outcome, file: resolve(input) }, text };
    }
    const outcome = await importLabelPackInto(opened, input);
    const text = `Imported label pack of ${outcome.reviewer}${outcome.reviewerCreated ? ' (new reviewer)' : ''}: ${outcome.added} events added, ${outcome.alreadyPresent} already present, ${outcome.conflictsOpened} conflict${outcome.conflictsOpened === 1 ? '' : 's'} opened${outcome.backupPath ? ` (backup: ${outcome.backupPath})` : " (nothing new: no backup written)"}.`;
    return { code: EXIT.ok, json: { kind: 'labels', dir: resolve(input), ...outcome }, text };
  } finally {
    opened.db.close();
  }
}

/**
 * `touchstone import adjudications FILE --db FILE`: an adjudications export (JSON Lines or CSV) added
 * back to its rounds; idempotent, with a backup only when something is added.
 */
async function importAdjudicationsCommand(input: string | undefined, values: { db?: string }, io: CliIo): Promise<Result> {
  if (!input) throw new UsageError('FILE is required: touchstone import adjudications FILE --db FILE (FILE - reads stdin).');
  const path = requireDb(values.db);
  const bytes = readInput(input, io);
  const opened = await openExisting(path);
  try {
    const outcome = await importAdjudicationsInto(opened, input === '-' ? 'stdin' : basename(input), bytes);
    const created = outcome.reviewersCreated.length ? ` (new reviewer${outcome.reviewersCreated.length === 1 ? '' : 's'}: ${outcome.reviewersCreated.join(', ')})` : '';
    const text = `Imported adjudications from ${outcome.file}${created}: ${outcome.added} decisions added, ${outcome.alreadyPresent} already present${outcome.backupPath ? ` (backup: ${outcome.backupPath})` : ' (nothing new: no backup written)'}.`;
    return { code: EXIT.ok, json: { kind: 'adjudications', ...outcome, file: input === '-' ? 'stdin' : resolve(input) }, text };
  } finally {
    opened.db.close();
  }
}

/** `touchstone labels export --db FILE --reviewer R --out DIR`: labels.jsonl + manifest.json of one reviewer. */
function labelsCommand(sub: string | undefined, values: { db?: string; reviewer?: string; out?: string }): Result {
  if (sub !== 'export') throw new UsageError(`labels: expected "export"${sub ? ` (got "${sub}")` : ''}.`);
  if (!values.reviewer) throw new UsageError('--reviewer R (a reviewer name) is required.');
  if (!values.out) throw new UsageError('--out DIR is required.');
  const opened = openForReading(requireDb(values.db));
  try {
    const name = values.reviewer.trim();
    const reviewers = opened.db.prepare('SELECT id, name FROM reviewers').all() as { id: number; name: string }[];
    const reviewer = reviewers.find((r) => r.name === name) ?? reviewers.find((r) => r.name.toLocaleLowerCase() === name.toLocaleLowerCase());
    if (!reviewer) {
      const sentence = reviewers.length ? say('err.reviewer.unknown-name', { name, names: reviewers.map((r) => `"${r.name}"`).join(', ') }) : say('err.reviewer.none', { name });
      throw new ApiError('not-found', sentence, { file: 'labels export', line: null, field: 'reviewer' });
    }
    const pack = exportLabelPack(opened.db, reviewer.id, values.out);
    return { code: EXIT.ok, json: pack, text: `Exported ${pack.eventCount} label events of ${pack.reviewer} to ${pack.dir} (${pack.files.map((f) => f.name).join(', ')}).` };
  } finally {
    opened.db.close();
  }
}

async function run(argv: string[], io: CliIo): Promise<Result> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      out: { type: 'string' },
      format: { type: 'string', default: 'auto' },
      system: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      run: { type: 'string' },
      dimension: { type: 'string' },
      reviewer: { type: 'string' },
      size: { type: 'string' },
      seed: { type: 'string' },
      week: { type: 'string' },
      name: { type: 'string' },
      round: { type: 'string', multiple: true },
      version: { type: 'string' },
      zip: { type: 'boolean', default: false },
      'same-week': { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      k: { type: 'string' },
      list: { type: 'string' },
      baseline: { type: 'string' },
      'max-drop': { type: 'string' },
      doc: { type: 'string' },
      n: { type: 'string' },
      types: { type: 'string' },
      rule: { type: 'string' },
      'shift-days': { type: 'string' },
      by: { type: 'string' },
      holdout: { type: 'string' },
      unit: { type: 'string' },
      'judge-model': { type: 'string' },
      'judge-version': { type: 'string' },
      'prompt-version': { type: 'string' },
      map: { type: 'string' },
      'create-dimensions': { type: 'boolean', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help) return { code: EXIT.ok, json: { help: commandHelp(USAGE, command) }, text: commandHelp(USAGE, command) };
  if (!command) throw new UsageError('No command given.');

  switch (command) {
    case 'init': {
      const path = requireDb(values.db);
      lockForWriting(path);
      const opened = await openTestSetFile(path, { create: true });
      opened.db.close();
      const json = { path, testSetId: opened.testSetId, schemaVersion: opened.schemaVersion, backupPath: opened.backupPath };
      const migrated = opened.backupPath ? ` (migrated; the previous file was copied to ${opened.backupPath})` : '';
      return { code: EXIT.ok, json, text: `Test set ready: ${path}, schema version ${opened.schemaVersion}${migrated}.` };
    }
    case 'import': {
      const [kindArg, input] = rest;
      if (kindArg === 'labels') return importLabelsCommand(input, values);
      if (kindArg === 'adjudications') return importAdjudicationsCommand(input, values, io);
      const kind = oneOf<ImportKind>(kindArg, IMPORT_KINDS, 'KIND');
      if (!input) throw new UsageError('INPUT file is required: touchstone import KIND INPUT --db FILE (INPUT - reads stdin).');
      const format = oneOf<ImportFormat>(values.format, IMPORT_FORMATS, '--format');
      let mapping = null;
      if (values.map !== undefined) {
        try {
          mapping = parseColumnMapping(values.map);
        } catch (error) {
          throw new UsageError(`--map: ${(error as Error).message}.`);
        }
      }
      const path = requireDb(values.db);
      const fileName = input === '-' ? 'stdin' : basename(input);
      const bytes = readInput(input, io);
      const opened = await openExisting(path);
      try {
        const judge = { model: values['judge-model'], version: values['judge-version'], promptVersion: values['prompt-version'] };
        const request = { kind, format, fileName, bytes, system: values.system, judge, mapping, createDimensions: values['create-dimensions'] };
        const outcome = runImport(opened.db, request, (p) => {
          if (!values.json && p.total > 0) io.progress?.(`${p.phase} ${p.done}/${p.total}`);
        });
        io.progress?.(null);
        if (outcome.alreadyImported) {
          return { code: EXIT.ok, json: { kind, file: input, ...outcome }, text: `${fileName} is already imported as run ${outcome.runId}: nothing was written.` };
        }
        return { code: EXIT.ok, json: { kind, file: input, ...outcome }, text: importSummary(fileName, outcome) };
      } catch (error) {
        io.progress?.(null);
        throw ApiError.fromBody(importFailure(error, fileName));
      } finally {
        opened.db.close();
      }
    }
    case 'export': {
      const what = oneOf(rest[0], EXPORT_WHATS, 'export WHAT');
      const allowed = exportFormats(what);
      const format = values.format === 'auto' ? allowed[0] : oneOf(values.format, allowed, `--format of export ${what}`);
      if (!values.out) throw new UsageError('--out PATH is required.');
      const runId = values.run === undefined ? null : Number(values.run);
      if (runId !== null && (!Number.isInteger(runId) || runId < 1)) throw new UsageError(`--run must be a run id (a whole number; got "${values.run}").`);
      const dbPath = requireDb(values.db);
      const out = resolve(values.out);
      refuseDatabaseTarget(out, dbPath);
      const opened = openForReading(dbPath);
      try {
        const count = writeExport(opened.db, what, format, out, runId);
        return { code: EXIT.ok, json: { out, format, [what]: count }, text: `Exported ${count} ${what} (${format}) to ${out}.` };
      } finally {
        opened.db.close();
      }
    }
    case 'runs':
      return runsCommand(rest[0], { usage: (message) => new UsageError(message), open: () => openForReading(requireDb(values.db)) });
    case 'stats': {
      const opened = openForReading(requireDb(values.db));
      try {
        const counts = tableCounts(opened.db);
        const width = Math.max(...Object.keys(counts).map((k) => k.length));
        return { code: EXIT.ok, json: counts, text: Object.entries(counts).map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n') };
      } finally {
        opened.db.close();
      }
    }
    case 'check': {
      const path = requireDb(values.db);
      if (!existsSync(path)) throw new ApiError('not-found', say('err.testset.missing', { path }), { file: path, line: null, field: '--db' });
      const opened = openNamingOriginal(path, false);
      try {
        const report = checkIntegrity(opened.db);
        // a damaged file is not advised to migrate: writing to it could lose more
        const damaged = !(report.integrity.length === 1 && report.integrity[0] === 'ok');
        const lines = [
          ...(damaged
            ? [`damaged: ${basename(path)} is corrupt. Do not write to it; restore a backup (in Touchstone: Backups → Restore, or with Touchstone closed copy the newest file from ${backupDirOf(path)} over it).`]
            : report.schemaVersion < report.latestSchemaVersion ? [`needs migration: run touchstone init --db ${path} (a backup copy is written first)`] : []),
          `schema version ${report.schemaVersion} (current ${report.latestSchemaVersion})`,
          `integrity: ${report.integrity.join('; ')}`,
          `foreign-key violations: ${report.foreignKeyViolations}`,
          `evidence citing missing documents: ${report.orphanEvidence.length}`,
          ...report.orphanEvidence.slice(0, 20).map((o) => `  case ${o.caseId} cites unknown docId ${o.docId}`),
          ...(report.unfinishedImport
            ? ['unfinished import: an import in Touchstone stopped while it wrote its rows; opening the file in Touchstone (or any command that writes) takes it back whole']
            : []),
          report.ok ? 'OK' : 'CHECK FAILED',
        ];
        return { code: report.ok ? EXIT.ok : EXIT.checkFailed, json: report, text: lines.join('\n') };
      } finally {
        opened.db.close();
      }
    }
    case 'agreement':
      return agreementCommand(
        { db: requireDb(values.db), run: values.run, dimension: values.dimension, reviewer: values.reviewer },
        { usage: (message) => new UsageError(message), open: openExisting },
      );
    case 'round':
      return roundCommand(rest[0], values, { usage: (message) => new UsageError(message), requireDb, open: openExisting });
    case 'anchors':
      return anchorsCommand(rest[0], rest.slice(1), values, { usage: (message) => new UsageError(message), requireDb, open: openExisting });
    case 'labels':
      return labelsCommand(rest[0], values);
    case 'affected':
    case 'conflict-set':
    case 'splits': {
      const context = {
        usage: (message: string) => new UsageError(message),
        openForReading: () => openForReading(requireDb(values.db)),
        openForWriting: () => openExisting(requireDb(values.db)),
      };
      if (command === 'affected') return affectedCommand(values, context);
      return command === 'splits' ? splitsCommand(rest[0], values, context) : conflictSetCommand(rest[0], values, context);
    }
    case 'retrieval':
      return retrievalCommand(
        { system: values.system, k: values.k, list: values.list, baseline: values.baseline, maxDrop: values['max-drop'] },
        { usage: (message) => new UsageError(message), open: () => openForReading(requireDb(values.db), false) },
      );
    case 'diagnose':
      return diagnoseCommand({ db: requireDb(values.db), system: values.system }, { usage: (message) => new UsageError(message), open: () => openForReading(requireDb(values.db)) });
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

// a reader that stops early (`| head`, `2>&1 | head`) closes the pipe: the rest of the output is dropped and the exit code kept
let quietOnClosedPipe = false;

/** Runs one CLI invocation and returns its exit code; all output goes through `io`. */
export async function main(argv: string[], io: CliIo = stdio): Promise<number> {
  if (io === stdio && !quietOnClosedPipe) {
    quietOnClosedPipe = true;
    for (const stream of [process.stdout, process.stderr]) {
      stream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') throw error;
      });
    }
  }
  const json = argv.includes('--json');
  if (argv.filter((a) => a !== '--json').length === 1 && argv.includes('--version')) {
    io.out(json ? JSON.stringify({ version: appVersion() }) : `touchstone ${appVersion()}`);
    return EXIT.ok;
  }
  try {
    const result = await run(argv, io);
    io.out(json ? JSON.stringify(result.json, null, 2) : result.text);
    return result.code;
  } catch (error) {
    const isUsage = error instanceof UsageError || String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
    if (isUsage) {
      const message = (error as Error).message;
      if (json) io.out(JSON.stringify({ error: { code: 'usage', message, location: null } }, null, 2));
      io.err(`touchstone: ${message}`);
      io.err(commandHelp(USAGE, argv.find((a) => !a.startsWith('-'))));
      return EXIT.usage;
    }
    // a file the command cannot write (read-only, full, locked) is worded as the app words it
    const body = error instanceof ApiError ? error.toBody() : (storageFaultBody(error, null) ?? { code: 'internal', message: (error as Error).message, location: null });
    if (json) io.out(JSON.stringify({ error: body }, null, 2));
    io.err(`touchstone: ${body.message}`);
    return EXIT.invalidData;
  } finally {
    for (const lock of heldLocks.splice(0)) lock.release();
    for (const copy of readCopies.splice(0)) {
      rmSync(copy.folder, { recursive: true, force: true });
      io.err(`touchstone: ${renderText('en', say('note.cli.read-through-copy', { file: basename(copy.original), folder: resolve(copy.original, '..') }))}`);
    }
  }
}
