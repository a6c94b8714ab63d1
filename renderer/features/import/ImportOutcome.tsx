import type { ImportCounts } from '../../../shared/api/contract';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { sourceName, useImportStore } from './importStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';

const COUNT_LABELS: Record<keyof ImportCounts, MessageKey> = {
  documents: 'import.added.documents',
  cases: 'import.added.cases',
  responses: 'import.added.responses',
  verdicts: 'import.added.verdicts',
  judgeRuns: 'import.added.judgeRuns',
};

/** The end of an import: what was added, or the error and the promise that nothing changed. */
export function ImportOutcome() {
  const { t, num, label } = useI18n();
  const status = useImportStore((s) => s.status);
  const job = useImportStore((s) => s.job);
  const error = useImportStore((s) => s.error);
  const name = useImportStore(sourceName);

  if (status === 'failed') {
    return (
      <div className="import-outcome failed" data-testid="import-error">
        <div className="outcome-head">
          <Icon name="alert" size={20} className="outcome-icon" />
          <h3>{t('import.failed')}</h3>
        </div>
        {error ? <ErrorDetails error={error} /> : null}
      </div>
    );
  }

  const added = job?.added;
  const entries = added ? (Object.keys(COUNT_LABELS) as (keyof ImportCounts)[]).filter((key) => added[key] > 0) : [];
  return (
    <div className="import-outcome done" data-testid="import-result">
      <div className="outcome-head">
        <Icon name="check" size={20} className="outcome-icon" />
        <h3>{t('import.done')}</h3>
      </div>
      <p>
        {t('import.doneDetail', { file: name })}
        {job?.format ? <span className="muted"> · {t('import.detectedFormat', { format: label('importFormat', job.format) })}</span> : null}
      </p>
      {entries.length > 0 && added ? (
        <ul className="added-counts" aria-label={t('import.added')}>
          {entries.map((key) => (
            <li key={key} data-testid={`import-added-${key}`} data-count={added[key]}>
              <span className="added-number">{num(added[key])}</span>
              <span className="added-label">{t(COUNT_LABELS[key])}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('import.nothingNew')}</p>
      )}
    </div>
  );
}
