import { randomUUID } from 'node:crypto';
import { rebuildProgress } from '../../db/label-progress';
import { settleCaseMarks } from '../../db/case-marks';
import { createReviewer } from '../../db/labels';
import type { Db } from '../../db/open';
import { runImport } from '../../server/imports/import-pipeline';
import type { DiagnosisInput } from '../../shared/diagnosis/types';

/**
 * Writes the synthetic diagnosis input (test/bench/diagnosis-bench.ts) into a test set file the way
 * people's data arrives: documents, cases, responses and a judge run through the importers (which
 * also build the retrieval index), then one reviewer's labels — "claims this answer states",
 * correctness, response behaviour — in bulk, as the bench writes its label events. What the
 * Diagnosis screen reads from the file is then what it would read from a real one of that size.
 */
export function writeDiagnosisFile(db: Db, input: DiagnosisInput): void {
  const jsonl = (rows: unknown[]) => Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n'));
  runImport(db, { kind: 'documents', format: 'jsonl', fileName: 'documents.jsonl', bytes: jsonl(input.documents.map((d) => ({ docId: d.docId, title: d.docId, revision: d.revision, accessScope: d.accessScope, text: d.text }))) });
  runImport(db, {
    kind: 'cases', format: 'jsonl', fileName: 'cases.jsonl',
    bytes: jsonl(input.cases.map((c) => ({
      id: c.caseId, query: `问题 ${c.caseId}：退款规则？`, accessScope: c.accessScope, referenceAnswer: '30 天内可退款，按剩余天数折算。',
      claims: c.claims.map((claim) => ({ text: claim.text, evidence: claim.evidence })), forbiddenClaims: c.forbidden.map((f) => f.text),
      questionType: c.questionType, answerability: c.answerability,
    }))),
  });
  runImport(db, {
    kind: 'responses', format: 'jsonl', fileName: 'responses.jsonl',
    bytes: jsonl(input.responses.map((r) => ({
      id: r.responseId, caseId: r.caseId, system: input.system, answer: '30 天内可以退款。', condition: r.condition, retrievalCalled: r.retrievalCalled,
      finalContext: r.finalContext, candidates: r.candidates, citations: r.citations,
    }))),
  });
  const judge = { model: 'bench-judge', version: '1', promptVersion: 'p1' };
  runImport(db, {
    kind: 'judge', format: 'jsonl', fileName: 'judge.jsonl',
    bytes: jsonl(input.responses.flatMap((r) => [
      ...(r.correct?.source === 'judge' ? [{ caseId: r.caseId, responseId: r.responseId, judge, dimension: 'correctness', value: r.correct.value ? 2 : 0 }] : []),
      ...(r.faithfulness ? [{ caseId: r.caseId, responseId: r.responseId, judge, dimension: 'faithfulness', value: r.faithfulness.value }] : []),
    ])),
  });
  const reviewer = createReviewer(db, 'Bench reviewer').id;
  const seqs = new Map((db.prepare('SELECT r.id, r.seq, r.case_seq FROM responses r').raw().all() as [string, number, number][]).map(([id, seq, caseSeq]) => [id, { seq, caseSeq }]));
  const insert = db.prepare("INSERT INTO label_events (uid, case_seq, response_seq, dimension, value, reviewer_id, created_at, kind) VALUES (?, ?, ?, ?, ?, ?, ?, 'set')");
  const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
  db.transaction(() => {
    for (const r of input.responses) {
      const { seq, caseSeq } = seqs.get(r.responseId)!;
      if (r.stated.kind === 'value') insert.run(randomUUID(), caseSeq, seq, 'claimsStated', JSON.stringify(r.stated.marks), reviewer, at);
      if (r.correct?.source === 'human') insert.run(randomUUID(), caseSeq, seq, 'correctness', JSON.stringify(r.correct.value ? 2 : 0), reviewer, at);
      if (r.behavior !== null) insert.run(randomUUID(), caseSeq, seq, 'responseBehavior', JSON.stringify(r.behavior), reviewer, at);
    }
  })();
  rebuildProgress(db);
  settleCaseMarks(db);
}
