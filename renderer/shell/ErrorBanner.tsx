import { useI18n } from '../i18n/useI18n';
import { useTestSetStore } from '../features/test-sets/testSetStore';
import { ErrorDetails } from '../common/ErrorDetails';
import { Icon } from '../common/Icon';

/** Errors from file actions (open, create, demo), under the top bar until dismissed. */
export function ErrorBanner() {
  const { t } = useI18n();
  const error = useTestSetStore((s) => s.error);
  const dismiss = useTestSetStore((s) => s.dismissError);
  if (!error) return null;
  return (
    <div className="error-banner" data-testid="error-banner">
      <Icon name="alert" className="error-banner-icon" />
      <div className="error-banner-body">
        <strong>{t(`error.code.${error.code}`)}</strong>
        <ErrorDetails error={error} />
      </div>
      <button type="button" className="icon-button" onClick={dismiss} aria-label={t('error.dismiss')} title={t('error.dismiss')}>
        <Icon name="close" />
      </button>
    </div>
  );
}
