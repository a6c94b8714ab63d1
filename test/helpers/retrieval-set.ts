import { join } from 'node:path';
import { openTestSetFile, type OpenedTestSet } from '../../db/open';
import { importRows } from './labeling-set';

/** The quote of case i: each case cites one sentence of the policy document. */
export const quoteOf = (i: number) => `第 ${i} 条 会员权益第 ${i} 项`;

export interface RetrievalCaseSpec {
  slices?: string[];
  answerability?: 'answerable' | 'unanswerable';
  /** No claims with evidence. */
  noEvidence?: boolean;
}

/**
 * A test set on a real file: `count` cases c1..cN, case i citing `quoteOf(i)` from document
 * "benefits" (slices from `spec`). Responses are added per system with `addSystem`.
 */
export async function retrievalSet(dir: string, count: number, spec: (i: number) => RetrievalCaseSpec = () => ({})): Promise<OpenedTestSet & { file: string }> {
  const file = join(dir, 'retrieval.sqlite');
  const opened = await openTestSetFile(file, { create: true });
  const text = Array.from({ length: count }, (_, k) => quoteOf(k + 1)).join('\n');
  importRows(opened, 'documents', [{ docId: 'benefits', title: '会员权益', revision: '2026-10', text }]);
  importRows(opened, 'cases', Array.from({ length: count }, (_, k) => {
    const i = k + 1;
    const s = spec(i);
    return {
      id: `c${i}`,
      query: `问题 ${i}`,
      claims: s.noEvidence ? [{ text: `结论 ${i}` }] : [{ text: `结论 ${i}`, evidence: [{ docId: 'benefits', quote: quoteOf(i) }] }],
      slices: s.slices ?? [],
      answerability: s.answerability ?? 'answerable',
    };
  }));
  return { ...opened, file };
}

/**
 * Responses of `system` for cases 1..count: the evidence chunk at rank `rankOf(i)` among
 * five candidates (null: not retrieved), the final context the first three candidates.
 */
export function addSystem(opened: OpenedTestSet, system: string, count: number, rankOf: (i: number) => number | null): void {
  importRows(opened, 'responses', Array.from({ length: count }, (_, k) => {
    const i = k + 1;
    const rank = rankOf(i);
    const candidates = Array.from({ length: 5 }, (_, p) => ({
      text: p + 1 === rank ? `…${quoteOf(i)}。` : `无关段落 ${i}-${p + 1}`,
      rank: p + 1,
      docId: p + 1 === rank ? 'benefits' : 'kb-other',
      chunkId: `chunk-${i}-${p + 1}`,
      score: 1 - p / 10,
    }));
    return { id: `${system}/c${i}`, caseId: `c${i}`, system, answer: '回答', candidates, finalContext: candidates.slice(0, 3) };
  }), `${system}.jsonl`);
}
