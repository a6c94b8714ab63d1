/**
 * The dimension a foreign metric's scores land on: lower case, every run of
 * other characters one "_" (`factual_correctness(mode=f1)` → `factual_correctness_mode_f1`,
 * "Answer Relevancy" → `answer_relevancy`), so a metric the test set already
 * defines under that name (faithfulness) is compared with the human labels.
 */
export function metricSlug(metric: string): string {
  const slug = metric
    .normalize('NFKD')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (slug === '') return 'metric';
  return /^[a-z]/.test(slug) ? slug : `m_${slug}`;
}
