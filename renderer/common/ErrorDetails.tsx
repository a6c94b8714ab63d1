import type { ApiErrorBody } from '../../shared/api/contract';
import { useI18n } from '../i18n/useI18n';
import { errorSentence } from '../../shared/messages/text';

/** An error as a person needs it: what happened, and where in their file. */
export function ErrorDetails({ error, testId }: { error: ApiErrorBody; testId?: string }) {
  const { t, locale } = useI18n();
  const location = error.location;
  return (
    <div className="error-details" data-testid={testId} role="alert">
      <p className="error-message">{errorSentence(locale, error)}</p>
      {location ? (
        <dl className="error-location">
          <div>
            <dt>{t('error.file')}</dt>
            <dd className="mono">{location.file}</dd>
          </div>
          {location.line !== null ? (
            <div>
              <dt>{t('error.line')}</dt>
              <dd className="mono" data-testid="error-line">{location.line}</dd>
            </div>
          ) : null}
          {location.field !== null ? (
            <div>
              <dt>{t('error.field')}</dt>
              <dd className="mono" data-testid="error-field">{location.field}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}
