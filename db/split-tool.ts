import { assignSplits, type SplitPlan, type SplitUnit } from '../shared/diagnosis/split-assignment';
import { editCase } from './case-edits';
import { iterateCases } from './case-queries';
import type { Db } from './open';

/** Assigns dev/holdout to every case by the seeded plan and records each change as a case edit. */
export function applySplits(db: Db, unit: SplitUnit, holdoutRatio: number, seed: number, by: string): SplitPlan & { changed: number } {
  const cases = [...iterateCases(db)].map((c) => ({
    id: c.id, group: c.group ?? null, questionType: c.questionType ?? null, asOf: c.asOf ?? null,
    citedDocuments: [...new Set(c.claims.flatMap((claim) => claim.evidence.map((e) => e.docId)))],
  }));
  const plan = assignSplits(cases, unit, holdoutRatio, seed);
  const reason = `split tool: by ${unit}, holdout ${holdoutRatio}, seed ${seed}`;
  const at = new Date().toISOString();
  let changed = 0;
  db.transaction(() => {
    for (const a of plan.assignments) if (editCase(db, a.id, 'split', a.split, by, reason, at)) changed += 1;
  })();
  return { ...plan, changed };
}
