import { useEffect } from 'react';
import { useI18n } from '../i18n/useI18n';
import { useTestSetStore } from '../features/test-sets/testSetStore';

/** Window title `<file name> — Touchstone` (the Electron window follows it) and <html lang>. */
export function useDocumentChrome(): void {
  const { t, locale } = useI18n();
  const name = useTestSetStore((s) => s.current?.name ?? null);
  useEffect(() => {
    const suffix = t('app.titleSuffix');
    document.title = name ? `${name} — ${suffix}` : suffix;
  }, [name, t]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
}
