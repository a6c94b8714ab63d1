import { turnsText, type FieldReader } from './field-reader';
import type { ForeignFormat, ForeignRecord } from './record';

/** Fields of a Ragas sample (0.1 names and ≥0.2 names) that are not scores. */
const SAMPLE_FIELDS = [
  'user_input', 'retrieved_contexts', 'reference_contexts', 'response', 'multi_responses', 'reference', 'rubrics',
  'reference_topics', 'synthesizer_name', 'persona_name', 'query_style', 'query_length',
  'question', 'answer', 'contexts', 'ground_truth', 'ground_truths',
];

/**
 * Ragas: test sets and `EvaluationResult.to_pandas()` files of ≥0.2
 * (user_input, retrieved_contexts, reference_contexts, response, reference,
 * then one column per metric), 0.1 (question, answer, contexts,
 * ground_truth(s)), and multi-turn samples (user_input a list of messages
 * {content, type}: kept as text, each turn marked with its role).
 */
export const RAGAS: ForeignFormat = {
  format: 'ragas',
  label: 'Ragas',
  idPrefix: 'ragas',
  distinctive: ['user_input', 'question + answer / contexts / ground_truth'],
  matches: (keys) => keys.includes('user_input')
    || (keys.includes('question') && ['answer', 'contexts', 'ground_truth', 'ground_truths'].some((k) => keys.includes(k))),
  csvList: 'literal',
  origin: 'synthetic',
  read(r: FieldReader): ForeignRecord {
    const v01 = !r.has('user_input') && r.has('question');
    const rec: ForeignRecord = { queryField: v01 ? 'question' : 'user_input', query: undefined };
    const input = r.take(rec.queryField);
    if (Array.isArray(input)) {
      rec.query = turnsText(input, 'type', 'content');
    } else {
      rec.query = r.stringOf(input, rec.queryField);
    }
    if (v01) {
      rec.responseField = 'answer';
      rec.response = r.string('answer');
      rec.retrieved = r.list('contexts');
      const truths = r.has('ground_truths') ? r.list('ground_truths') : [];
      rec.reference = r.string('ground_truth') ?? (truths.length ? truths.join('\n') : undefined);
    } else {
      rec.responseField = 'response';
      rec.response = r.string('response');
      rec.retrieved = r.list('retrieved_contexts');
      rec.contexts = r.list('reference_contexts');
      rec.reference = r.string('reference');
    }
    const metadata: Record<string, unknown> = {};
    for (const key of ['synthesizer_name', 'persona_name', 'query_style', 'query_length', 'reference_topics', 'rubrics', 'multi_responses']) {
      if (!r.has(key)) continue;
      const value = r.take(key);
      metadata[key] = value;
    }
    const synth = metadata.synthesizer_name;
    if (typeof synth === 'string' && /multi[_-]?hop/i.test(synth)) rec.slices = ['multi-hop'];
    if (Object.keys(metadata).length) rec.metadata = metadata;
    // Every other column of an evaluation result is a metric: its cells are scores (empty when the metric failed).
    rec.scores = r.unused()
      .concat(Object.keys(r.row.values).filter((k) => !r.has(k) && !SAMPLE_FIELDS.includes(k)))
      .filter((k) => !SAMPLE_FIELDS.includes(k) && r.numericKeys.has(k))
      .map((metric) => ({ metric, value: r.number(metric), field: metric }));
    return rec;
  },
};
