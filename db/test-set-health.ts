import type { HealthCase } from '../shared/diagnosis/test-set-health';
import type { Db } from './open';

/** Every case as the health panel reads it; `leakFlagged` is the lead's flag (answered right without retrieval). */
export function testSetHealthInput(db: Db): HealthCase[] {
  const rows = db.prepare('SELECT seq, id, origin, answerability, split, grp, leak FROM cases ORDER BY seq').all() as {
    seq: number; id: string; origin: string | null; answerability: string | null; split: string | null; grp: string | null; leak: number;
  }[];
  const slices = new Map<number, string[]>();
  for (const { case_seq, slice } of db.prepare('SELECT case_seq, slice FROM case_slices ORDER BY case_seq, position').iterate() as Iterable<{ case_seq: number; slice: string }>) {
    slices.set(case_seq, [...(slices.get(case_seq) ?? []), slice]);
  }
  const cited = new Map<number, string[]>();
  for (const { case_seq, doc_id } of db.prepare('SELECT DISTINCT cl.case_seq, e.doc_id FROM evidence e JOIN claims cl ON cl.id = e.claim_id ORDER BY cl.case_seq, e.id').iterate() as Iterable<{ case_seq: number; doc_id: string }>) {
    cited.set(case_seq, [...(cited.get(case_seq) ?? []), doc_id]);
  }
  return rows.map((r) => ({
    id: r.id, origin: r.origin, answerability: r.answerability, slices: slices.get(r.seq) ?? [], split: r.split, group: r.grp,
    citedDocuments: cited.get(r.seq) ?? [], leakFlagged: r.leak === 1,
  }));
}
