import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportKind } from '../../shared/domain/schemas';
import { HOLDOUT_IN_QUEUES_KEY } from '../../db/holdout-visibility';
import { openTestSetFile } from '../../db/open';
import { writeSetting } from '../../db/settings';
import { runImport } from '../imports/import-pipeline';
import { playDemoStory } from './demo-story';

/** The sample bundled with the app, in import order: each file only refers to what came before it. */
export const SAMPLE_FILES: [ImportKind, string][] = [
  ['documents', 'documents.jsonl'],
  ['cases', 'cases.jsonl'],
  ['responses', 'responses.jsonl'],
  ['judge', 'judge.jsonl'],
];

export function sampleDir(): string {
  return process.env.TOUCHSTONE_SAMPLE_DIR ?? fileURLToPath(new URL('../../shared/sample/', import.meta.url));
}

/**
 * Builds the demo test set through the ordinary importers and services (the sample, then the weeks of
 * labeling, judging and calibration of demo-story.ts), then moves it into place whole.
 */
/** `story: false`: the bundled sample alone, as `touchstone import` of its files would make it. */
export interface DemoOptions {
  story?: boolean;
}

export async function createDemoTestSet(path: string, options: DemoOptions = {}): Promise<void> {
  const building = await buildDemoFile(path, options);
  if (existsSync(path)) throw new Error(`${path} appeared while the demo was being built`);
  renameSync(building, path);
}

/** The demo built whole beside `path` (as `path.building`), for the caller to move into place. */
export async function buildDemoFile(path: string, { story = true }: DemoOptions = {}): Promise<string> {
  const building = `${path}.building`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(building + suffix, { force: true });
  const opened = await openTestSetFile(building, { create: true });
  try {
    for (const [kind, file] of SAMPLE_FILES) {
      runImport(opened.db, { kind, format: 'jsonl', fileName: file, bytes: readFileSync(join(sampleDir(), file)) });
    }
    if (story) playDemoStory(opened.db);
    // The demo is a tour: its first cases are holdout cases, and a newcomer should meet them in the
    // everyday queue. Settings turns this off like in any other test set.
    writeSetting(opened.db, HOLDOUT_IN_QUEUES_KEY, true);
    opened.db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    opened.db.close();
  }
  return building;
}
