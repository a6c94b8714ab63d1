import { isPlainObject } from '../json';
import type { FieldReader } from './field-reader';
import type { ForeignFormat, ForeignRecord } from './record';

/**
 * TruLens ground truth (`GroundTruthDataset` / `TruSession.add_ground_truth_to_dataset`
 * dataframes): query, query_id, expected_response, expected_chunks (texts, or
 * {text, title, expect_score}), meta. The expected chunks become documents and
 * the evidence quotes of the expected response.
 */
export const TRULENS: ForeignFormat = {
  format: 'trulens',
  label: 'TruLens',
  idPrefix: 'trulens',
  distinctive: ['expected_response', 'expected_chunks'],
  matches: (keys) => keys.includes('query') && (keys.includes('expected_response') || keys.includes('expected_chunks')),
  csvList: 'literal',
  read(r: FieldReader): ForeignRecord {
    const chunks = r.take('expected_chunks');
    const evidence: string[] = [];
    const scores: unknown[] = [];
    if (Array.isArray(chunks)) {
      chunks.forEach((c, k) => {
        if (isPlainObject(c)) {
          evidence.push(r.stringOf(c.text, `expected_chunks.${k}.text`) ?? '');
          scores.push({ ...c, text: undefined });
        } else {
          evidence.push(r.stringOf(c, `expected_chunks.${k}`) ?? '');
        }
      });
    } else if (chunks !== undefined && chunks !== null) {
      evidence.push(...r.listOf(chunks, 'expected_chunks'));
    }
    const metadata: Record<string, unknown> = { ...(r.has('meta') ? r.object('meta') : {}) };
    if (scores.some((s) => Object.values(s as object).some((v) => v !== undefined))) metadata.expected_chunks = scores.map((s) => JSON.parse(JSON.stringify(s)));
    return {
      id: r.string('query_id'),
      queryField: 'query',
      query: r.string('query'),
      reference: r.string('expected_response'),
      evidence: evidence.filter((t) => t.trim() !== ''),
      metadata: Object.keys(metadata).length ? metadata : undefined,
    };
  },
};
