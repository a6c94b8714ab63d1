import type { StatedIds } from '../shared/diagnosis/claims-stated';
import { forbiddenClaimsOnce, importedClaimId, withClaimIds } from '../shared/diagnosis/claim-ids';
import type { Claim } from '../shared/domain/schemas';
import { decodeLabelValue } from '../shared/labeling/values';
import type { Db } from './open';
import { statement } from './statements';

/**
 * The claims the lead settled for each case (the latest claims resolution that is a list), with their stable
 * ids: they replace the imported ones wherever a case's claims are read. Of the cases named, or of every case (null).
 */
export function settledClaims(db: Db, seqs: readonly number[] | null): Map<number, (Claim & { id: string })[]> {
  const rows = statement(db, `SELECT case_seq, value FROM conflict_resolutions WHERE field = 'claims'${seqs ? ' AND case_seq IN (SELECT value FROM json_each(?))' : ''} ORDER BY id`)
    .raw()
    .all(...(seqs ? [JSON.stringify(seqs)] : [])) as [number, string][];
  const out = new Map<number, (Claim & { id: string })[]>();
  for (const [seq, value] of rows) {
    const list = decodeLabelValue(value);
    if (Array.isArray(list)) out.set(seq, withClaimIds(list as Claim[]));
  }
  return out;
}

/**
 * What a "claims this answer states" value of each case marks now (by case seq): its settled claims (after
 * a conflict resolution), else the imported ones, whose ids are their places in the case; then its forbidden
 * claims, each once. Of the cases named, or of every case (null). Read from the claims' keys alone, so the
 * Label queue can ask it of one case on every label saved.
 */
export function statedIdsBySeq(db: Db, seqs: readonly number[] | null): Map<number, StatedIds> {
  const only = seqs ? (column: string) => ` ${column} IN (SELECT value FROM json_each(?))` : () => '';
  const args = seqs ? [JSON.stringify(seqs)] : [];
  const claims = new Map<number, string[]>();
  const counts = statement(db, `SELECT case_seq, count(*) FROM claims${seqs ? ` WHERE${only('case_seq')}` : ''} GROUP BY case_seq`).raw().all(...args) as [number, number][];
  for (const [seq, count] of counts) claims.set(seq, Array.from({ length: count }, (_, i) => importedClaimId(i)));
  for (const [seq, settled] of settledClaims(db, seqs)) claims.set(seq, settled.map((c) => c.id));
  const out = new Map<number, StatedIds>();
  const cases = statement(db, `SELECT seq, forbidden_claims FROM cases${seqs ? ` WHERE${only('seq')}` : ''}`).raw().all(...args) as [number, string | null][];
  for (const [seq, forbidden] of cases) {
    out.set(seq, { claims: claims.get(seq) ?? [], forbidden: forbiddenClaimsOnce(forbidden ? (JSON.parse(forbidden) as string[]) : []).map((f) => f.id) });
  }
  return out;
}

/** statedIdsBySeq of the named cases, by case id (cases the file does not hold are left out). */
export function statedIdsOfCases(db: Db, caseIds: readonly string[]): Map<string, StatedIds> {
  const rows = statement(db, 'SELECT seq, id FROM cases WHERE id IN (SELECT value FROM json_each(?))').raw().all(JSON.stringify([...new Set(caseIds)])) as [number, string][];
  const ids = statedIdsBySeq(db, rows.map(([seq]) => seq));
  return new Map(rows.map(([seq, id]) => [id, ids.get(seq)!]));
}
