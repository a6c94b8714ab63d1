import { createHash } from 'node:crypto';
import { planConflictSet, pickConflictCases, ruleText, type ConflictCaseInput, type NumberRule } from '../shared/diagnosis/conflict-set';
import type { DocumentRecord } from '../shared/domain/schemas';
import { editCase } from './case-edits';
import { iterateCases, iterateDocuments } from './case-queries';
import { writeRecords } from './import-writer';
import type { Db } from './open';

export interface ConflictSetRequest {
  types: string[];
  n: number;
  rule: NumberRule;
  shiftDays: number;
  seed: number;
  /** Who asked (a reviewer's name, or the command). */
  by: string;
  /** Where the documents JSONL goes (named in each edit's reason). */
  outName: string;
}

export interface ConflictSetOutcome {
  documents: DocumentRecord[];
  cases: { id: string; added: string[] }[];
  quotesNotFound: { caseId: string; docId: string; quote: string }[];
  eligible: number;
}

/**
 * Builds the conflict set in one transaction: the altered copies are added to the test set as
 * older revisions (so the diagnosis knows their chunks as stale), and the picked cases get the
 * implied forbidden claims and the `conflict` slice as case edits with history.
 */
export function buildConflictSet(db: Db, request: ConflictSetRequest): ConflictSetOutcome {
  const cases: ConflictCaseInput[] = [...iterateCases(db)].map((c) => ({
    id: c.id, questionType: c.questionType ?? null, answerability: c.answerability ?? null, split: c.split ?? null, slices: c.slices, claims: c.claims, forbiddenClaims: c.forbiddenClaims,
  }));
  const picked = pickConflictCases(cases, request.types, request.n, request.seed);
  const plan = planConflictSet(picked, [...iterateDocuments(db)], request.rule, request.shiftDays);
  const reason = `conflict set: numbers ${ruleText(request.rule)}, effective ${request.shiftDays} days earlier, seed ${request.seed}, documents in ${request.outName}`;
  const at = new Date().toISOString();
  db.transaction(() => {
    const body = plan.documents.map((d) => JSON.stringify(d)).join('\n');
    writeRecords(
      db,
      { documents: plan.documents.map((record, i) => ({ record, line: i + 1 })), cases: [], responses: [], verdicts: [] },
      { fileName: request.outName, sha256: createHash('sha256').update(body).digest('hex') },
    );
    for (const c of plan.cases) {
      editCase(db, c.id, 'forbiddenClaims', c.forbiddenClaims, request.by, reason, at);
      editCase(db, c.id, 'slices', c.slices, request.by, reason, at);
    }
  })();
  return {
    documents: plan.documents,
    cases: plan.cases.map((c) => ({ id: c.id, added: c.added })),
    quotesNotFound: plan.quotesNotFound,
    eligible: cases.filter((c) => c.answerability === 'answerable' && c.questionType !== null && request.types.includes(c.questionType)).length,
  };
}
