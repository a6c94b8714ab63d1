import type { QueueSpec } from '../api/labeling-ops';
import { canonicalJson } from './values';

/**
 * The stable key a resume point is stored under: the queue spec as JSON with
 * sorted keys and without empty filters, so `{search: ''}` and `{}` are the
 * same queue and key order never matters.
 */
export function queueKey(spec: QueueSpec): string {
  if (spec.source === 'unlabeled') return canonicalJson({ source: 'unlabeled' });
  if (spec.source === 'round') return canonicalJson({ source: 'round', roundId: spec.roundId });
  if (spec.source === 'cases') return canonicalJson({ source: 'cases', caseIds: [...new Set(spec.caseIds)].sort(), docId: spec.docId ?? null });
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(spec.filters)) {
    if (typeof v === 'string' && v.trim() !== '') filters[k] = k === 'search' ? v.trim() : v;
  }
  return canonicalJson({ source: 'filter', filters });
}
