import { useState } from 'react';
import type { ApiErrorBody } from '../../../shared/api/contract';
import { ErrorDetails } from '../../common/ErrorDetails';
import { toErrorBody } from '../../common/errors';
import { useI18n } from '../../i18n/useI18n';
import { setCaseLeak } from '../cases/caseLeak';

/**
 * The lead's leak flag of a case (answered right without retrieval, it measures the model's memory,
 * not the system): shown with the case and set or cleared here as on the Diagnosis screen.
 */
export function LeakFlag({ caseId, leak }: { caseId: string; leak: boolean }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  async function set(value: boolean): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await setCaseLeak(caseId, value);
    } catch (caught) {
      setError(toErrorBody(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="leak-flag" data-testid="case-leak-flag" data-leak={leak ? 'yes' : 'no'}>
      <span className={leak ? 'leak-flag-state on' : 'leak-flag-state muted'}>{t(leak ? 'detail.memoryLeak.flagged' : 'detail.memoryLeak.notFlagged')}</span>{' '}
      <button type="button" className="button small" disabled={busy} aria-busy={busy} data-testid="case-leak-toggle" onClick={() => void set(!leak)}>
        {t(leak ? 'detail.memoryLeak.unflag' : 'detail.memoryLeak.flag')}
      </button>
      {error ? <ErrorDetails error={error} /> : null}
    </span>
  );
}
