import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/api/contract';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';
import { useWindowOverBackend } from '../helpers/window-over-backend';

/**
 * The Settings store driven as the window drives it, over a real backend on a real file. A return visit
 * shows the cards already loaded while it reads them again: what the user types in that moment must
 * survive the answer.
 */

const tempDir = useTempDir();
const openWindow = useWindowOverBackend();

async function settingsOverFile() {
  const dir = tempDir();
  const set = await smallLabelingSet(dir);
  set.db.close();
  const backend = await openWindow(set.file, join(dir, 'data'));
  const answer = (await backend.dispatch('testSets.current', {})) as Envelope<{ testSetId: string }>;
  if (!answer.ok) throw new Error(answer.error.message);
  const { useSettingsStore } = await import('../../renderer/features/settings/settingsStore');
  return { store: useSettingsStore, testSetId: answer.value.testSetId };
}

describe('Settings: loaded values never replace what the user edited', () => {
  it('a threshold typed while a return visit reloads is kept, and can be saved', async () => {
    const { store, testSetId } = await settingsOverFile();
    await store.getState().load(testSetId);
    const before = store.getState().thresholdDrafts['how-to'];

    const reloading = store.getState().load(testSetId);
    store.getState().setThreshold('how-to', 'minCorrectAnswerRate', '42');
    await reloading;

    const after = store.getState().thresholdDrafts['how-to'];
    expect(after.minCorrectAnswerRate).toBe('42');
    // the fields left alone show what the file holds
    expect(after.maxOverRefusalRate).toBe(before.maxOverRefusalRate);
    expect(store.getState().thresholdsDirty).toBe(true);

    expect(await store.getState().saveThresholds()).toBe(true);
    expect(store.getState().thresholds['how-to'].minCorrectAnswerRate).toBeCloseTo(0.42);
    expect(store.getState().thresholdDrafts['how-to'].minCorrectAnswerRate).toBe('42');
  });

  it('a dimension renamed while a return visit reloads keeps its new name', async () => {
    const { store, testSetId } = await settingsOverFile();
    await store.getState().load(testSetId);
    const [first] = store.getState().drafts;

    const reloading = store.getState().load(testSetId);
    store.getState().updateDimension(first.key, { name: 'renamedWhileLoading' });
    await reloading;

    expect(store.getState().drafts[0].name).toBe('renamedWhileLoading');
    expect(store.getState().dirty).toBe(true);
    // what is saved is what the file holds, so Discard goes back to it
    store.getState().discard();
    expect(store.getState().drafts[0].name).toBe(first.name);
    expect(store.getState().dirty).toBe(false);
  });

  it('a reload with nothing edited shows the saved values', async () => {
    const { store, testSetId } = await settingsOverFile();
    await store.getState().load(testSetId);
    store.getState().setThreshold('how-to', 'minCorrectAnswerRate', '42');
    expect(await store.getState().saveThresholds()).toBe(true);
    await store.getState().load(testSetId);
    expect(store.getState().thresholdDrafts['how-to'].minCorrectAnswerRate).toBe('42');
    expect(store.getState().thresholdsDirty).toBe(false);
  });
});
