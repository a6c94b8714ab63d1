import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addClaim, attachEvidence, deleteClaim, moveClaim, record, redoEdit, removeEvidence, startHistory, undoEdit,
} from '../../renderer/features/labeling/claimsDraft';
import type { LabeledClaim as Claim } from '../../shared/domain/dimensions';
import type { Evidence } from '../../shared/domain/schemas';

// as the case file gives it, with the stable id the editor gives an imported claim (its position)
const imported: Claim[] = [{ id: 'c1', text: '30 天内可退款', evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款' }] }];
const quote: Evidence = { docId: 'refund-policy', quote: '年度会员', start: 0, end: 4 };
/** The imported claims as a draft holds them: with the stable id of their position. */
const withIds = [{ id: 'c1', ...imported[0] }];

describe('claims edits', () => {
  it('add, attach, remove, move and delete change only what they name, and refuse what cannot be done', () => {
    const added = addClaim(imported, '  按比例退款 ');
    expect(added).toEqual({ claims: [imported[0], { id: expect.any(String), text: '按比例退款', evidence: [] }], active: 1 });
    expect(added!.claims[1].id).not.toBe(imported[0].id);
    expect(addClaim(imported, '   ')).toBeNull();
    const attached = attachEvidence(added!.claims, 1, quote);
    expect(attached?.claims[1].evidence).toEqual([quote]);
    // the same quote at the same place twice is one piece of evidence
    expect(attachEvidence(attached!.claims, 1, { ...quote })).toBeNull();
    expect(attachEvidence(attached!.claims, 5, quote)).toBeNull();
    expect(removeEvidence(attached!.claims, 1, 0)?.claims[1].evidence).toEqual([]);
    expect(removeEvidence(attached!.claims, 1, 3)).toBeNull();
    expect(moveClaim(attached!.claims, 1, -1)).toEqual({ claims: [attached!.claims[1], attached!.claims[0]], active: 0 });
    expect(moveClaim(attached!.claims, 0, -1)).toBeNull();
    expect(deleteClaim(attached!.claims, 1, 1)).toEqual({ claims: [imported[0]], active: 0 });
    // the imported claims are never changed in place
    expect(imported[0].evidence).toHaveLength(1);
  });
});

describe('claims draft history', () => {
  it('undoes edit by edit back to where the case opened, and redoes them in order', () => {
    let history = startHistory(imported);
    const one = addClaim(history.present, '按比例退款')!.claims;
    history = record(history, one);
    const two = attachEvidence(history.present, 1, quote)!.claims;
    history = record(history, two);

    const back = undoEdit(history)!;
    expect(back.present).toEqual(one);
    const start = undoEdit(back)!;
    expect(start.present).toEqual(withIds);
    expect(undoEdit(start)).toBeNull();
    expect(redoEdit(start)!.present).toEqual(one);
    expect(redoEdit(redoEdit(start)!)!.present).toEqual(two);
    expect(redoEdit(history)).toBeNull();
  });

  it('a new edit after undo cannot redo what was undone; recording the same claims adds nothing', () => {
    let history = record(startHistory(imported), addClaim(imported, 'a')!.claims);
    history = undoEdit(history)!;
    history = record(history, addClaim(history.present, 'b')!.claims);
    expect(redoEdit(history)).toBeNull();
    expect(record(history, history.present.map((c) => ({ ...c })))).toBe(history);
  });
});

describe('the claims draft store', () => {
  const memory = new Map<string, string>();
  beforeEach(() => {
    memory.clear();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
    });
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  async function stores() {
    const { useClaimsDraftStore } = await import('../../renderer/features/labeling/claimsDraftStore');
    const { useReviewerStore } = await import('../../renderer/features/reviewers/reviewerStore');
    useReviewerStore.setState({ testSetId: 'set-1', current: { id: 7, name: 'Wang Min' } as never });
    return useClaimsDraftStore;
  }

  it('after a claims label is undone its claims come back unsaved, and undo then walks back through the edits before it', async () => {
    const drafts = await stores();
    drafts.getState().open('c1', imported);
    expect(drafts.getState().claimsDirty).toBe(false);
    drafts.getState().addClaim('按比例退款');
    drafts.getState().setActiveClaim(1);
    drafts.getState().attachEvidence(quote);
    const confirmed = drafts.getState().claimsDraft!;
    drafts.getState().written(confirmed);
    expect(drafts.getState().claimsDirty).toBe(false);

    // the label is undone: the step holds the imported claims again, the draft keeps the expert's edit
    drafts.getState().restore(confirmed, imported);
    expect(drafts.getState().claimsDraft).toEqual(confirmed);
    expect(drafts.getState().claimsDirty).toBe(true);
    // a fresh read of the case (holding the imported claims) does not overwrite the unsaved draft
    drafts.getState().syncSaved(imported);
    expect(drafts.getState().claimsDraft).toEqual(confirmed);

    expect(drafts.getState().undo()).toBe(true);
    expect(drafts.getState().claimsDraft?.[1].evidence).toEqual([]);
    expect(drafts.getState().undo()).toBe(true);
    expect(drafts.getState().claimsDraft).toEqual(withIds);
    expect(drafts.getState().claimsDirty).toBe(false);
    expect(drafts.getState().undo()).toBe(false);
    expect(drafts.getState().redo()).toBe(true);
    expect(drafts.getState().redo()).toBe(true);
    expect(drafts.getState().claimsDraft).toEqual(confirmed);
    expect(drafts.getState().redo()).toBe(false);
  });

  it('keeps unsaved edits in local storage for this reviewer and case, and offers them again when the case opens', async () => {
    const drafts = await stores();
    drafts.getState().open('c1', imported);
    drafts.getState().addClaim('按比例退款');
    expect(drafts.getState().keep()).toBe(true);
    drafts.getState().reset();
    drafts.getState().open('c1', imported);
    expect(drafts.getState().claimsDraft?.map((c) => c.text)).toEqual(['30 天内可退款', '按比例退款']);
    expect(drafts.getState().claimsDirty).toBe(true);
    // written: nothing is kept any more
    drafts.getState().written(drafts.getState().claimsDraft!);
    drafts.getState().open('c1', imported);
    expect(drafts.getState().claimsDraft).toEqual(withIds);
    expect([...memory.keys()].filter((key) => key.startsWith('touchstone.claimsDraft.'))).toEqual([]);
  });
});
