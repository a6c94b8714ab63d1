import { describe, expect, it } from 'vitest';
import { contract, OP_NAMES } from '../../shared/api/contract';
import { checkCall, HOST_ONLY_OPS, WAITING_WRITES } from '../../shared/api/validate';

describe('the contract says what each operation is', () => {
  it('every label, undo and merge waits for a running import; reads never do', () => {
    for (const name of ['labels.record', 'labels.undo', 'labeling.item', 'rounds.start', 'labels.importPack', 'conflicts.resolve'] as const) {
      expect(WAITING_WRITES).toContain(name);
    }
    for (const name of ['cases.list', 'cases.get', 'agreement.judgeVsHuman', 'labels.history', 'backups.list'] as const) {
      expect(WAITING_WRITES).not.toContain(name);
    }
  });

  it('jobs that schedule themselves against imports are not made to wait behind them', () => {
    expect(WAITING_WRITES).not.toContain('imports.start');
    expect(WAITING_WRITES).not.toContain('backups.restore');
    expect((contract['imports.start'] as { writes?: unknown }).writes).toBe('job');
  });

  it('host-only operations are exactly the native dialog, the menu and the language they speak', () => {
    expect([...HOST_ONLY_OPS].sort()).toEqual(['dialog.pickPath', 'ui.nextMenuCommand', 'ui.setLocale']);
    expect(OP_NAMES.length).toBeGreaterThan(HOST_ONLY_OPS.length);
  });

  it('one validator names the operation and the field', () => {
    const bad = checkCall('labels.record', { caseId: 5 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/^labels\.record: field "/);
    const unknown = checkCall('nope', {});
    expect(!unknown.ok && unknown.error.message).toBe('Unknown operation "nope".');
  });
});
