import { judgeVsHumanDimension, type AgreementPair } from '../../shared/agreement';
import { DEFAULT_DIMENSIONS } from '../../shared/domain/dimensions';
import { mulberry32 } from '../../shared/stats';
const PAIRS = 200_000;
const SLICES = ['exact-id', 'paraphrase', 'multi-hop', 'time-sensitive', 'table', 'negation', 'conflict', 'unanswerable'];
function syntheticPairs(kind: 'ordinal' | 'numeric'): AgreementPair[] {
  const next = mulberry32(20260101);
  const pick = <T,>(values: readonly T[]) => values[next() % values.length];
  const pairs: AgreementPair[] = [];
  for (let i = 0; i < PAIRS; i++) {
    let human: number; let judge: number;
    if (kind === 'ordinal') { human = pick([0, 1, 2, 2, 2]); const roll = next() % 10; judge = roll < 7 ? human : roll < 9 ? Math.min(2, human + 1) : Math.max(0, human - 1); }
    else { human = pick([0, 0.2, 0.5, 0.8, 1, 1, 1]); judge = Math.min(1, Math.max(0, Math.round((human + pick([-0.2, 0, 0, 0, 0.1, 0.2])) * 10) / 10)); }
    pairs.push({ itemKey: i, caseId: `case-${i % 100_000}`, responseId: `r-${i}`, reviewer: 'bench', human, judge, rationale: null, slices: [SLICES[i % SLICES.length], SLICES[(i * 3) % SLICES.length]], questionType: i % 2 ? 'policy-and-amounts' : 'how-to' });
  }
  return pairs;
}
const kind = (process.argv[2] ?? 'numeric') as 'ordinal' | 'numeric';
const dim = DEFAULT_DIMENSIONS.find((d) => d.name === (kind === 'numeric' ? 'faithfulness' : 'correctness'))!;
const pairs = syntheticPairs(kind);
for (let k = 0; k < 3; k++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = judgeVsHumanDimension({ dimension: dim, verdicts: PAIRS, pairs });
  const c = process.cpuUsage(c0);
  console.log(kind, 'wall', (performance.now() - t0).toFixed(0), 'cpu', ((c.user + c.system) / 1000).toFixed(0), r.coefficients.map((x) => `${x.key}=${x.value}[${x.ci95}]`).join(' '));
}
