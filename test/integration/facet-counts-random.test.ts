import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseFacets } from '../../db/case-facets';
import { listCases } from '../../db/case-queries';
import { setCaseLeak } from '../../db/diagnosis';
import { createReviewer, recordLabel } from '../../db/labels';
import { openTestSetFile, type OpenedTestSet } from '../../db/open';
import type { CaseFacets, CaseFilters } from '../../shared/api/contract';
import { CASE_FLAGS, LABELED_FILTERS } from '../../shared/cases/filters';
import { ANSWERABILITY, ORIGINS, SPLITS } from '../../shared/domain/schemas';
import { importRows } from '../helpers/labeling-set';
import { mulberry32 } from '../helpers/seeded-random';
import { useTempDir } from '../helpers/temp-dir';

/**
 * Every facet count of the Cases view against a brute-force count over the generated cases themselves
 * (substring search on their texts, their columns, the labels given), on a real file with randomised
 * cases: Chinese 1–2 character terms (which the trigram index cannot match directly), mixed-case English,
 * several terms, the holdout split, the leak and edited flags, who labeled. Checked again after more
 * labels and after an import that brings new text for the same searches (kept searches must not answer).
 */

const ALPHABET = [...'退款发票会员天内可以处理订单', 'a', 'B', 'c', '1', '2', ' '];
const QUESTION_TYPES = ['policy-and-amounts', 'how-to', 'fact'];
const SLICES = ['table', 'conflict', 'multi-hop', 'time-sensitive'];
const SEARCHES = ['退', '款', '退款', '发票', '订单处', '会员天内', 'b', 'AB', 'c1', '可 以', '退款 会', '理订', 'zz', '款款款'];

interface Generated {
  id: string;
  query: string;
  referenceAnswer: string;
  claims: string[];
  answerability: string | null;
  questionType: string | null;
  split: string | null;
  origin: string | null;
  slices: string[];
  leaksContext: boolean;
}

/** What the brute force knows of a case besides its record: the lead's flag, labels given, an edited answer. */
interface Known {
  leak: boolean;
  /** reviewer id → answerability value given (reviewers disagree when two differ) */
  labels: Map<number, string>;
  /** reviewers with any current label on the case */
  labelers: Set<number>;
  edited: boolean;
}

function generate(rand: () => number, from: number, count: number): Generated[] {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const text = (min: number, max: number) => Array.from({ length: min + Math.floor(rand() * (max - min + 1)) }, () => pick(ALPHABET)).join('').trim() || '空';
  return Array.from({ length: count }, (_, i) => ({
    id: `case-${from + i}`,
    query: text(3, 14),
    referenceAnswer: rand() < 0.8 ? text(2, 10) : '',
    claims: Array.from({ length: Math.floor(rand() * 3) }, () => text(2, 8)),
    answerability: rand() < 0.85 ? pick(ANSWERABILITY) : null,
    questionType: rand() < 0.9 ? pick(QUESTION_TYPES) : null,
    split: rand() < 0.8 ? pick(SPLITS) : null,
    origin: rand() < 0.7 ? pick(ORIGINS) : null,
    slices: SLICES.filter(() => rand() < 0.3),
    leaksContext: rand() < 0.1,
  }));
}

function importGenerated(opened: OpenedTestSet, cases: Generated[], name: string): void {
  importRows(opened, 'cases', cases.map((c) => ({
    id: c.id,
    query: c.query,
    ...(c.referenceAnswer ? { referenceAnswer: c.referenceAnswer } : {}),
    claims: c.claims.map((t) => ({ text: t, evidence: [] })),
    accessScope: ['public'],
    ...(c.answerability ? { answerability: c.answerability } : {}),
    ...(c.questionType ? { questionType: c.questionType } : {}),
    ...(c.split ? { split: c.split } : {}),
    ...(c.origin ? { origin: c.origin } : {}),
    slices: c.slices,
  })), `${name}.jsonl`);
  // a response whose final context holds the HR-only document: a permission leak for a public user
  importRows(opened, 'responses', cases.filter((c) => c.leaksContext).map((c) => ({
    id: `r-${c.id}`, caseId: c.id, system: 'a@1', answer: '答',
    finalContext: [{ docId: 'salary', chunkId: 'salary#1', text: '员工薪酬明细', rank: 1 }],
  })), `${name}-responses.jsonl`);
}

type Facet = Exclude<keyof CaseFilters, 'search' | 'reviewerId' | 'holdout'>;
const FACETS: Facet[] = ['answerability', 'questionType', 'slice', 'split', 'origin', 'leak', 'labeled', 'flag'];

function valuesOf(c: Generated, k: Known, facet: Facet, me: number | null): string[] {
  const labelers = [...k.labelers];
  switch (facet) {
    case 'answerability': return c.answerability ? [c.answerability] : [];
    case 'questionType': return c.questionType ? [c.questionType] : [];
    case 'split': return c.split ? [c.split] : [];
    case 'origin': return c.origin ? [c.origin] : [];
    case 'slice': return c.slices;
    case 'leak': return k.leak ? ['leak'] : [];
    case 'flag': return [...(c.leaksContext ? ['permission-leak'] : []), ...(k.edited ? ['edited'] : [])];
    case 'labeled': return [
      me !== null && k.labelers.has(me) ? 'by-me' : 'not-by-me',
      ...(labelers.some((r) => r !== me) ? ['by-others'] : []),
      ...(new Set(k.labels.values()).size > 1 ? ['disagree'] : []),
    ];
  }
}

/** Every term found (case-insensitively) in the query, the reference answer or a claim. */
function found(c: Generated, search: string): boolean {
  const texts = [c.query, c.referenceAnswer, ...c.claims].map((t) => t.toLowerCase());
  return search.trim().split(/\s+/u).filter(Boolean).every((term) => texts.some((t) => t.includes(term.toLowerCase())));
}

function bruteForce(cases: Generated[], known: Map<string, Known>, filters: CaseFilters): CaseFacets {
  const me = filters.reviewerId ?? null;
  // the holdout rule (db/holdout-visibility.ts) on a file with its setting off: asked for by the split filter or the person's choice
  const shown = filters.split === 'holdout' || filters.holdout === 'include';
  const hidden = (c: Generated) => !shown && c.split === 'holdout';
  const passes = (c: Generated, except: Facet | null) =>
    found(c, filters.search ?? '') &&
    (except === 'split' || !hidden(c)) &&
    FACETS.every((f) => f === except || !filters[f] || valuesOf(c, known.get(c.id)!, f, me).includes(filters[f] as string));
  const tally = (facet: Facet) => {
    const counts = new Map<string, number>();
    for (const c of cases) if (passes(c, facet)) for (const v of valuesOf(c, known.get(c.id)!, facet, me)) counts.set(v, (counts.get(v) ?? 0) + 1);
    return counts;
  };
  const sorted = (facet: Facet) => [...tally(facet)].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
  const fixed = (facet: Facet, values: readonly string[]) => { const t = tally(facet); return values.map((value) => ({ value, count: t.get(value) ?? 0 })); };
  return {
    total: cases.length,
    matching: cases.filter((c) => passes(c, null)).length,
    answerability: sorted('answerability'),
    questionType: sorted('questionType'),
    slice: sorted('slice'),
    split: sorted('split'),
    origin: sorted('origin'),
    leak: sorted('leak'),
    labeled: fixed('labeled', LABELED_FILTERS),
    flag: fixed('flag', CASE_FLAGS),
    holdout: { shown, matching: tally('split').get('holdout') ?? 0, total: cases.filter((c) => c.split === 'holdout').length },
  };
}

function randomFilters(rand: () => number, reviewers: number[]): CaseFilters {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const filters: Record<string, unknown> = {};
  if (rand() < 0.7) filters.search = pick(SEARCHES);
  if (rand() < 0.8) filters.reviewerId = pick(reviewers);
  if (rand() < 0.3) filters.answerability = pick(ANSWERABILITY);
  if (rand() < 0.3) filters.questionType = pick(QUESTION_TYPES);
  if (rand() < 0.3) filters.slice = pick(SLICES);
  if (rand() < 0.35) filters.split = pick(SPLITS);
  if (rand() < 0.2) filters.origin = pick(ORIGINS);
  if (rand() < 0.2) filters.leak = 'leak';
  if (rand() < 0.35) filters.labeled = pick(LABELED_FILTERS);
  if (rand() < 0.3) filters.flag = pick(CASE_FLAGS);
  if (rand() < 0.4) filters.holdout = pick(['include', 'exclude'] as const);
  return filters as CaseFilters;
}

describe('facet counts against a brute-force count', () => {
  const tempDir = useTempDir();

  it('equal it for random cases, searches and filters, after labels and after an import', async () => {
    const rand = mulberry32(20261202);
    const opened = await openTestSetFile(join(tempDir(), 'facets.sqlite'), { create: true });
    const { db } = opened;
    importRows(opened, 'documents', [
      { docId: 'refund', title: '退款政策', revision: 'v1', accessScope: ['public'], text: '购买后 30 天内可申请退款。' },
      { docId: 'salary', title: '薪酬表', revision: 'v1', accessScope: ['hr'], text: '员工薪酬明细。' },
    ]);
    const cases = generate(rand, 0, 400);
    importGenerated(opened, cases, 'cases');
    const known = new Map<string, Known>(cases.map((c) => [c.id, { leak: false, labels: new Map(), labelers: new Set(), edited: false }]));
    const reviewers = ['Ada', 'Bo', 'Cy'].map((name) => createReviewer(db, name).id);

    const label = (ids: string[]) => {
      for (const id of ids) {
        const k = known.get(id)!;
        const roll = rand();
        if (roll < 0.1) {
          setCaseLeak(db, id, true);
          k.leak = true;
        } else if (roll < 0.2) {
          const reviewerId = reviewers[Math.floor(rand() * reviewers.length)];
          recordLabel(db, { reviewerId, caseId: id, responseId: null, dimension: 'referenceAnswer', value: `改过的答案 ${id}` });
          k.edited = true;
          k.labelers.add(reviewerId);
        } else if (roll < 0.6) {
          const reviewerId = reviewers[Math.floor(rand() * reviewers.length)];
          const value = rand() < 0.7 ? 'answerable' : 'unanswerable';
          recordLabel(db, { reviewerId, caseId: id, responseId: null, dimension: 'answerability', value });
          k.labels.set(reviewerId, value);
          k.labelers.add(reviewerId);
        }
      }
    };
    const check = (all: Generated[], rounds: number) => {
      for (let i = 0; i < rounds; i++) {
        const filters = randomFilters(rand, reviewers);
        const counted = caseFacets(db, filters);
        expect(counted, JSON.stringify(filters)).toEqual(bruteForce(all, known, filters));
        // the list the counts stand for has exactly that many rows
        expect(listCases(db, filters, 0, 1000).length, JSON.stringify(filters)).toBe(counted.matching);
      }
      // every search alone, the Chinese 1–2 character ones included
      for (const search of SEARCHES) expect(caseFacets(db, { search }), search).toEqual(bruteForce(all, known, { search }));
    };

    check(cases, 60);
    label(cases.map((c) => c.id));
    check(cases, 80);
    label(cases.filter(() => rand() < 0.3).map((c) => c.id));
    check(cases, 40);

    // new cases with new text: searches asked before find them too
    const more = generate(rand, 400, 150);
    importGenerated(opened, more, 'more');
    for (const c of more) known.set(c.id, { leak: false, labels: new Map(), labelers: new Set(), edited: false });
    label(more.map((c) => c.id));
    check([...cases, ...more], 60);
    db.close();
  });
});
