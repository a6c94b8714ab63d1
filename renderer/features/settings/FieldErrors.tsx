import type { DraftIssue } from './dimension-draft';
import { useI18n } from '../../i18n/useI18n';

/**
 * The schema's problems for one field, in the interface language when the
 * problem is a known one (the schema's own English message otherwise).
 */
export function FieldErrors({ issues, testId }: { issues: readonly DraftIssue[]; testId?: string }) {
  const { t } = useI18n();
  if (issues.length === 0) return null;
  return (
    <ul className="inline-field-errors" data-testid={testId} role="alert">
      {issues.map((issue, i) => (
        <li key={`${issue.code}-${i}`} className="inline-field-error" title={issue.message}>
          {issue.code === 'other' ? issue.message : t(`settings.issue.${issue.code}`)}
        </li>
      ))}
    </ul>
  );
}
