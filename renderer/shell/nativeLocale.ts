import { invoke, isDesktop } from '../api/transport';
import { useLocaleStore } from '../i18n/localeStore';
import type { Locale } from '../i18n';

let started = false;

/**
 * Desktop mode: the main process words the application menu, the native file dialogs and its message boxes
 * in the window's language (electron/native-texts.ts). It learns that language here, at start and on every switch.
 */
export function startNativeLocaleSync(): void {
  if (started || !isDesktop()) return;
  started = true;
  const send = (locale: Locale) => {
    invoke('ui.setLocale', { locale }).catch(() => {
      // the main process keeps its previous language; the next switch or start sends it again
    });
  };
  send(useLocaleStore.getState().locale);
  useLocaleStore.subscribe((state, previous) => {
    if (state.locale !== previous.locale) send(state.locale);
  });
}
