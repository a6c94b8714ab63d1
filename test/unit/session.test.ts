import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../shared/api/contract';

/**
 * One owner of resets: stores register them with the session, and a change of test set (also a restore
 * into the open one) or of reviewer resets through it alone.
 */
describe('the session', () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    vi.resetModules();
    const memory = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
      key: () => null,
      length: 0,
    });
    vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => {} });
    // the window's bridge: the reviewers of any test set are Wang Min (7) and Li Lei (8)
    vi.stubGlobal('window', {
      addEventListener: () => {},
      touchstone: {
        invoke: async (name: string): Promise<Envelope<unknown>> => {
          calls.push(name);
          return name === 'reviewers.list' ? { ok: true, value: [{ id: 7, name: 'Wang Min' }, { id: 8, name: 'Li Lei' }] } : { ok: true, value: null };
        },
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('runs the resets of a scope in the order registered; a test-set change also resets the reviewer scope', async () => {
    const session = await import('../../renderer/common/session');
    const seen: string[] = [];
    session.onSessionReset('test-set', ({ testSetId }) => seen.push(`file ${testSetId}`));
    session.onSessionReset('reviewer', ({ reviewerId }) => seen.push(`reviewer ${reviewerId}`));
    session.testSetOpened('set-a');
    expect(seen).toEqual(['file set-a', 'reviewer null']);
    session.reviewerChosen(7);
    session.reviewerChosen(7);
    expect(seen).toEqual(['file set-a', 'reviewer null', 'reviewer 7']);
    // the same file again (a restore keeps its id): everything starts over
    session.testSetOpened('set-a');
    expect(seen.slice(3)).toEqual(['file set-a', 'reviewer null']);
    expect(session.currentSession()).toEqual({ testSetId: 'set-a', reviewerId: null });
  });

  it('a restored or switched file resets the labeling queue and claims draft, and loads that file’s reviewers', async () => {
    const { useLabelingStore } = await import('../../renderer/features/labeling/labelingStore');
    const { useClaimsDraftStore } = await import('../../renderer/features/labeling/claimsDraftStore');
    const { useReviewerStore } = await import('../../renderer/features/reviewers/reviewerStore');
    const { useTestSetStore } = await import('../../renderer/features/test-sets/testSetStore');
    localStorage.setItem('touchstone.reviewer.set-a', '8');

    useLabelingStore.setState({ queue: { source: 'unlabeled' }, caseId: 'c1', stepIndex: 2 });
    useClaimsDraftStore.getState().open('c1', [{ text: 'claim', evidence: [] }]);
    useTestSetStore.getState().opened({ testSetId: 'set-a' } as never);

    expect(useLabelingStore.getState()).toMatchObject({ queue: null, caseId: null, stepIndex: 0 });
    expect(useClaimsDraftStore.getState().claimsDraft).toBeNull();
    await vi.waitFor(() => expect(useReviewerStore.getState().current?.id).toBe(8));
    expect(useReviewerStore.getState().testSetId).toBe('set-a');

    // another reviewer at the keyboard: the queue opened for the last one is dropped
    useLabelingStore.setState({ queue: { source: 'unlabeled' }, caseId: 'c2' });
    useReviewerStore.getState().choose({ id: 7, name: 'Wang Min' } as never);
    expect(useLabelingStore.getState()).toMatchObject({ queue: null, caseId: null });
    // choosing the same one again keeps what is open
    useLabelingStore.setState({ queue: { source: 'unlabeled' }, caseId: 'c3' });
    useReviewerStore.getState().choose({ id: 7, name: 'Wang Min' } as never);
    expect(useLabelingStore.getState().caseId).toBe('c3');
  });
});
