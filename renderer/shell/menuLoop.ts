import { invoke, isDesktop } from '../api/transport';
import { useImportStore } from '../features/import/importStore';
import { useNewTestSetStore } from '../features/first-run/newTestSetStore';
import { useTestSetStore } from '../features/test-sets/testSetStore';
import { useDataStore } from '../features/data/dataStore';
import { useNavigationStore } from './navigationStore';

let started = false;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Desktop mode: the application menu reaches the renderer through a long poll
 * on 'ui.nextMenuCommand' (the preload exposes nothing but invoke). Each
 * command runs the same store action as the matching button.
 */
export function startMenuLoop(): void {
  if (started || !isDesktop()) return;
  started = true;
  void (async () => {
    let backoff = 500;
    for (;;) {
      try {
        const { command } = await invoke('ui.nextMenuCommand', {});
        backoff = 500;
        const files = useTestSetStore.getState();
        switch (command) {
          case 'openTestSet':
            void files.requestOpen();
            break;
          case 'createTestSet':
            void useNewTestSetStore.getState().show();
            break;
          case 'openDemo':
            void files.openDemo();
            break;
          case 'import':
            if (files.current) useImportStore.getState().openDialog();
            break;
          case 'export':
            // the exports live on Team & backups → Export, the same panel its tab opens
            if (files.current) {
              useDataStore.getState().setTab('exports');
              useNavigationStore.getState().setView('data');
            }
            break;
          case 'none':
            break;
        }
      } catch {
        await wait(backoff);
        backoff = Math.min(backoff * 2, 10_000);
      }
    }
  })();
}
