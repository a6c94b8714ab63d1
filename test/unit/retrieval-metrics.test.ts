import { describe, expect, it } from 'vitest';
import { distinctUnits, locateNormalized, normalizeForMatch, retrievalMetrics, type UnitCitation } from '../../shared/retrieval';
import { expectClose } from '../helpers/expect-close';

const unit = (claim: number, quote: string, docId = 'refund-policy', grade?: number): UnitCitation => ({ claim, docId, quote, grade });
const chunk = (text: string, docId?: string) => ({ text, docId });
const filler = (n: number) => Array.from({ length: n }, (_, i) => chunk(`无关内容 ${i}`));

describe('normalizeForMatch', () => {
  it('folds full-width forms to half-width and lower-cases', () => {
    expect(normalizeForMatch('ＡＢＣ１２３')).toBe('abc123');
    expect(normalizeForMatch('E2041')).toBe(normalizeForMatch('Ｅ２０４１'));
  });
  it('removes ideographic, non-breaking and ordinary spaces and newlines', () => {
    expect(normalizeForMatch('30\u3000天\u00a0内 可\n申请\r\n退款\t')).toBe('30天内可申请退款');
  });
  it('lets a quote with a line break inside match a chunk written on one line', () => {
    const figures = retrievalMetrics([unit(0, '年度会员购买后\n30 天内')], [chunk('第 2 条 年度会员购买后 30 天内可申请退款')], { k: 1 });
    expect(figures.recall).toBe(1);
  });
  it('matches a full-width quote inside a half-width chunk', () => {
    const figures = retrievalMetrics([unit(0, 'Ｅ２０４１　｜　退款申请被拒', 'error-codes')], [chunk('| E2041 | 退款申请被拒：已超过退款期限 |', 'error-codes')], { k: 1 });
    expect(figures.recall).toBe(1);
  });
});

describe('units', () => {
  it('counts one unit for the same quote cited by two claims, keeping both claims and the highest grade', () => {
    const units = distinctUnits([unit(0, '30 天内可申请退款', 'refund-policy', 1), unit(1, '30天内可申请退款', 'refund-policy', 3)]);
    expect(units).toHaveLength(1);
    expect(units[0].claims).toEqual([0, 1]);
    expect(units[0].grade).toBe(3);
  });
  it('keeps the same quote from two documents as two units, and ignores a quote of only spaces', () => {
    expect(distinctUnits([unit(0, '不予退款', 'a'), unit(0, '不予退款', 'b'), unit(0, ' \u3000\n')])).toHaveLength(2);
  });
  it('a duplicate unit found once counts once in recall and in claim recall for both claims', () => {
    const figures = retrievalMetrics(
      [unit(0, '30 天内可申请退款'), unit(1, '30 天内可申请退款'), unit(1, '按剩余天数折算')],
      [chunk('年度会员购买后 30 天内可申请退款')],
      { k: 5 },
    );
    expect(figures.units).toBe(2);
    expect(figures.unitsFound).toBe(1);
    expect(figures.recall).toBe(0.5);
    expect(figures.claimRecall).toBe(1);
  });
});

describe('docId rules', () => {
  const units = [unit(0, '30 天内可申请退款', 'refund-policy')];
  it('a chunk with no docId holds the unit by its text alone', () => {
    expect(retrievalMetrics(units, [chunk('30 天内可申请退款')], { k: 1 }).recall).toBe(1);
  });
  it('a chunk of the same document holds it; one of another document does not', () => {
    expect(retrievalMetrics(units, [chunk('30 天内可申请退款', 'refund-policy')], { k: 1 }).recall).toBe(1);
    expect(retrievalMetrics(units, [chunk('30 天内可申请退款', 'faq-copy')], { k: 1 }).recall).toBe(0);
  });
});

describe('holding', () => {
  it('a quote split across two chunks is held by neither', () => {
    const figures = retrievalMetrics([unit(0, '30 天内可申请退款')], [chunk('年度会员购买后 30 天内'), chunk('可申请退款，按剩余天数折算')], { k: 2 });
    expect(figures.recall).toBe(0);
    expect(figures.hit).toBe(0);
    expect(figures.reciprocalRank).toBe(0);
    expect(figures.ndcg).toBe(0);
    expect(figures.allFound).toBe(false);
  });
});

describe('the figures at k', () => {
  const units = [unit(0, 'alpha'), unit(1, 'beta'), unit(1, 'gamma')];
  const chunks = [chunk('nothing here'), chunk('has alpha'), chunk('nothing'), chunk('has beta and gamma')];

  it('k = 1: nothing found', () => {
    const f = retrievalMetrics(units, chunks, { k: 1 });
    expect([f.hit, f.recall, f.precision, f.reciprocalRank, f.ndcg, f.allFound, f.claimRecall]).toEqual([0, 0, 0, 0, 0, false, 0]);
  });
  it('k = 2: the second chunk holds one unit of three', () => {
    const f = retrievalMetrics(units, chunks, { k: 2 });
    expect(f.hit).toBe(1);
    expectClose(f.recall, 1 / 3);
    expect(f.precision).toBe(0.5);
    expect(f.reciprocalRank).toBe(0.5);
    expectClose(f.claimRecall, 0.5);
    // DCG = 1/log2(3); IDCG = 1 + 1/log2(3)
    expectClose(f.ndcg, (1 / Math.log2(3)) / (1 + 1 / Math.log2(3)));
    expect(f.relevantChunks).toBe(1);
  });
  it('k = 4: everything found; a chunk holding two units gains once', () => {
    const f = retrievalMetrics(units, chunks, { k: 4 });
    expect(f.allFound).toBe(true);
    expect(f.recall).toBe(1);
    expect(f.precision).toBe(0.5);
    expect(f.claimRecall).toBe(1);
    expect(f.unitsFound).toBe(3);
    // gains 0,1,0,1 ; IDCG over min(4, 3) = 3 units of grade 1
    expectClose(f.ndcg, (1 / Math.log2(3) + 1 / Math.log2(5)) / (1 + 1 / Math.log2(3) + 1 / Math.log2(4)));
  });
  it('a list shorter than k counts the missing places as misses in precision only', () => {
    const f = retrievalMetrics([unit(0, 'alpha')], [chunk('alpha')], { k: 5 });
    expect(f.precision).toBe(0.2);
    expect(f.recall).toBe(1);
    expect(f.reciprocalRank).toBe(1);
    expect(f.ndcg).toBe(1);
  });
  it('an empty list finds nothing', () => {
    const f = retrievalMetrics([unit(0, 'alpha')], [], { k: 5 });
    expect([f.hit, f.recall, f.precision, f.reciprocalRank, f.ndcg]).toEqual([0, 0, 0, 0, 0]);
  });
  it('a case with no units has every figure undefined', () => {
    const f = retrievalMetrics([], [chunk('alpha')], { k: 3 });
    for (const key of ['hit', 'recall', 'precision', 'reciprocalRank', 'ndcg', 'claimRecall'] as const) expect(f[key]).toBeNaN();
    expect(f.allFound).toBeNull();
    expect(f.units).toBe(0);
  });
  it('refuses a k that is not a whole number', () => {
    expect(() => retrievalMetrics([unit(0, 'a')], [], { k: 1.5 })).toThrow(RangeError);
    expect(() => retrievalMetrics([unit(0, 'a')], [], { k: -1 })).toThrow(RangeError);
  });
});

describe('graded nDCG', () => {
  it('gives a chunk the highest grade among the units it is first to hold', () => {
    const units = [unit(0, 'alpha', 'd', 3), unit(0, 'beta', 'd', 2), unit(1, 'gamma', 'd', 1)];
    // rank 1 first holds gamma (1); rank 2 first holds alpha (3) and beta (2): gain 3; rank 3 holds only alpha again: gain 0
    const chunks = [chunk('gamma'), chunk('alpha beta'), chunk('alpha')];
    const f = retrievalMetrics(units, chunks, { k: 3 });
    const dcg = 1 / Math.log2(2) + 3 / Math.log2(3) + 0;
    const idcg = 3 / Math.log2(2) + 2 / Math.log2(3) + 1 / Math.log2(4);
    expectClose(f.ndcg, dcg / idcg);
  });
  it('a unit graded twice takes its highest grade', () => {
    const f = retrievalMetrics([unit(0, 'alpha', 'd', 1), unit(1, 'alpha', 'd', 3), unit(1, 'beta', 'd', 1)], [chunk('beta'), chunk('alpha')], { k: 2 });
    expectClose(f.ndcg, (1 / 1 + 3 / Math.log2(3)) / (3 / 1 + 1 / Math.log2(3)));
  });
});

describe('trec_eval ndcg_cut equality (grades all 1, one unit per chunk)', () => {
  /*
   * trec_eval's ndcg_cut.k: DCG = Σ_{i ≤ k} rel_i / log2(i + 1) over the ranked run,
   * IDCG = the same sum over the relevance judgements sorted descending, cut at k.
   * Run: d1 (rel) d2 d3 (rel) d4 d5 (rel) ; 4 relevant documents in the qrels.
   * ndcg_cut.5  = (1 + 1/2 + 1/log2(6)) / (1 + 1/log2(3) + 1/2 + 1/log2(5))
   *             = (1 + 0.5 + 0.386852807234) / (1 + 0.630929753571 + 0.5 + 0.430676558073)
   *             = 1.886852807234 / 2.561606311644 = 0.736590...
   * ndcg_cut.3  = (1 + 0.5) / (1 + 0.630929753571 + 0.5) = 1.5 / 2.130929753571 = 0.703911...
   * ndcg_cut.10 = 1.886852807234 / (2.561606311644) (all 4 relevant within the ideal 10)
   */
  const units = [unit(0, 'rel-one'), unit(1, 'rel-two'), unit(2, 'rel-three'), unit(3, 'rel-four')];
  const chunks = [chunk('rel-one'), chunk('x'), chunk('rel-two'), chunk('y'), chunk('rel-three'), ...filler(5)];
  it('at 5, 3 and 10 equals the hand-computed trec_eval figures', () => {
    expectClose(retrievalMetrics(units, chunks, { k: 5 }).ndcg, 1.886852807234 / 2.561606311644, 1e-9);
    expectClose(retrievalMetrics(units, chunks, { k: 3 }).ndcg, 1.5 / 2.130929753571, 1e-9);
    expectClose(retrievalMetrics(units, chunks, { k: 10 }).ndcg, 1.886852807234 / 2.561606311644, 1e-9);
  });
  it('and the figures printed to 4 places match trec_eval output', () => {
    expect(retrievalMetrics(units, chunks, { k: 5 }).ndcg.toFixed(4)).toBe('0.7366');
    expect(retrievalMetrics(units, chunks, { k: 3 }).ndcg.toFixed(4)).toBe('0.7039');
  });
});

describe('locateNormalized (highlighting a held unit inside its chunk)', () => {
  it('finds the quote across spaces, line breaks and full-width forms, in the chunk\'s own indexes', () => {
    const text = '第 2 条 年度会员购买后 30 天内可申请退款。';
    const at = locateNormalized(text, '购买后\n３０天内');
    expect(at).not.toBeNull();
    expect(text.slice(at!.start, at!.end)).toBe('购买后 30 天内');
  });
  it('keeps surrogate pairs whole and answers null when the quote is absent', () => {
    const text = '👍 退款 🎉 成功';
    const at = locateNormalized(text, '🎉成功');
    expect(text.slice(at!.start, at!.end)).toBe('🎉 成功');
    expect(locateNormalized(text, '失败')).toBeNull();
  });
});
