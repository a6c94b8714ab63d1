import type { OpOutput } from '../../../shared/api/contract';
import { useNavigationStore } from '../../shell/navigationStore';
import { useLabelingStore } from '../labeling/labelingStore';

type Changes = OpOutput<'diagnosis.recheck'>['changes'];

/** The cases a set of document changes touches, each once, and the documents (for the queue's title). */
export function recheckList(changes: Changes): { caseIds: string[]; docIds: string[] } {
  const touched = changes.filter((c) => c.cases.length > 0);
  return { caseIds: [...new Set(touched.flatMap((c) => c.cases.map((x) => x.caseId)))], docIds: touched.map((c) => c.docId) };
}

/** Opens the Label screen on the re-check queue: the touched cases, in test-set order, holdout ones included. */
export function openRecheckQueue(caseIds: readonly string[], docIds: readonly string[]): void {
  if (caseIds.length === 0) return;
  useLabelingStore.getState().startQueue({ source: 'cases', caseIds: [...caseIds], docId: docIds.length === 1 ? docIds[0] : null });
  useNavigationStore.getState().setView('label');
}
