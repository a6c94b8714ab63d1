import type { CaseRecord, DocumentRecord } from '../domain/schemas';

/**
 * A case as the tools that consume test sets read it. Contexts are the
 * quotes of the case's evidence (the text that supports the reference
 * answer); without evidence, the text of its relevant documents.
 */
export function caseContexts(c: CaseRecord, documentText: (docId: string) => string | null): string[] {
  const quotes = c.claims.flatMap((claim) => claim.evidence.map((e) => e.quote));
  const contexts = quotes.length ? quotes : c.relevantDocuments.map(documentText).filter((t): t is string => !!t);
  return [...new Set(contexts)];
}

/** A Ragas ≥0.2 SingleTurnSample (EvaluationDataset.from_jsonl reads one per line). */
export function ragasSample(c: CaseRecord, contexts: string[]): Record<string, unknown> {
  const sample: Record<string, unknown> = { user_input: c.query, reference_contexts: contexts };
  if (c.referenceAnswer) sample.reference = c.referenceAnswer;
  return sample;
}

/** A DeepEval Golden (EvaluationDataset.add_goldens_from_json_file reads a list of them). */
export function deepevalGolden(c: CaseRecord, contexts: string[]): Record<string, unknown> {
  const golden: Record<string, unknown> = { input: c.query, context: contexts };
  if (c.referenceAnswer) golden.expected_output = c.referenceAnswer;
  const metadata = { id: c.id, ...(c.slices.length ? { slices: c.slices } : {}), ...(c.metadata ?? {}) };
  golden.additional_metadata = metadata;
  return golden;
}

export type DocumentLookup = (docId: string) => DocumentRecord['text'];
