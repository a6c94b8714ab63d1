import { invoke } from '../../api/transport';
import { useDetailStore } from '../case-detail/detailStore';
import { useCasesStore } from './casesStore';

/**
 * Sets or clears the lead's leak flag of a case (from the Diagnosis screen or the case's details): the
 * Cases view's rows, leak filter and open case show it at once. Throws what the server refused.
 */
export async function setCaseLeak(caseId: string, leak: boolean): Promise<void> {
  await invoke('cases.setLeak', { caseId, leak });
  useCasesStore.getState().reload();
  if (useDetailStore.getState().detail?.case.id === caseId) useDetailStore.getState().reload();
}
