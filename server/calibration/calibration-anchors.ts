import { reasonSentence, type ReasonCode } from '../../shared/messages/reasons.en';
import { text as say, type LocalText } from '../../shared/messages/text';
import { describeIssue } from '../../shared/import/issues';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ApiError, contract, type OpOutput, type OpParsedInput } from '../../shared/api/contract';
import {
  DEFAULT_DRIFT_THRESHOLDS, type AnchorItem, type AnchorSetSummary, type DriftDimension, type DriftThresholds, type JudgeRef,
} from '../../shared/api/calibration-ops';
import {
  ANCHOR_DATA_FILES, ANCHOR_FORMAT, anchorSchemaVersionOf, ANCHORS_FILE, AnchorFormatError, MANIFEST_FILE, ManifestSchema, countValues,
  manifestHashInput, parseAnchorsJsonl, renderAnchorsJsonl, renderManifest, sortAnchorItems, unsafeFileName, type Manifest, type ManifestJudgeRun,
} from '../../shared/calibration/anchor-format';
import { pairFigures, type CellPair } from '../../shared/calibration/figures';
import { agreementChange, meanShiftChange, worstState, type DriftPair, type PairedChange } from '../../shared/calibration/drift';
import { itemKey } from '../../shared/calibration/sampler';
import { scaleOf } from '../../shared/calibration/scale';
import { ZipFormatError } from '../../shared/calibration/zip';
import { readInputFile } from '../files/read-input';
import { readZipFile, zipInWorker } from '../files/zip-jobs';
import type { Dimension } from '../../shared/domain/dimensions';
import { canonicalJson } from '../../shared/labeling/values';
import {
  earlierRunsOfModel, findAnchorSet, insertAnchorSet, judgeRunDetails, latestAnchorVersion, listAnchorSets, requireAnchorSet, verdictsByIds,
  type StoredAnchorSet,
} from '../../db/anchors';
import { listDimensions } from '../../db/dimensions';
import type { Db } from '../../db/open';
import { caseSlices, judgeRef, requireRound, reviewerNamesOfEvents } from '../../db/rounds';
import { roundState } from './calibration-rounds';
import { sha256, writeInside } from '../../db/file-writes';
import { settledFields } from '../../db/case-fields';

/**
 * Anchor sets (SPEC workflow 7): freeze adjudicated cells of closed rounds into a versioned set,
 * export it (shared/calibration/anchor-format.ts; optionally a deterministic zip), import an
 * export after verifying every hash, and the drift report of a judge run on a set.
 */

const at = (op: string, field: string | null = null, file: string = op) => ({ file, line: null, field });

/** The items, the definitions used, the thresholds and the slices: what makes two versions the same. */
function contentHash(items: readonly AnchorItem[], definitions: readonly Dimension[], thresholds: DriftThresholds, slices: readonly string[]): string {
  return sha256(renderAnchorsJsonl(items) + canonicalJson({ definitions, thresholds, slices }));
}

/** A reason as it travels: the code and its English sentence. */
const because = (code: ReasonCode | null) => ({ reason: code && reasonSentence(code), reasonCode: code });

export function anchorList(db: Db): OpOutput<'anchors.list'> {
  return contract['anchors.list'].output.parse(listAnchorSets(db).map((s) => s.summary));
}

export function anchorGet(db: Db, input: OpParsedInput<'anchors.get'>): OpOutput<'anchors.get'> {
  const set = requireAnchorSet(db, input.name, input.version, 'anchors.get');
  return contract['anchors.get'].output.parse({ summary: set.summary, items: set.items });
}

/** Agreement and bias of the judge values at freeze against the human values, per dimension. */
function dimensionSummaries(items: readonly AnchorItem[], definitions: readonly Dimension[], judgeOf: (dimension: string) => JudgeRef | null): AnchorSetSummary['dimensions'] {
  return definitions
    .filter((d) => items.some((i) => d.name in i.human))
    .map((d) => {
      const pairs: CellPair[] = items
        .filter((i) => d.name in i.human && d.name in i.judge)
        .map((i) => ({ itemKey: itemKey(i.caseId, i.responseId), caseId: i.caseId, responseId: i.responseId, human: i.human[d.name], judge: i.judge[d.name] }));
      const f = pairFigures(d, pairs);
      return {
        dimension: d.name,
        type: d.type,
        items: items.filter((i) => d.name in i.human).length,
        judge: judgeOf(d.name),
        agreementKey: f.agreementKey,
        agreement: pairs.length ? f.agreement.value : null,
        bias: pairs.length ? f.bias.value : null,
      };
    });
}

// ---- freeze ------------------------------------------------------------------------------------

/** What re-scoring an anchor needs, copied into the frozen item: the reference answer (settled if a conflict was settled) and the final context. */
function frozenContext(db: Db, caseSeq: number, responseId: string | null): Pick<AnchorItem, 'referenceAnswer' | 'finalContext'> {
  const settled = settledFields(db, caseSeq).referenceAnswer?.value;
  const stored = db.prepare('SELECT reference_answer FROM cases WHERE seq = ?').pluck().get(caseSeq) as string | null;
  const context = responseId === null ? null : (db.prepare('SELECT final_context FROM responses WHERE id = ?').pluck().get(responseId) as string | undefined);
  return {
    referenceAnswer: typeof settled === 'string' ? settled : stored,
    finalContext: context ? (JSON.parse(context) as NonNullable<AnchorItem['finalContext']>) : [],
  };
}

export function freezeAnchorSet(db: Db, input: OpParsedInput<'anchors.freeze'>, now: () => string = () => new Date().toISOString()): OpOutput<'anchors.freeze'> {
  const op = 'anchors.freeze';
  const outcome = db.transaction(() => {
    const roundIds = [...new Set(input.roundIds)].sort((a, b) => a - b);
    const allDefinitions = listDimensions(db);
    const wantDimensions = input.dimensions?.length ? new Set(input.dimensions) : null;
    const wantSlices = input.slices?.length ? new Set(input.slices) : null;
    const items = new Map<string, AnchorItem & { runs: Map<string, number> }>();
    const reviewers = new Set<string>();
    const roundDimensionNames = new Set<string>();
    for (const roundId of roundIds) {
      const round = requireRound(db, roundId, op);
      if (round.status !== 'closed') throw new ApiError('conflict', say('err.anchor.round-not-closed', { roundId, status: say(`err.round-status.${round.status}`) }), at(op, 'roundIds'));
      const state = roundState(db, roundId, op);
      for (const d of state.dimensions) roundDimensionNames.add(d.definition.name);
      const slicesOf = caseSlices(db, state.items.map((i) => i.caseSeq));
      for (const cell of state.cells) {
        if (!cell.adjudication) continue;
        if (wantDimensions && !wantDimensions.has(cell.dimension)) continue;
        const item = state.items.find((i) => i.position === cell.position)!;
        if (wantSlices && !(slicesOf.get(item.caseSeq) ?? []).some((s) => wantSlices.has(s))) continue;
        const key = itemKey(item.caseId, item.responseId);
        const entry: AnchorItem & { runs: Map<string, number> } = items.get(key) ?? {
          caseId: item.caseId, responseId: item.responseId, query: item.query, system: item.system, answer: item.answer, roundId, human: {}, judge: {}, runs: new Map(),
          ...frozenContext(db, item.caseSeq, item.responseId),
        };
        entry.roundId = roundId; // the latest round that settled it
        entry.human[cell.dimension] = cell.adjudication.value;
        if (cell.judge) {
          entry.judge[cell.dimension] = cell.judge.value;
          entry.runs.set(cell.dimension, cell.judge.runId);
        } else {
          delete entry.judge[cell.dimension];
          entry.runs.delete(cell.dimension);
        }
        items.set(key, entry);
        for (const name of reviewerNamesOfEvents(db, cell.adjudication.fromEventIds)) reviewers.add(name);
        if (cell.adjudication.decider) reviewers.add(cell.adjudication.decider);
      }
    }
    if (wantDimensions) {
      const unknown = [...wantDimensions].filter((d) => !roundDimensionNames.has(d));
      if (unknown.length) {
        throw new ApiError('invalid-input', say('err.anchor.dimensions-not-reviewed', { rounds: roundIds.join(', '), dimensions: unknown.map((d) => `"${d}"`).join(', '), reviewed: [...roundDimensionNames].join(', ') }), at(op, 'dimensions'));
      }
    }
    if (items.size === 0) {
      throw new ApiError('invalid-input', say(wantDimensions || wantSlices ? 'err.anchor.nothing-matching' : 'err.anchor.nothing-to-freeze', { rounds: roundIds.join(', '), count: roundIds.length }), at(op, 'roundIds'));
    }
    const runsUsed = new Map<string, Set<number>>();
    const anchorItems: AnchorItem[] = sortAnchorItems(
      [...items.values()].map(({ runs, ...item }) => {
        for (const [d, run] of runs) runsUsed.set(d, (runsUsed.get(d) ?? new Set()).add(run));
        return item;
      }),
    );
    const definitions = allDefinitions.filter((d) => anchorItems.some((i) => d.name in i.human));
    const latest = findAnchorSet(db, input.name, null);
    const thresholds: DriftThresholds = { ...DEFAULT_DRIFT_THRESHOLDS, ...(latest?.summary.thresholds ?? {}), ...(input.driftThresholds ?? {}) };
    const slices = [...(wantSlices ?? [])].sort();
    const content = contentHash(anchorItems, definitions, thresholds, slices);
    if (latest && latest.contentSha256 === content) return { summary: latest.summary, created: false };

    const judgeRuns = [...new Set([...runsUsed.values()].flatMap((s) => [...s]))]
      .sort((a, b) => a - b)
      .map((id) => judgeRunDetails(db, id))
      .filter((r): r is ManifestJudgeRun => r !== null);
    const summary: AnchorSetSummary = {
      name: input.name,
      version: (latestAnchorVersion(db, input.name) ?? 0) + 1,
      frozenAt: now(),
      origin: 'frozen',
      items: anchorItems.length,
      rounds: [...new Set(anchorItems.map((i) => i.roundId).filter((r): r is number => r !== null))].sort((a, b) => a - b),
      dimensions: dimensionSummaries(anchorItems, definitions, (d) => {
        const runs = [...(runsUsed.get(d) ?? [])];
        return runs.length ? judgeRef(db, Math.max(...runs)) : null;
      }),
      slices,
      reviewers: [...reviewers].sort(),
      counts: countValues(anchorItems, definitions.map((d) => d.name)),
      thresholds,
    };
    insertAnchorSet(db, { summary, judgeRuns, definitions, contentSha256: content, items: anchorItems });
    return { summary, created: true };
  }).immediate();
  return contract['anchors.freeze'].output.parse(outcome);
}

// ---- export ------------------------------------------------------------------------------------

function manifestOf(set: StoredAnchorSet, anchorsBytes: Uint8Array): Manifest {
  const s = set.summary;
  const manifest: Manifest = {
    format: ANCHOR_FORMAT,
    schemaVersion: anchorSchemaVersionOf(set.items),
    name: s.name,
    version: s.version,
    createdAt: s.frozenAt,
    items: s.items,
    rounds: s.rounds,
    slices: s.slices,
    reviewers: s.reviewers,
    dimensions: s.dimensions,
    definitions: set.definitions,
    counts: s.counts,
    judgeRuns: set.judgeRuns,
    driftThresholds: s.thresholds,
    files: [{ name: ANCHORS_FILE, bytes: anchorsBytes.length, sha256: sha256(anchorsBytes) }],
    manifestSha256: '',
  };
  manifest.manifestSha256 = sha256(manifestHashInput(manifest));
  return manifest;
}

export async function exportAnchorSet(db: Db, input: OpParsedInput<'anchors.export'>): Promise<OpOutput<'anchors.export'>> {
  const op = 'anchors.export';
  const set = requireAnchorSet(db, input.name, input.version, op);
  const dir = resolve(input.outDir);
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new ApiError('invalid-input', say('err.file.not-a-folder', { path: dir }), at(op, 'outDir', dir));
  mkdirSync(dir, { recursive: true });
  const anchors = Buffer.from(renderAnchorsJsonl(set.items), 'utf8');
  const manifest = Buffer.from(renderManifest(manifestOf(set, anchors)), 'utf8');
  const files = [
    { name: ANCHORS_FILE, bytes: anchors },
    { name: MANIFEST_FILE, bytes: manifest },
  ].map((f) => ({ name: f.name, path: writeInside(dir, f.name, f.bytes), bytes: f.bytes.length, sha256: sha256(f.bytes) }));
  let zip = null;
  if (input.zip) {
    const name = `${set.summary.name}-v${set.summary.version}.zip`;
    const bytes = await zipInWorker([{ name: ANCHORS_FILE, data: anchors }, { name: MANIFEST_FILE, data: manifest }], set.summary.frozenAt);
    zip = { name, path: writeInside(dir, name, bytes), bytes: bytes.length, sha256: sha256(bytes) };
  }
  return contract['anchors.export'].output.parse({ summary: set.summary, dir, files, zip });
}

// ---- import ------------------------------------------------------------------------------------

const refused = (file: string, problem: LocalText, field: string | null = null, line: number | null = null) =>
  new ApiError('invalid-data', say('err.import.refused', { problem }), { file, line, field });

/**
 * The exported files, from a folder or from a zip (written by export, or the
 * folder re-zipped by hand: then the files may sit in one folder inside it).
 */
async function readExport(source: string): Promise<{ label: string; read(name: string): Uint8Array | null }> {
  const path = resolve(source);
  if (!existsSync(path)) throw new ApiError('not-found', say('err.anchor.no-export', { path }), { file: path, line: null, field: 'dir' });
  if (statSync(path).isDirectory()) {
    return {
      label: path,
      read: (name) => {
        const file = join(path, name);
        if (dirname(resolve(file)) !== path) return null;
        return existsSync(file) ? readInputFile(file, 'anchors', 'dir') : null;
      },
    };
  }
  let entries;
  try {
    entries = await readZipFile(path, 'dir');
  } catch (error) {
    if (error instanceof ZipFormatError) throw refused(basename(path), say('err.anchor.not-zip', { file: basename(path), reason: error.message }));
    throw error;
  }
  const manifests = entries.filter((e) => e.name === MANIFEST_FILE || e.name.endsWith(`/${MANIFEST_FILE}`));
  const folder = manifests.length === 1 ? manifests[0].name.slice(0, -MANIFEST_FILE.length) : '';
  const byName = new Map(entries.filter((e) => e.name.startsWith(folder)).map((e) => [e.name.slice(folder.length), e.data]));
  return { label: path, read: (name) => byName.get(name) ?? null };
}

export async function importAnchorSet(db: Db, input: OpParsedInput<'anchors.import'>): Promise<OpOutput<'anchors.import'>> {
  const source = await readExport(input.dir);
  const manifestBytes = source.read(MANIFEST_FILE);
  if (!manifestBytes) throw refused(MANIFEST_FILE, say('err.anchor.no-manifest', { path: source.label, manifest: MANIFEST_FILE }));
  let text: string;
  let json: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(manifestBytes);
    json = JSON.parse(text);
  } catch {
    throw refused(MANIFEST_FILE, say('err.anchor.manifest-not-json', { manifest: MANIFEST_FILE }));
  }
  // file names first: a manifest can never point outside the folder
  const listed = (json as { files?: unknown })?.files;
  if (Array.isArray(listed)) {
    for (const f of listed) {
      const name = (f as { name?: unknown })?.name;
      const problem = typeof name === 'string' ? unsafeFileName(name) : say('err.anchor.nameless-file');
      if (problem) throw refused(MANIFEST_FILE, say('err.anchor.unsafe-file', { manifest: MANIFEST_FILE, problem }), 'files');
    }
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.map(String).join('.') || null;
    throw refused(MANIFEST_FILE, describeIssue(issue, ManifestSchema).message, field);
  }
  const manifest = parsed.data;
  const names = manifest.files.map((f) => f.name).sort();
  if (canonicalJson(names) !== canonicalJson([...ANCHOR_DATA_FILES].sort())) {
    throw refused(MANIFEST_FILE, say('err.anchor.manifest-files', { manifest: MANIFEST_FILE, expected: ANCHOR_DATA_FILES.join(', '), listed: names.join(', ') || '—' }), 'files');
  }
  if (sha256(manifestHashInput(manifest)) !== manifest.manifestSha256 || renderManifest(manifest) !== text) {
    throw refused(MANIFEST_FILE, say('err.anchor.manifest-changed', { manifest: MANIFEST_FILE }), 'manifestSha256');
  }
  const files = new Map<string, Uint8Array>();
  for (const f of manifest.files) {
    const bytes = source.read(f.name);
    if (!bytes) throw refused(f.name, say('err.anchor.file-missing', { file: f.name, path: source.label }));
    const actual = sha256(bytes);
    if (actual !== f.sha256 || bytes.length !== f.bytes) {
      throw refused(f.name, say('err.anchor.file-changed', { file: f.name, manifest: MANIFEST_FILE, expected: f.sha256, found: actual }), 'sha256');
    }
    files.set(f.name, bytes);
  }
  let items: AnchorItem[];
  try {
    items = parseAnchorsJsonl(new TextDecoder('utf-8', { fatal: true }).decode(files.get(ANCHORS_FILE)!));
  } catch (error) {
    if (error instanceof AnchorFormatError) throw refused(error.file, error.problem, error.field, error.line);
    throw refused(ANCHORS_FILE, say('err.anchor.not-utf8', { file: ANCHORS_FILE }));
  }
  if (items.length !== manifest.items || canonicalJson(countValues(items, manifest.definitions.map((d) => d.name))) !== canonicalJson(manifest.counts)) {
    throw refused(ANCHORS_FILE, say('err.anchor.counts-differ', { file: ANCHORS_FILE, manifest: MANIFEST_FILE }));
  }
  const summary: AnchorSetSummary = {
    name: manifest.name,
    version: manifest.version,
    frozenAt: manifest.createdAt,
    origin: 'imported',
    items: manifest.items,
    rounds: manifest.rounds,
    dimensions: manifest.dimensions,
    slices: manifest.slices,
    reviewers: manifest.reviewers,
    counts: manifest.counts,
    thresholds: manifest.driftThresholds,
  };
  const sorted = sortAnchorItems(items);
  const content = contentHash(sorted, manifest.definitions, manifest.driftThresholds, manifest.slices);
  const outcome = db.transaction(() => {
    const existing = findAnchorSet(db, manifest.name, manifest.version);
    if (existing) {
      if (existing.contentSha256 === content) return { summary: existing.summary, created: false };
      throw new ApiError('conflict', say('err.anchor.version-exists', { name: manifest.name, version: manifest.version }), {
        file: MANIFEST_FILE, line: null, field: 'version',
      });
    }
    insertAnchorSet(db, { summary, judgeRuns: manifest.judgeRuns, definitions: manifest.definitions, contentSha256: content, items: sorted });
    return { summary, created: true };
  }).immediate();
  return contract['anchors.import'].output.parse(outcome);
}

// ---- drift -------------------------------------------------------------------------------------

const EPSILON = 1e-12;

export function driftReport(db: Db, input: OpParsedInput<'anchors.drift'>): OpOutput<'anchors.drift'> {
  const op = 'anchors.drift';
  const set = requireAnchorSet(db, input.name, input.version, op);
  const run = judgeRef(db, input.runId);
  if (!run) {
    const ids = db.prepare('SELECT id FROM judge_runs ORDER BY id').pluck().all() as number[];
    throw new ApiError('not-found', say(ids.length ? 'err.judge-run.unknown' : 'err.judge-run.none', { runId: input.runId, runs: ids.join(', ') }), at(op, 'runId'));
  }
  const thresholds = set.summary.thresholds;
  const dimensions: DriftDimension[] = set.definitions.map((definition) => {
    const name = definition.name;
    const atFreeze = set.summary.dimensions.find((d) => d.dimension === name);
    const anchored = set.items.filter((i) => name in i.human);
    const verdicts = verdictsByIds(db, run.runId, name);
    const pairs: CellPair[] = [];
    for (const item of anchored) {
      const key = itemKey(item.caseId, item.responseId);
      if (verdicts.has(key)) pairs.push({ itemKey: key, caseId: item.caseId, responseId: item.responseId, human: item.human[name], judge: verdicts.get(key) });
    }
    const now = pairFigures(definition, pairs);
    const agreementAtFreeze = atFreeze?.agreement ?? null;
    const biasAtFreeze = atFreeze?.bias ?? null;
    const agreementDrop = agreementAtFreeze !== null && now.agreement.value !== null ? agreementAtFreeze - now.agreement.value : null;
    const baseline = biasAtFreeze ?? 0;
    const biasMove = now.bias.value !== null ? now.bias.value - baseline : null;
    // paired changes on the anchor items the judge scored at freeze and now
    const paired: DriftPair[] = pairs
      .filter((p) => name in (anchored.find((i) => itemKey(i.caseId, i.responseId) === p.itemKey)?.judge ?? {}))
      .map((p) => ({ caseId: p.caseId, itemKey: p.itemKey, human: p.human, now: p.judge, before: anchored.find((i) => itemKey(i.caseId, i.responseId) === p.itemKey)!.judge[name] }));
    const shiftSinceFreeze = paired.length ? meanShiftChange(definition, paired, thresholds.maxBiasShift) : null;
    const agreementSinceFreeze = paired.length ? agreementChange(definition, paired, thresholds.maxAgreementDrop) : null;
    const flags: DriftDimension['flags'] = [];
    if (agreementDrop !== null && agreementSinceFreeze?.state === 'flagged' && agreementDrop > thresholds.maxAgreementDrop + EPSILON) {
      flags.push({
        code: 'agreement-drop',
        values: { coefficient: now.agreementKey, atFreeze: agreementAtFreeze!, now: now.agreement.value!, drop: agreementDrop, threshold: thresholds.maxAgreementDrop },
        message: `${now.agreementKey} fell from ${agreementAtFreeze!.toFixed(3)} at freeze to ${now.agreement.value!.toFixed(3)} (−${agreementDrop.toFixed(3)}; threshold ${thresholds.maxAgreementDrop}).`,
      });
    }
    const range = scaleOf(definition).range;
    if (biasMove !== null && now.bias.value !== null) {
      const share = Math.abs(biasMove) / (range ?? 1);
      if (shiftSinceFreeze?.state === 'flagged' && share > thresholds.maxBiasShift + EPSILON && Math.abs(now.bias.value) > Math.abs(baseline) + EPSILON) {
        flags.push({
          code: 'bias-move',
          values: { from: baseline, fromFreeze: biasAtFreeze !== null, now: now.bias.value, share, threshold: thresholds.maxBiasShift },
          message: `The bias (judge − human) moved from ${baseline.toFixed(3)}${biasAtFreeze === null ? ' (no judge at freeze: measured from 0)' : ' at freeze'} to ${now.bias.value.toFixed(3)}, ${(share * 100).toFixed(1)}% of the scale (threshold ${(thresholds.maxBiasShift * 100).toFixed(1)}%).`,
        });
      }
    }
    // the previous judge version on the same anchors: the latest earlier run of the same model scoring any of them
    let previous: DriftDimension['previous'] = null;
    let shiftSincePrevious: PairedChange | null = null;
    for (const earlier of earlierRunsOfModel(db, run.runId, run.model)) {
      const before = verdictsByIds(db, earlier, name);
      const shared: CellPair[] = [];
      for (const p of pairs) if (before.has(p.itemKey)) shared.push({ ...p, human: before.get(p.itemKey) });
      if (shared.length === 0) continue;
      const f = pairFigures(definition, shared);
      previous = { run: judgeRef(db, earlier)!, n: f.n, agreement: f.agreement, meanShift: f.bias };
      shiftSincePrevious = meanShiftChange(definition, shared.map((p) => ({ caseId: p.caseId, itemKey: p.itemKey, human: null, before: p.human, now: p.judge })), thresholds.maxBiasShift);
      break;
    }
    const state = pairs.length === 0 ? 'possible' : worstState([shiftSinceFreeze?.state, agreementSinceFreeze?.state, shiftSincePrevious?.state]);
    return {
      dimension: name,
      type: definition.type,
      n: now.n,
      missing: anchored.length - pairs.length,
      agreementKey: now.agreementKey,
      agreement: now.agreement,
      agreementAtFreeze,
      agreementDrop,
      bias: now.bias,
      biasAtFreeze,
      biasMove,
      previous,
      flags,
      shiftSinceFreeze,
      agreementSinceFreeze,
      shiftSincePrevious,
      state,
      ...because(pairs.length === 0 ? 'anchors-not-scored' : now.reason),
    };
  });
  return contract['anchors.drift'].output.parse({
    anchorSet: set.summary,
    run,
    thresholds,
    flagged: worstState(dimensions.map((d) => d.state)) === 'flagged',
    state: worstState(dimensions.map((d) => d.state)),
    dimensions,
  });
}
