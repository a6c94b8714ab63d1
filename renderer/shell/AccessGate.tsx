import { useEffect, useState, type ReactNode } from 'react';
import { browserAccess } from '../api/transport';
import { useI18n } from '../i18n/useI18n';

/**
 * Browser mode: the app starts only in a tab that holds a session. A tab opened from an address whose
 * one-time code was already used (from the browser's history, or copied) says so and what to do, in the
 * reader's language, instead of waiting on calls the server refuses.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [access, setAccess] = useState<'checking' | 'granted' | 'address-used'>('checking');
  useEffect(() => {
    void browserAccess().then(setAccess);
  }, []);
  if (access === 'granted') return <>{children}</>;
  if (access === 'checking') return <div className="app-loading" aria-busy="true">{t('app.loading')}</div>;
  return (
    <main className="address-used" role="alert" data-testid="address-used">
      <h1>{t('app.addressUsed.title')}</h1>
      <p>{t('app.addressUsed.body')}</p>
    </main>
  );
}
