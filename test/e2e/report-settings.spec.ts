import { expect, test, type Page } from '@playwright/test';
import type { Dimension } from '../../shared/domain/dimensions';
import { formatInterval, formatPercent, passState } from '../../renderer/features/report/format';
import { wilson } from '../../shared/stats/wilson';
import { rateVerdict } from '../../shared/stats/verdict';
import { api, openApp, sample } from './helpers';

/**
 * The refusal cross-table report and the Settings screen, in browser mode.
 * Other tests share the server, so every figure checked here comes from labels
 * recorded by a reviewer this file creates (the report is filtered to them).
 */

const SYSTEM = 'support-agent@3.2';

interface SampleResponse {
  id: string;
  caseId: string;
  system: string;
  questionType: string;
  answerability: string;
}

const cases = new Map(sample('cases.jsonl').map((c) => [c.id as string, c]));
const responses: SampleResponse[] = sample('responses.jsonl')
  .filter((r) => r.system === SYSTEM)
  .map((r) => {
    const c = cases.get(r.caseId as string)!;
    return { id: r.id as string, caseId: r.caseId as string, system: SYSTEM, questionType: c.questionType as string, answerability: c.answerability as string };
  });
const pick = (questionType: string, answerability: string) => responses.filter((r) => r.questionType === questionType && r.answerability === answerability);

let reviewerId = 0;
let reviewerName = '';
let testSetId = '';
const policyAnswerable = pick('policy-and-amounts', 'answerable');
const policyUnanswerable = pick('policy-and-amounts', 'unanswerable');
const howToAnswerable = pick('how-to', 'answerable');
/** Policy & amounts, answerable: four right answers, one wrong, one refusal → 4/6 correct, 1/6 over-refused. */
const refusedCase = policyAnswerable[5];

test.beforeAll(async ({ request }) => {
  expect(policyAnswerable.length).toBeGreaterThanOrEqual(6);
  expect(policyUnanswerable.length).toBeGreaterThanOrEqual(2);
  expect(howToAnswerable.length).toBeGreaterThanOrEqual(1);
  testSetId = (await api<{ testSetId: string }>(request, 'testSets.openDemo', {})).testSetId;
  reviewerName = `e2e report ${Date.now()}`;
  reviewerId = (await api<{ id: number }>(request, 'reviewers.create', { name: reviewerName })).id;
  const record = (r: SampleResponse, dimension: string, value: string | number) =>
    api(request, 'labels.record', { reviewerId, caseId: r.caseId, responseId: r.id, dimension, value });
  for (const [i, r] of policyAnswerable.slice(0, 5).entries()) {
    await record(r, 'responseBehavior', 'answered');
    await record(r, 'correctness', i < 4 ? 2 : 0);
  }
  await record(refusedCase, 'responseBehavior', 'refused');
  for (const r of policyUnanswerable.slice(0, 2)) await record(r, 'responseBehavior', 'refused');
  // how-to: one answered answerable case and no unanswerable one, so its correct-refusal rate has n = 0
  await record(howToAnswerable[0], 'responseBehavior', 'answered');
  await record(howToAnswerable[0], 'correctness', 2);
});

async function openAsReviewer(page: Page) {
  await openApp(page, { reviewer: { testSetId, id: reviewerId } });
  await expect(page.getByTestId('nav-report')).toBeVisible();
}

async function openReport(page: Page) {
  await page.getByTestId('nav-report').click();
  await expect(page.getByTestId('report-view')).toBeVisible();
  await page.getByTestId('report-system').selectOption(SYSTEM);
  await page.getByTestId('report-reviewer').selectOption(String(reviewerId));
  await expect(page.getByTestId('report-summary')).toContainText(reviewerName);
}

const group = (page: Page, questionType: string) => page.locator(`[data-testid="report-group"][data-question-type="${questionType}"]`);
const rate = (page: Page, questionType: string, kind: string) => group(page, questionType).locator(`[data-testid="report-rate"][data-rate="${kind}"]`);

test('the refusal report shows each rate with its n and Wilson interval, and opens the cases behind a cell', async ({ page, request }) => {
  const thresholds = await api<Record<string, { minCorrectAnswerRate: number }>>(request, 'settings.releaseThresholds', {});
  await openAsReviewer(page);
  await openReport(page);

  // high-stakes group first, with its stakes shown
  await expect(page.getByTestId('report-group').first()).toHaveAttribute('data-question-type', 'policy-and-amounts');
  await expect(group(page, 'policy-and-amounts')).toContainText('High stakes');

  const correct = rate(page, 'policy-and-amounts', 'correctAnswer');
  await expect(correct).toHaveAttribute('data-n', '6');
  await expect(correct.getByTestId('report-rate-value')).toHaveText(formatPercent(4 / 6, 'en')!);
  await expect(correct.getByTestId('report-rate-n')).toHaveText('n = 6');
  await expect(correct.getByTestId('report-rate-interval')).toHaveText(formatInterval(wilson(4, 6), 'en')!);
  // meets / fails only when the whole Wilson interval is on one side; otherwise inconclusive, with the n that would decide
  const verdict = rateVerdict(4, 6, thresholds['policy-and-amounts'].minCorrectAnswerRate, 'atLeast');
  await expect(correct).toHaveAttribute('data-pass', passState(verdict));
  if (verdict.state === 'inconclusive' && verdict.decidingN !== null) await expect(correct.getByTestId('report-rate-deciding')).toContainText(`n = ${verdict.decidingN}`);
  await correct.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/report-verdicts-en.png' });
  await page.getByTestId('language-switch').click();
  await expect(correct.getByTestId('report-rate-verdict')).toHaveText(/尚无定论|达标|未达标/);
  await page.screenshot({ path: 'test-results/screens/report-verdicts-zh.png' });
  await page.getByTestId('language-switch').click();

  const over = rate(page, 'policy-and-amounts', 'overRefusal');
  await expect(over).toHaveAttribute('data-n', '6');
  await expect(over.getByTestId('report-rate-interval')).toHaveText(formatInterval(wilson(1, 6), 'en')!);
  await expect(rate(page, 'policy-and-amounts', 'correctRefusal').getByTestId('report-rate-value')).toHaveText('100%');

  // n = 0 is undefined with its reason, never 0%
  const undefinedRate = rate(page, 'how-to', 'correctRefusal');
  await expect(undefinedRate).toHaveAttribute('data-pass', 'undefined');
  await expect(undefinedRate.getByTestId('report-rate-value')).toHaveText('Undefined');
  await expect(undefinedRate.getByTestId('report-rate-reason')).toContainText('n = 0');
  await expect(undefinedRate.getByTestId('report-rate-verdict')).toHaveText('Not enough data');

  // the cross-table cell lists its case; one click opens it in the Cases view
  const cell = group(page, 'policy-and-amounts').locator('[data-testid="report-cell"][data-answerability="answerable"][data-behavior="refused"]');
  await expect(cell).toHaveText('1');
  await cell.click();
  const link = page.locator(`[data-testid="report-case-link"][data-case-id="${refusedCase.caseId}"]`);
  await expect(link).toBeVisible();
  await expect(link).toContainText(String(cases.get(refusedCase.caseId)!.query));
  await link.click();
  await expect(page.getByTestId('nav-cases')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('case-detail')).toHaveAttribute('data-detail-id', refusedCase.caseId);
  await expect(page.getByTestId('case-detail')).toContainText(String(cases.get(refusedCase.caseId)!.query));
});

test('editing a release threshold in Settings changes pass / fail in the report', async ({ page, request }) => {
  const before = await api<Record<string, Record<string, number>>>(request, 'settings.releaseThresholds', {});
  try {
    await openAsReviewer(page);
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-view')).toBeVisible();
    const row = page.locator('[data-testid="threshold-row"][data-question-type="policy-and-amounts"]');
    const input = row.locator('[data-testid="threshold-input"][data-field="minCorrectAnswerRate"]');

    await input.fill('95');
    await page.getByTestId('thresholds-save').click();
    await expect(page.getByTestId('thresholds-saved')).toBeVisible();
    await openReport(page);
    await expect(rate(page, 'policy-and-amounts', 'correctAnswer')).toHaveAttribute('data-pass', 'fail');
    await expect(rate(page, 'policy-and-amounts', 'correctAnswer')).toContainText('≥ 95%');

    await page.getByTestId('report-edit-thresholds').click();
    await expect(page.getByTestId('settings-view')).toBeVisible();
    // edited at once, while the screen reads its saved values again: the edit stands
    await input.fill('abc');
    await expect(row).toContainText('Not a number');
    await expect(page.getByTestId('thresholds-save')).toBeDisabled();
    // 4/6 has the Wilson interval [30.0%, 90.3%]: against 60% it is inconclusive, against 25% it is met
    await input.fill('60');
    await page.getByTestId('thresholds-save').click();
    await expect(page.getByTestId('thresholds-saved')).toBeVisible();
    await page.getByTestId('nav-report').click();
    await expect(rate(page, 'policy-and-amounts', 'correctAnswer')).toHaveAttribute('data-pass', 'inconclusive');
    await expect(rate(page, 'policy-and-amounts', 'correctAnswer')).toContainText('≥ 60%');
    await page.getByTestId('nav-settings').click();
    await input.fill('25');
    await page.getByTestId('thresholds-save').click();
    await expect(page.getByTestId('thresholds-saved')).toBeVisible();
    await page.getByTestId('nav-report').click();
    await expect(rate(page, 'policy-and-amounts', 'correctAnswer')).toHaveAttribute('data-pass', 'pass');
    await expect(rate(page, 'policy-and-amounts', 'correctAnswer')).toContainText('≥ 25%');
  } finally {
    await api(request, 'settings.saveReleaseThresholds', { thresholds: before });
  }
});

test('Settings: a new question-type value is checked inline, saved, and a dimension with labels cannot be removed', async ({ page, request }) => {
  const before = await api<Dimension[]>(request, 'dimensions.list', {});
  const value = `e2e-type-${Date.now()}`;
  try {
    await openAsReviewer(page);
    await page.getByTestId('nav-settings').click();
    await page.locator('[data-testid="dimension-row"][data-name="questionType"] button').first().click();
    const editor = page.getByTestId('dimension-editor');
    await expect(editor).toHaveAttribute('data-name', 'questionType');
    const values = editor.getByTestId('dimension-value-input');
    const count = await values.count();

    await editor.getByTestId('dimension-value-add').click();
    await expect(values).toHaveCount(count + 1);
    // the schema's problem shows before saving, and Save waits for it to be fixed
    await expect(editor).toContainText('A value cannot be empty.');
    await expect(page.getByTestId('dimensions-save')).toBeDisabled();
    await values.nth(count).fill(String(before.find((d) => d.name === 'questionType')!.options[0].value));
    await expect(editor.getByTestId('dimension-values-error')).toContainText('values must be distinct');
    await values.nth(count).fill(value);
    await editor.getByTestId('dimension-value-stakes').nth(count).selectOption('low');
    await expect(page.getByTestId('dimensions-issues')).toHaveCount(0);
    await page.getByTestId('dimensions-save').click();
    await expect(page.getByTestId('dimensions-saved')).toBeVisible();

    const saved = await api<Dimension[]>(request, 'dimensions.list', {});
    expect(saved.find((d) => d.name === 'questionType')!.options.at(-1)).toEqual({ value, stakes: 'low' });
    // the new question type gets its own release-threshold row
    await expect(page.locator(`[data-testid="threshold-row"][data-question-type="${value}"]`)).toBeVisible();

    // the backend refuses to remove a dimension that has labels, and says why
    await page.locator('[data-testid="dimension-row"][data-name="responseBehavior"] button').first().click();
    await page.getByTestId('dimension-remove').click();
    await expect(page.locator('[data-testid="dimension-row"][data-name="responseBehavior"]')).toHaveCount(0);
    await page.getByTestId('dimensions-save').click();
    await expect(page.getByTestId('dimensions-save-error')).toContainText('responseBehavior');
    await page.getByTestId('dimensions-discard').click();
    await expect(page.locator('[data-testid="dimension-row"][data-name="responseBehavior"]')).toHaveCount(1);
    expect((await api<Dimension[]>(request, 'dimensions.list', {})).map((d) => d.name)).toContain('responseBehavior');
  } finally {
    await api(request, 'dimensions.save', { dimensions: before });
  }
});
