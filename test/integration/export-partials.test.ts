import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReviewer, recordLabel } from '../../db/labels';
import { createBackend, type Backend } from '../../server/backend';
import { cli } from '../helpers/cli';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

async function call<T>(backend: Backend, name: string, input: unknown = {}): Promise<T> {
  const envelope = await backend.dispatch(name, input);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as T;
}

/** A file as a killed export leaves it: written an hour ago and never renamed into place. */
function leftover(path: string, age = 3600_000): string {
  writeFileSync(path, 'half an export');
  const then = new Date(Date.now() - age);
  utimesSync(path, then, then);
  return path;
}

describe('partial files a killed export leaves', () => {
  const tempDir = useTempDir();

  it('the next export into the folder removes them (its own name and other exports), never a young one or a file of the person', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    const ada = createReviewer(opened.db, 'Ada');
    recordLabel(opened.db, { reviewerId: ada.id, caseId: 'c1', responseId: null, dimension: 'answerability', value: 'answerable' });
    opened.db.close();
    const out = join(dir, 'out');
    mkdirSync(out);
    const ownName = leftover(join(out, 'cases.jsonl.partial'));
    const otherExport = leftover(join(out, 'responses.csv.partial'));
    const anchorZip = leftover(join(out, 'refund-anchors-v3.zip.partial'));
    const running = leftover(join(out, 'labels.jsonl.partial'), 1000);
    const persons = leftover(join(out, 'notes.txt.partial'));
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: opened.file });
    try {
      const written = await call<{ files: { name: string }[] }>(backend, 'exports.write', { what: 'cases', format: 'jsonl', outDir: out });
      expect(written.files.map((f) => f.name)).toEqual(['cases.jsonl']);
      for (const gone of [ownName, otherExport, anchorZip]) expect(existsSync(gone), gone).toBe(false);
      expect(existsSync(running)).toBe(true);
      expect(existsSync(persons)).toBe(true);
      expect(readdirSync(out).sort()).toEqual(['cases.jsonl', 'labels.jsonl.partial', 'notes.txt.partial']);

      // a label pack (and an anchor set) written into a folder cleans it the same way
      const packDir = join(dir, 'pack');
      mkdirSync(packDir);
      const killedPack = leftover(join(packDir, 'manifest.json.partial'));
      await call(backend, 'labels.exportPack', { reviewerId: ada.id, outDir: packDir });
      expect(existsSync(killedPack)).toBe(false);
      expect(readdirSync(packDir).sort()).toEqual(['labels.jsonl', 'manifest.json']);
    } finally {
      await backend.close();
    }
  });

  it('the command line export removes the partial of the file name it was given', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    opened.db.close();
    const target = join(dir, 'my-cases.jsonl');
    const killed = leftover(`${target}.partial`);
    const result = await cli('export', 'cases', '--db', opened.file, '--out', target);
    expect(result.code).toBe(0);
    expect(existsSync(target)).toBe(true);
    expect(existsSync(killed)).toBe(false);
  });
});
