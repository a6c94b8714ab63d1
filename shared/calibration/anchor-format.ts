import { renderText, text as say, type LocalText } from '../messages/text';
import { describeIssue } from '../import/issues';
import { z } from 'zod';
import {
  ANCHOR_NAME, AnchorCountSchema, AnchorDimensionSchema, AnchorItemSchema, DriftThresholdsSchema, JudgeRefSchema, type AnchorItem,
} from '../api/calibration-ops';
import { DimensionSchema } from '../domain/dimensions';
import { canonicalJson } from '../labeling/values';
import { compareItems } from './sampler';

/**
 * The anchor set export (SPEC, File formats): a folder with
 * - anchors.jsonl — one adjudicated item per line (case id and question, response id, system
 *   and answer, the round, the final human value and the judge's value at freeze per dimension),
 *   each line canonical JSON (sorted keys), lines ordered by case id then response id;
 * - manifest.json — name, version, createdAt (= the frozen-at time, the only time in the
 *   export), schemaVersion (of this format), counts per dimension and value, reviewers, the
 *   judge runs included, agreement at freeze, the dimension definitions, the drift thresholds,
 *   and `files`: bytes and sha256 of every other file. A manifest cannot hold its own hash, so
 *   `manifestSha256` is the sha256 of the canonical JSON of the manifest without that field, and
 *   the manifest text must be exactly the canonical rendering (sorted keys, two-space indent,
 *   final newline): any changed byte of either file is detected.
 * Exporting the same version twice gives the same bytes; a zip holds the same two files.
 */

export const ANCHOR_FORMAT = 'touchstone-anchor-set';
/** 2: items carry the reference answer and final context captured at freeze; sets frozen before keep exporting as 1. */
export const ANCHOR_SCHEMA_VERSION = 2;
export const anchorSchemaVersionOf = (items: readonly AnchorItem[]): 1 | 2 => (items.some((i) => i.finalContext !== undefined) ? 2 : 1);
export const ANCHORS_FILE = 'anchors.jsonl';
export const MANIFEST_FILE = 'manifest.json';
/** The only file names an anchor set's manifest may list: nothing can point outside the folder. */
export const ANCHOR_DATA_FILES = [ANCHORS_FILE] as const;

export const ManifestJudgeRunSchema = JudgeRefSchema.extend({ promptHash: z.string().nullable(), sourceSha256: z.string().nullable() });
export type ManifestJudgeRun = z.infer<typeof ManifestJudgeRunSchema>;

export const ManifestFileSchema = z.object({ name: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const ManifestSchema = z.object({
  format: z.literal(ANCHOR_FORMAT),
  schemaVersion: z.union([z.literal(1), z.literal(ANCHOR_SCHEMA_VERSION)]),
  name: z.string().regex(ANCHOR_NAME),
  version: z.number().int().positive(),
  createdAt: z.string().min(1),
  items: z.number().int().nonnegative(),
  rounds: z.array(z.number().int()),
  slices: z.array(z.string()),
  reviewers: z.array(z.string()),
  dimensions: z.array(AnchorDimensionSchema),
  definitions: z.array(DimensionSchema),
  counts: z.array(AnchorCountSchema),
  judgeRuns: z.array(ManifestJudgeRunSchema),
  driftThresholds: DriftThresholdsSchema,
  files: z.array(ManifestFileSchema),
  manifestSha256: z.string(),
});
export type Manifest = z.infer<typeof ManifestSchema>;

const sortDeep = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, sortDeep(v)]),
    );
  }
  return value;
};

/** The manifest's text: sorted keys, two-space indent, final newline. */
export const renderManifest = (manifest: Manifest): string => `${JSON.stringify(sortDeep(manifest), null, 2)}\n`;

/** What manifestSha256 is the hash of. */
export function manifestHashInput(manifest: Omit<Manifest, 'manifestSha256'> & { manifestSha256?: string }): string {
  const { manifestSha256: _omit, ...rest } = manifest;
  void _omit;
  return canonicalJson(rest);
}

export function sortAnchorItems(items: readonly AnchorItem[]): AnchorItem[] {
  return [...items].sort(compareItems);
}

export const renderAnchorsJsonl = (items: readonly AnchorItem[]): string => sortAnchorItems(items).map((item) => `${canonicalJson(item)}\n`).join('');

/** Why a file name listed in a manifest is not acceptable (it must be one of ANCHOR_DATA_FILES, a bare name), or null. */
export function unsafeFileName(name: string): LocalText | null {
  if (name.includes('/') || name.includes('\\') || name.includes('\0') || name === '..' || name === '.' || /^[A-Za-z]:/.test(name)) {
    return say('err.anchor.path-not-name', { name });
  }
  if (!(ANCHOR_DATA_FILES as readonly string[]).includes(name)) return say('err.anchor.foreign-file', { name, expected: ANCHOR_DATA_FILES.join(', ') });
  return null;
}

/** Parses anchors.jsonl; throws an Error naming the line and field. */
export function parseAnchorsJsonl(text: string): AnchorItem[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line, i) => {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new AnchorFormatError(ANCHORS_FILE, i + 1, null, say('err.json.invalid-line'));
    }
    const parsed = AnchorItemSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AnchorFormatError(ANCHORS_FILE, i + 1, issue.path.map(String).join('.') || null, describeIssue(issue, AnchorItemSchema).message);
    }
    return parsed.data;
  });
}

export class AnchorFormatError extends Error {
  constructor(readonly file: string, readonly line: number | null, readonly field: string | null, readonly problem: LocalText) {
    super(`${file}${line !== null ? `, line ${line}` : ''}${field ? `, field ${field}` : ''}: ${renderText('en', problem)}`);
    this.name = 'AnchorFormatError';
  }
}

/** Counts per dimension and value, in the dimensions' order then the options' order (numbers ascending, then text). */
export function countValues(items: readonly AnchorItem[], dimensionOrder: readonly string[]): { dimension: string; value: string | number; count: number }[] {
  const counts = new Map<string, Map<string, { value: string | number; count: number }>>();
  for (const item of items) {
    for (const [dimension, value] of Object.entries(item.human)) {
      let byValue = counts.get(dimension);
      if (!byValue) counts.set(dimension, (byValue = new Map()));
      const key = JSON.stringify(value);
      const known = byValue.get(key);
      if (known) known.count += 1;
      else byValue.set(key, { value, count: 1 });
    }
  }
  const order = (d: string) => {
    const i = dimensionOrder.indexOf(d);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const byValue = (a: string | number, b: string | number) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : typeof a === 'number' ? -1 : typeof b === 'number' ? 1 : a < b ? -1 : a > b ? 1 : 0;
  return [...counts.keys()]
    .sort((a, b) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0))
    .flatMap((dimension) => [...counts.get(dimension)!.values()].sort((a, b) => byValue(a.value, b.value)).map((c) => ({ dimension, ...c })));
}
