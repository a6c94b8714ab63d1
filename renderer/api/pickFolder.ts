import type { OpInput } from '../../shared/api/contract';
import { invoke } from './transport';

export type FolderPurpose = Extract<OpInput<'dialog.pickPath'>['purpose'], 'exportFolder' | 'importFolder' | 'testSetFolder'>;

/** The native folder dialog (desktop). Null when cancelled, or in browser mode where the path is typed. */
export async function pickFolder(purpose: FolderPurpose): Promise<string | null> {
  const answer = await invoke('dialog.pickPath', { purpose });
  return answer.supported ? answer.path : null;
}
