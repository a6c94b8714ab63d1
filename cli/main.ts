import { closeSync, existsSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiError } from '../shared/api/contract';
import { IMPORT_FORMATS, IMPORT_KINDS, type ImportFormat, type ImportKind } from '../shared/domain/schemas';
import { iterateCases, iterateDocuments } from '../db/case-queries';
import { checkIntegrity, tableCounts } from '../db/maintenance';
import { openTestSetFile, openTestSetReadOnly, readHeader, SQLITE_MAGIC, type OpenedTestSet, type ReadOnlyTestSet } from '../db/open';
import { importFailure, runImport } from '../server/imports/import-pipeline';
import { unreadableFile } from '../server/imports/file-errors';
import { exportLabelPack } from '../db/label-packs';
import { importLabelPackInto } from '../server/exchange/exchange-handlers';
import { agreementCommand } from './agreement-command';
import { anchorsCommand, roundCommand } from './calibration-commands';

export const EXIT = { ok: 0, invalidData: 1, usage: 2, checkFailed: 3 } as const;

export const USAGE = `Usage: touchstone <command> [options]

  init --db FILE                         create an empty test set (or migrate an old one)
  import KIND INPUT --db FILE [--format auto|jsonl|csv|ragas|deepeval] [--system NAME]
                                         KIND: documents | cases | responses | judge | labels
                                         labels: INPUT is a label pack folder (manifest.json + labels.jsonl);
                                         verified (sha256, same test set) and merged idempotently after a backup
                                         --system: the system version of responses in Ragas/DeepEval files
  export cases --db FILE --out PATH      all cases, native JSONL
  export documents --db FILE --out PATH  all documents, native JSONL
  labels export --db FILE --reviewer R --out DIR
                                         reviewer R's label pack: labels.jsonl + manifest.json, byte-identical each time
  stats --db FILE                        counts of everything, per table
  check --db FILE                        integrity check, schema version, orphan rows
  agreement --db FILE --run RUN [--dimension D] [--reviewer R]
                                         judge run RUN (id) vs human labels (reviewer R, or all),
                                         human vs human, bias-corrected estimates
  round start --db FILE [--size 30] [--seed N] [--week YYYY-Www]
                                         pick this week's calibration round (half largest judge changes, half random)
  anchors freeze --db FILE --name NAME [--round R]...
                                         freeze adjudicated items of closed rounds (default: all) as version N+1
  anchors export --db FILE --name NAME [--version V] --out DIR [--zip]
                                         anchors.jsonl + manifest.json (sha256 of every file), byte-identical each time
  anchors import DIR --db FILE           verify every sha256, then add the anchor set (DIR: folder or .zip)
  anchors drift --db FILE --name NAME --run RUN [--version V]
                                         judge run vs the anchors; exit code 3 when drift is flagged

Every command takes --json for machine-readable output on stdout.
Exit codes: 0 success, 1 invalid input or data, 2 usage error, 3 a check that ran and failed.`;

class UsageError extends Error {}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const stdio: CliIo = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
};

function requireDb(db: string | undefined): string {
  if (!db) throw new UsageError('--db FILE is required.');
  return resolve(db);
}

async function openExisting(path: string): Promise<OpenedTestSet> {
  if (!existsSync(path)) throw new ApiError('not-found', `There is no test set at ${path}. Create one with: touchstone init --db ${path}`);
  return openTestSetFile(path, { create: false });
}

/** Commands that only look never migrate or write; an older file is named as such. */
function openForReading(path: string): ReadOnlyTestSet {
  if (!existsSync(path)) throw new ApiError('not-found', `There is no test set at ${path}. Create one with: touchstone init --db ${path}`);
  const opened = openTestSetReadOnly(path);
  if (opened.schemaVersion < opened.latestSchemaVersion) {
    opened.db.close();
    throw new ApiError(
      'invalid-data',
      `${basename(path)} uses schema version ${opened.schemaVersion}; this Touchstone uses ${opened.latestSchemaVersion}. Migrate it with: touchstone init --db ${path} (a backup copy is written first).`,
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
  if (overwritesDatabase) throw new ApiError('invalid-input', `Refusing to write the export over ${out}: it is a database file. Choose another --out.`, { file: out, line: null, field: 'out' });
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T {
  if (!value || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${what} must be one of ${allowed.join(', ')}${value ? ` (got "${value}")` : ''}.`);
  }
  return value as T;
}

/** Writes JSONL to a temporary file and renames it into place, so a failed export never leaves half a file. */
function writeJsonl(path: string, records: Iterable<unknown>): number {
  const temporary = `${path}.partial`;
  const fd = openSync(temporary, 'w');
  let count = 0;
  try {
    for (const record of records) {
      writeSync(fd, `${JSON.stringify(record)}\n`);
      count += 1;
    }
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  return count;
}

type Result = { code: number; json: unknown; text: string };

/** `touchstone import labels DIR --db FILE`: verify the pack, back the file up, merge (idempotent). */
async function importLabelsCommand(input: string | undefined, values: { db?: string }): Promise<Result> {
  if (!input) throw new UsageError('DIR is required: touchstone import labels DIR --db FILE.');
  const path = requireDb(values.db);
  const opened = await openExisting(path);
  try {
    const outcome = await importLabelPackInto(opened, input);
    const text = `Imported label pack of ${outcome.reviewer}${outcome.reviewerCreated ? ' (new reviewer)' : ''}: ${outcome.added} events added, ${outcome.alreadyPresent} already present, ${outcome.conflictsOpened} conflict${outcome.conflictsOpened === 1 ? '' : 's'} opened${outcome.backupPath ? ` (backup: ${outcome.backupPath})` : ' (nothing new, so no backup)'}.`;
    return { code: EXIT.ok, json: { kind: 'labels', dir: resolve(input), ...outcome }, text };
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
      const known = reviewers.map((r) => `"${r.name}"`).join(', ') || 'none';
      throw new ApiError('not-found', `There is no reviewer named "${name}" in this test set (reviewers: ${known}).`, { file: 'labels export', line: null, field: 'reviewer' });
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
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) throw new UsageError(values.help ? '' : 'No command given.');

  switch (command) {
    case 'init': {
      const path = requireDb(values.db);
      const opened = await openTestSetFile(path, { create: true });
      opened.db.close();
      const json = { path, testSetId: opened.testSetId, schemaVersion: opened.schemaVersion, backupPath: opened.backupPath };
      const migrated = opened.backupPath ? ` (migrated; the previous file was copied to ${opened.backupPath})` : '';
      return { code: EXIT.ok, json, text: `Test set ready: ${path}, schema version ${opened.schemaVersion}${migrated}.` };
    }
    case 'import': {
      const [kindArg, input] = rest;
      if (kindArg === 'labels') return importLabelsCommand(input, values);
      const kind = oneOf<ImportKind>(kindArg, IMPORT_KINDS, 'KIND');
      if (!input) throw new UsageError('INPUT file is required: touchstone import KIND INPUT --db FILE.');
      const format = oneOf<ImportFormat>(values.format, IMPORT_FORMATS, '--format');
      const path = requireDb(values.db);
      let bytes: Buffer;
      try {
        bytes = readFileSync(input);
      } catch (error) {
        throw new ApiError('not-found', unreadableFile(input, error), { file: input, line: null, field: null });
      }
      const opened = await openExisting(path);
      try {
        const showProgress = !values.json && process.stderr.isTTY;
        const outcome = runImport(opened.db, { kind, format, fileName: basename(input), bytes, system: values.system }, (p) => {
          if (showProgress && p.total > 0) io.err(`\r${p.phase} ${p.done}/${p.total}`);
        });
        const { added } = outcome;
        const text = `Imported ${basename(input)} (${outcome.format}): ${added.documents} documents, ${added.cases} cases, ${added.responses} responses, ${added.verdicts} verdicts${added.judgeRuns ? ' in 1 judge run' : ''}.`;
        return { code: EXIT.ok, json: { kind, file: input, ...outcome }, text };
      } catch (error) {
        throw ApiError.fromBody(importFailure(error, basename(input)));
      } finally {
        opened.db.close();
      }
    }
    case 'export': {
      const what = oneOf(rest[0], ['cases', 'documents'] as const, 'export what');
      if (!values.out) throw new UsageError('--out PATH is required.');
      const dbPath = requireDb(values.db);
      const out = resolve(values.out);
      refuseDatabaseTarget(out, dbPath);
      const opened = openForReading(dbPath);
      try {
        const count = writeJsonl(out, what === 'cases' ? iterateCases(opened.db) : iterateDocuments(opened.db));
        return { code: EXIT.ok, json: { out, [what]: count }, text: `Exported ${count} ${what} to ${out}.` };
      } finally {
        opened.db.close();
      }
    }
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
      if (!existsSync(path)) throw new ApiError('not-found', `There is no test set at ${path}.`);
      const opened = openTestSetReadOnly(path, { verifyIntegrity: false });
      try {
        const report = checkIntegrity(opened.db);
        const lines = [
          ...(report.schemaVersion < report.latestSchemaVersion ? [`needs migration: run touchstone init --db ${path} (a backup copy is written first)`] : []),
          `schema version ${report.schemaVersion} (current ${report.latestSchemaVersion})`,
          `integrity: ${report.integrity.join('; ')}`,
          `foreign-key violations: ${report.foreignKeyViolations}`,
          `evidence citing missing documents: ${report.orphanEvidence.length}`,
          ...report.orphanEvidence.slice(0, 20).map((o) => `  case ${o.caseId} cites unknown docId ${o.docId}`),
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
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

/** Runs one CLI invocation and returns its exit code; all output goes through `io`. */
export async function main(argv: string[], io: CliIo = stdio): Promise<number> {
  const json = argv.includes('--json');
  try {
    const result = await run(argv, io);
    io.out(json ? JSON.stringify(result.json, null, 2) : result.text);
    return result.code;
  } catch (error) {
    const isUsage = error instanceof UsageError || String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
    if (isUsage) {
      if ((error as Error).message) io.err(`touchstone: ${(error as Error).message}`);
      io.err(USAGE);
      return EXIT.usage;
    }
    const body = error instanceof ApiError ? error.toBody() : { code: 'internal', message: (error as Error).message, location: null };
    if (json) io.out(JSON.stringify({ error: body }, null, 2));
    io.err(`touchstone: ${body.message}`);
    return EXIT.invalidData;
  }
}
