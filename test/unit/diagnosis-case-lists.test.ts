import { describe, expect, it } from 'vitest';
import { caseListAt, pageOf } from '../../shared/diagnosis/case-lists';

const refs = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => ({ caseId: `c${i}`, responseId: `${prefix}${i}` }));

describe('the page cuts each list of cases to its first ones and names every list with its length', () => {
  const report = {
    share: { count: 5, n: 40 },
    cells: [{ key: 'a', cases: refs(5) }, { key: 'b', cases: [] }],
    unsafe: refs(40),
    flagged: ['c1', 'c2'],
    assignments: [...refs(4, 'x').map((r) => ({ ...r, layer: 'retrieval' })), ...refs(3, 'y').map((r) => ({ ...r, layer: 'generation' }))],
  };

  it('keeps figures and lists of other things whole, cuts lists of cases, and per layer where each case has one', () => {
    const page = pageOf(report, 2);
    expect(page.share).toEqual(report.share);
    expect(page.flagged).toEqual(['c1', 'c2']);
    expect(page.cells[0].cases).toEqual(report.cells[0].cases.slice(0, 2));
    expect(page.cells[1].cases).toEqual([]);
    expect(page.unsafe).toHaveLength(2);
    expect(page.assignments.map((a) => a.responseId)).toEqual(['x0', 'x1', 'y0', 'y1']);
    expect(page.lists).toEqual({ 'cells.0.cases': 5, unsafe: 40, assignments: 7, 'assignments@retrieval': 4, 'assignments@generation': 3 });
  });

  it('finds the whole list behind each name, one layer\'s part of a list by layer, and nothing behind a name that is no list of cases', () => {
    expect(caseListAt(report, 'unsafe')).toBe(report.unsafe);
    // an empty list has no name on the page (nothing to show more of)
    expect(caseListAt(report, 'cells.1.cases')).toBeNull();
    expect(caseListAt(report, 'assignments@generation')?.map((a) => (a as { responseId: string }).responseId)).toEqual(['y0', 'y1', 'y2']);
    expect(caseListAt(report, 'flagged')).toBeNull();
    expect(caseListAt(report, 'share.count')).toBeNull();
    expect(caseListAt(report, 'cells.7.cases')).toBeNull();
    expect(caseListAt(report, 'constructor')).toBeNull();
    // a layer's part only of a list whose rows name their layer, and only a layer that has rows
    expect(caseListAt(report, 'unsafe@retrieval')).toBeNull();
    expect(caseListAt(report, 'assignments@')).toBeNull();
    expect(caseListAt(report, 'assignments@agent')).toBeNull();
    expect(caseListAt(report, 'assignments@generation@x')).toBeNull();
  });
});
