import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, openApp } from './helpers';

/**
 * An id carrying a right-to-left override is shown with a visible mark, never reordered, on every screen
 * that shows it (screenshots in both languages). The spec works on a test set of its own and switches the
 * server back to the demo at the end, so no later spec sees its cases.
 */
const CASE_ID = 'abc\u202Eevil.exe';
const RESPONSE_ID = 'r\u2067-1';
const SHOWN_CASE = 'abc⟨RLO⟩evil.exe';
const SHOWN_RESPONSE = 'r⟨RLI⟩-1';
const SYSTEM = 'bidi-agent@1';

async function importLines(request: APIRequestContext, kind: string, rows: unknown[]) {
  const text = rows.map((r) => JSON.stringify(r)).join('\n');
  const { jobId } = await api<{ jobId: string }>(request, 'imports.start', { kind, format: 'jsonl', source: { fileName: `bidi-${kind}.jsonl`, contentBase64: Buffer.from(text).toString('base64') } });
  let job: { state: string; error: { message: string } | null };
  do {
    await new Promise((r) => setTimeout(r, 100));
    job = await api<typeof job>(request, 'imports.status', { jobId });
  } while (job.state === 'running');
  expect(job.state, job.error?.message).toBe('done');
}

let testSetId = '';
let viewerId = 0;
let humanId = 0;
let runId = 0;

test.beforeAll(async ({ request }) => {
  // four imports, each in a worker of its own
  test.setTimeout(300_000);
  testSetId = (await api<{ testSetId: string }>(request, 'testSets.createNamed', { name: `e2e-bidi-${Date.now()}` })).testSetId;
  await importLines(request, 'documents', [{ docId: 'policy', title: '退款政策', revision: 'v1', text: '年度会员购买后 30 天内可申请退款。' }]);
  await importLines(request, 'cases', [
    { id: CASE_ID, query: '退款 \u202E这段文字被反转 normal text', claims: [{ text: '30 天内可退款', evidence: [{ docId: 'policy', quote: '30 天内可申请退款' }] }] },
    { id: 'plain-case', query: '普通问题', claims: [{ text: '30 天内可退款', evidence: [{ docId: 'policy', quote: '30 天内可申请退款' }] }] },
  ]);
  await importLines(request, 'responses', [
    { id: RESPONSE_ID, caseId: CASE_ID, system: SYSTEM, answer: '不能退 \u202Eevil', finalContext: [{ text: '无关的内容', rank: 1 }] },
    { id: 'r-plain', caseId: 'plain-case', system: SYSTEM, answer: '可以退', finalContext: [{ text: '年度会员购买后 30 天内可申请退款。', rank: 1 }] },
  ]);
  await importLines(request, 'judge', [
    { caseId: CASE_ID, responseId: RESPONSE_ID, judge: { model: 'bidi-judge', version: '1', promptVersion: 'p1' }, dimension: 'correctness', value: 2 },
    { caseId: 'plain-case', responseId: 'r-plain', judge: { model: 'bidi-judge', version: '1', promptVersion: 'p1' }, dimension: 'correctness', value: 2 },
  ]);
  runId = (await api<{ id: number }[]>(request, 'judgeRuns.list', {}))[0].id;
  humanId = (await api<{ id: number }>(request, 'reviewers.create', { name: 'Bidi Human' })).id;
  await api(request, 'labels.record', { reviewerId: humanId, caseId: CASE_ID, responseId: RESPONSE_ID, dimension: 'correctness', value: 0 });
  await api(request, 'labels.record', { reviewerId: humanId, caseId: 'plain-case', responseId: 'r-plain', dimension: 'correctness', value: 2 });
  viewerId = (await api<{ id: number }>(request, 'reviewers.create', { name: 'Bidi Viewer' })).id;
});

test.afterAll(async ({ request }) => {
  await api(request, 'testSets.openDemo', {});
});

for (const locale of ['en', 'zh-CN'] as const) {
  test(`an id with a bidi override shows the override as a mark on every screen (${locale})`, async ({ page }) => {
    await openApp(page, { locale, reviewer: { testSetId, id: viewerId } });

    // the case list and the case
    const row = page.locator(`[data-testid="case-row"][data-case-id="${CASE_ID}"]`);
    await expect(row).toContainText(SHOWN_CASE);
    await row.click();
    await expect(page.getByTestId('detail-case-id')).toHaveText(SHOWN_CASE);
    await expect(page.getByTestId('case-detail')).toContainText(SHOWN_RESPONSE);
    await page.screenshot({ path: `test-results/bidi-${locale}.png` });

    // the label view's header: the viewer has labeled nothing, so the queue starts at the first case
    await page.getByTestId('nav-label').click();
    await page.getByTestId('queue-start-unlabeled').click();
    await expect(page.getByTestId('label-case-id')).toHaveText(SHOWN_CASE);
    await page.screenshot({ path: `test-results/bidi-label-${locale}.png` });

    // judge vs human: the disagreeing item
    await page.getByTestId('nav-agreement').click();
    await page.getByTestId('agreement-run').selectOption(String(runId));
    await page.getByTestId('agreement-reference').selectOption(`reviewer:${humanId}`);
    const disagreement = page.locator('[data-testid="agreement-dimension"][data-dimension="correctness"]').getByTestId('agreement-disagreement');
    await expect(disagreement).toHaveCount(1);
    await expect(disagreement).toContainText(SHOWN_CASE);
    await expect(disagreement).toContainText(SHOWN_RESPONSE);
    await page.screenshot({ path: `test-results/bidi-agreement-${locale}.png` });

    // retrieval: the worst case (its evidence never came back)
    await page.getByTestId('nav-retrieval').click();
    await page.getByTestId('retrieval-system').selectOption(SYSTEM);
    const worst = page.getByTestId('retrieval-case-row').first();
    await expect(worst).toHaveAttribute('data-case-id', CASE_ID);
    await expect(worst).toContainText(SHOWN_CASE);
    await page.screenshot({ path: `test-results/bidi-retrieval-${locale}.png` });

    // nowhere on these screens does the reversed form appear
    await expect(page.locator('body')).not.toContainText('abcexe.live');
  });
}
