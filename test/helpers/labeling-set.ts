import { join } from 'node:path';
import { openTestSetFile, type OpenedTestSet } from '../../db/open';
import { runImport } from '../../server/imports/import-pipeline';
import type { ImportKind } from '../../shared/domain/schemas';

const jsonl = (rows: unknown[]) => Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n'));

export function importRows(opened: OpenedTestSet, kind: ImportKind, rows: unknown[], fileName = `${kind}.jsonl`): void {
  runImport(opened.db, { kind, format: 'jsonl', fileName, bytes: jsonl(rows) });
}

/**
 * A small test set on a real file: five cases in order c1..c5; c1 has two
 * responses (systems a@1 and b@1), c2 one (a@1), c3..c5 none.
 */
export async function smallLabelingSet(dir: string): Promise<OpenedTestSet & { file: string }> {
  const file = join(dir, 'labels.sqlite');
  const opened = await openTestSetFile(file, { create: true });
  importRows(opened, 'documents', [{ docId: 'refund-policy', title: '退款政策', revision: 'v1', text: '年度会员购买后 30 天内可申请退款。' }]);
  importRows(
    opened,
    'cases',
    [1, 2, 3, 4, 5].map((i) => ({
      id: `c${i}`,
      query: `问题 ${i}`,
      referenceAnswer: '30 天内可退款',
      claims: [{ text: '30 天内可退款', evidence: [{ docId: 'refund-policy', quote: '30 天内可申请退款' }] }],
      questionType: i % 2 ? 'policy-and-amounts' : 'how-to',
      answerability: i === 2 ? 'unanswerable' : 'answerable',
      slices: i <= 2 ? ['time-sensitive'] : ['table'],
    })),
  );
  importRows(opened, 'responses', [
    { id: 'r1b', caseId: 'c1', system: 'b@1', answer: '可以' },
    { id: 'r1a', caseId: 'c1', system: 'a@1', answer: '可以退' },
    { id: 'r2a', caseId: 'c2', system: 'a@1', answer: '无法回答' },
  ]);
  return { ...opened, file };
}
