import type { DraftIssue } from './dimension-draft';
import { renderText, text } from '../../../shared/messages/text';
import { useI18n } from '../../i18n/useI18n';

/** The schema's problems for one field, in the interface language. */
export function FieldErrors({ issues, testId }: { issues: readonly DraftIssue[]; testId?: string }) {
  const { t, locale } = useI18n();
  if (issues.length === 0) return null;
  return (
    <ul className="inline-field-errors" data-testid={testId} role="alert">
      {issues.map((issue, i) => (
        <li key={`${issue.code}-${i}`} className="inline-field-error">
          {issue.code === 'other' ? renderText(locale, text(issue.message)) : t(`settings.issue.${issue.code}`)}
        </li>
      ))}
    </ul>
  );
}
