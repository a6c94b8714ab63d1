import type { Db } from './open';

export type OpeningVia = 'label' | 'case';

/**
 * Records that a person opened a holdout case (nothing for other cases). The same reviewer opening
 * the same case from the same screen again, with nothing else opened in between, is one opening, not
 * several (coming back to the Cases view shows the case again). Rows written before openings needed
 * a reviewer may have none.
 */
export function recordHoldoutOpening(db: Db, caseSeq: number, reviewerId: number, via: OpeningVia, at = new Date().toISOString()): boolean {
  const split = db.prepare('SELECT split FROM cases WHERE seq = ?').pluck().get(caseSeq) as string | null | undefined;
  if (split !== 'holdout') return false;
  const last = db.prepare('SELECT case_seq, reviewer_id, via FROM holdout_openings ORDER BY id DESC LIMIT 1').get() as
    | { case_seq: number; reviewer_id: number | null; via: string }
    | undefined;
  if (last && last.case_seq === caseSeq && last.reviewer_id === reviewerId && last.via === via) return false;
  db.prepare('INSERT INTO holdout_openings (case_seq, reviewer_id, via, opened_at) VALUES (?, ?, ?, ?)').run(caseSeq, reviewerId, via, at);
  return true;
}

export interface HoldoutOpenings {
  /** Openings in all, and how many distinct holdout cases were opened. */
  total: number;
  cases: number;
  /** The latest openings first (at most `limit`). */
  latest: { caseId: string; reviewer: string | null; via: OpeningVia; at: string }[];
}

export function holdoutOpenings(db: Db, limit = 50): HoldoutOpenings {
  const counts = db.prepare('SELECT count(*) AS total, count(DISTINCT case_seq) AS cases FROM holdout_openings').get() as { total: number; cases: number };
  const latest = db
    .prepare(
      `SELECT c.id AS caseId, r.name AS reviewer, o.via AS via, o.opened_at AS at FROM holdout_openings o
         JOIN cases c ON c.seq = o.case_seq LEFT JOIN reviewers r ON r.id = o.reviewer_id ORDER BY o.id DESC LIMIT ?`,
    )
    .all(limit) as HoldoutOpenings['latest'];
  return { ...counts, latest };
}
