import { describe, expect, it } from 'vitest';
import { adjudicationKeyAction, type AdjudicationKeyContext } from '../../renderer/features/calibration/adjudication-keys';
import {
  ANCHOR_NAME_PATTERN, formatBytes, formatFixed, formatInterval, formatRaw, formatSigned, groupByItem, groupByName, judgeLabel, nextVersion,
  parseDecimal, parseWholeNumber, shortHash, stepStates,
} from '../../renderer/features/calibration/format';
import { judgeChanges } from '../../shared/calibration/figures';
import { bandPath, fitDomain, layoutTrend, linePath, niceStep, type TrendInput } from '../../renderer/features/calibration/trend';

const point = (key: number, value: number | null, ci: [number, number] | null = null, breakBefore = false): TrendInput => ({ key, value, ci95: ci, breakBefore });

describe('trend layout', () => {
  it('never joins a line across a judge change', () => {
    const layout = layoutTrend([point(1, 0.6), point(2, 0.7), point(3, 0.5, null, true), point(4, 0.55)], { width: 400, height: 200, domain: [0, 1] });
    expect(layout.segments).toEqual([[0, 1], [2, 3]]);
    expect(layout.breaks).toHaveLength(1);
    expect(layout.breaks[0].index).toBe(2);
    expect(layout.breaks[0].x).toBeGreaterThan(layout.points[1].x);
    expect(layout.breaks[0].x).toBeLessThan(layout.points[2].x);
  });

  it('ends a segment at an undefined value and keeps it as a point without y (never 0)', () => {
    const layout = layoutTrend([point(1, 0.6), point(2, null), point(3, 0.5)], { width: 300, height: 100, domain: [0, 1] });
    expect(layout.points[1].y).toBeNull();
    expect(layout.segments).toEqual([[0], [2]]);
  });

  it('a break on the first point draws no marker', () => {
    const layout = layoutTrend([point(1, 0.6, null, true)], { width: 300, height: 100, domain: [0, 1] });
    expect(layout.breaks).toEqual([]);
    expect(layout.points[0].x).toBeCloseTo(300 / 2 + (44 - 16) / 2);
  });

  it('maps values top-down and clamps to the domain', () => {
    const layout = layoutTrend([point(1, 1), point(2, 0), point(3, 5)], {
      width: 100, height: 100, domain: [0, 1], padding: { left: 0, right: 0, top: 0, bottom: 0 },
    });
    expect(layout.points.map((p) => p.y)).toEqual([0, 100, 0]);
  });

  it('fits a domain around values and intervals, including zero for bias', () => {
    const domain = fitDomain([point(1, 0.1, [0.05, 0.2]), point(2, 0.15, [0.1, 0.32])], [0]);
    expect(domain[0]).toBeLessThanOrEqual(0);
    expect(domain[1]).toBeGreaterThanOrEqual(0.32);
    expect(fitDomain([])).toEqual([0, 1]);
    const flat = fitDomain([point(1, 0)]);
    expect(flat[0]).toBeLessThan(0);
    expect(flat[1]).toBeGreaterThan(0);
  });

  it('has nice ticks and a zero line only when zero is inside', () => {
    expect(niceStep(1, 4)).toBe(0.25);
    expect(niceStep(0.4, 4)).toBe(0.1);
    const layout = layoutTrend([point(1, -0.1), point(2, 0.2)], { width: 200, height: 100, domain: [-0.2, 0.4] });
    expect(layout.zeroY).not.toBeNull();
    expect(layout.ticks.map((t) => t.value)).toEqual([-0.2, 0, 0.2, 0.4]);
    expect(layoutTrend([point(1, 0.5)], { width: 200, height: 100, domain: [0, 1] }).zeroY).toBeNull();
  });

  it('draws paths per segment; a band needs every interval', () => {
    const layout = layoutTrend([point(1, 0.5, [0.4, 0.6]), point(2, 0.6, [0.5, 0.7]), point(3, 0.7)], { width: 300, height: 100, domain: [0, 1] });
    expect(linePath(layout, [0, 1, 2]).startsWith('M')).toBe(true);
    expect(linePath(layout, [0, 1, 2]).split('L')).toHaveLength(3);
    expect(bandPath(layout, [0, 1])).toMatch(/Z$/);
    expect(bandPath(layout, [0, 1, 2])).toBeNull();
    expect(bandPath(layout, [0])).toBeNull();
  });
});

const keyCtx = (over: Partial<AdjudicationKeyContext> = {}): AdjudicationKeyContext => ({ typing: false, overlay: false, rowKind: 'options', numericDraft: false, ...over });

describe('adjudication keys', () => {
  it('accepts with A or Enter and navigates with J/K and arrows', () => {
    expect(adjudicationKeyAction({ key: 'a' }, keyCtx())).toEqual({ type: 'accept' });
    expect(adjudicationKeyAction({ key: 'Enter' }, keyCtx())).toEqual({ type: 'accept' });
    expect(adjudicationKeyAction({ key: 'J' }, keyCtx())).toEqual({ type: 'nextItem' });
    expect(adjudicationKeyAction({ key: 'k' }, keyCtx())).toEqual({ type: 'previousItem' });
    expect(adjudicationKeyAction({ key: 'ArrowDown' }, keyCtx())).toEqual({ type: 'nextRow' });
    expect(adjudicationKeyAction({ key: 'ArrowUp' }, keyCtx())).toEqual({ type: 'previousRow' });
    expect(adjudicationKeyAction({ key: 'n' }, keyCtx())).toEqual({ type: 'note' });
  });

  it('number keys pick a value on option rows and type on numeric rows', () => {
    expect(adjudicationKeyAction({ key: '2' }, keyCtx())).toEqual({ type: 'choose', key: '2' });
    expect(adjudicationKeyAction({ key: '7' }, keyCtx({ rowKind: 'numeric' }))).toEqual({ type: 'numericKey', key: '7' });
    expect(adjudicationKeyAction({ key: 'Enter' }, keyCtx({ rowKind: 'numeric', numericDraft: true }))).toEqual({ type: 'confirmNumeric' });
    expect(adjudicationKeyAction({ key: 'Enter' }, keyCtx({ rowKind: 'numeric' }))).toEqual({ type: 'accept' });
    expect(adjudicationKeyAction({ key: '2' }, keyCtx({ rowKind: 'none' }))).toBeNull();
  });

  it('leaves keys to text fields and dialogs', () => {
    expect(adjudicationKeyAction({ key: 'a' }, keyCtx({ typing: true }))).toBeNull();
    expect(adjudicationKeyAction({ key: 'Escape' }, keyCtx({ typing: true }))).toEqual({ type: 'close' });
    expect(adjudicationKeyAction({ key: 'a' }, keyCtx({ overlay: true }))).toBeNull();
    expect(adjudicationKeyAction({ key: 'a', ctrlKey: true }, keyCtx())).toBeNull();
  });
});

describe('calibration formatting', () => {
  it('walks the round status path', () => {
    expect(stepStates('revealed')).toEqual([
      { step: 'labeling', state: 'done' },
      { step: 'revealed', state: 'current' },
      { step: 'adjudicated', state: 'todo' },
      { step: 'closed', state: 'todo' },
    ]);
  });

  it('writes figures, signs and intervals; an unknown end gives no interval', () => {
    expect(formatFixed('en', 0.61234)).toBe('0.612');
    expect(formatFixed('en', -0.0001)).toBe('0.000');
    expect(formatSigned('en', 0.12)).toBe('+0.120');
    expect(formatSigned('en', -0.045)).toBe('\u22120.045');
    expect(formatSigned('en', 0)).toBe('0.000');
    expect(formatInterval('en', [0.1, 0.25])).toBe('[0.100, 0.250]');
    expect(formatInterval('en', [-0.1, 0.2], 2, true)).toBe('[\u22120.10, +0.20]');
    expect(formatInterval('en', [null, 0.2])).toBeNull();
    expect(formatInterval('en', null)).toBeNull();
    expect(formatRaw(0.7000000001)).toBe('0.7');
    expect(formatRaw('answered')).toBe('answered');
  });

  it('says which part of the judge changed', () => {
    const a = { runId: 1, model: 'm', modelVersion: 'v1', promptVersion: 'p1' };
    expect(judgeChanges(a, { ...a, runId: 2, modelVersion: 'v2' })).toEqual(['version']);
    expect(judgeChanges(a, { ...a, model: 'n', promptVersion: 'p2' })).toEqual(['model', 'prompt']);
    expect(judgeChanges(a, a)).toEqual([]);
    expect(judgeChanges(null, a)).toEqual([]);
    expect(judgeLabel(a)).toBe('m v1 · p1');
  });

  it('groups reveal cells by item in the API order', () => {
    const cells = [
      { caseId: 'b', responseId: 'r1', dimension: 'x' },
      { caseId: 'a', responseId: null, dimension: 'x' },
      { caseId: 'b', responseId: 'r1', dimension: 'y' },
      { caseId: 'b', responseId: 'r2', dimension: 'x' },
    ];
    const groups = groupByItem(cells);
    expect(groups.map((g) => [g.caseId, g.responseId, g.cells.map((c) => c.dimension)])).toEqual([
      ['b', 'r1', ['x', 'y']],
      ['a', null, ['x']],
      ['b', 'r2', ['x']],
    ]);
  });

  it('parses the start form and thresholds', () => {
    expect(parseWholeNumber('30', 1, 1000)).toEqual({ value: 30, error: null });
    expect(parseWholeNumber('', 1, 1000)).toEqual({ value: null, error: null });
    expect(parseWholeNumber('3.5', 1, 1000).error).toBe('not-a-number');
    expect(parseWholeNumber('0', 1, 1000).error).toBe('out-of-range');
    expect(parseDecimal('0,15', 0, 1)).toBe(0.15);
    expect(parseDecimal('1.5', 0, 1)).toBeNull();
    expect(parseDecimal('x', 0, 1)).toBeNull();
  });

  it('knows the version a freeze makes and groups sets by name', () => {
    const sets = [{ name: 'b', version: 1 }, { name: 'a', version: 2 }, { name: 'a', version: 1 }];
    expect(nextVersion(sets, 'a')).toEqual({ version: 3, latest: 2 });
    expect(nextVersion(sets, ' c ')).toEqual({ version: 1, latest: null });
    expect(groupByName(sets).map((g) => [g.name, g.versions.map((v) => v.version)])).toEqual([['a', [2, 1]], ['b', [1]]]);
    expect(ANCHOR_NAME_PATTERN.test('weekly-2026.v')).toBe(true);
    expect(ANCHOR_NAME_PATTERN.test('-bad')).toBe(false);
  });

  it('shortens hashes and writes sizes', () => {
    expect(shortHash('sha256:0123456789abcdef0123', 8)).toBe('01234567…');
    expect(formatBytes('en', 512)).toBe('512 B');
    expect(formatBytes('en', 2048)).toBe('2.0 KB');
  });
});
