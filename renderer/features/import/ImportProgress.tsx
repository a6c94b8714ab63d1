import { useI18n } from '../../i18n/useI18n';
import { sourceName, useImportStore } from './importStore';

export function ImportProgress() {
  const { t, num } = useI18n();
  const job = useImportStore((s) => s.job);
  const status = useImportStore((s) => s.status);
  const name = useImportStore(sourceName);
  const phase = status === 'uploading' || !job ? 'uploading' : job.phase;
  const total = job?.total ?? 0;
  const done = job?.done ?? 0;
  const fraction = total > 0 ? Math.min(1, done / total) : null;
  return (
    <div className="import-progress" data-testid="import-progress" data-phase={phase} aria-live="polite">
      <p className="import-running">{t('import.running', { file: name })}</p>
      <div className="progress-label">
        <span>{t(`import.phase.${phase}`)}</span>
        {total > 0 ? <span className="mono">{t('import.progress', { done: num(done), total: num(total) })}</span> : null}
      </div>
      <div
        className={fraction === null ? 'progress-track indeterminate' : 'progress-track'}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total || undefined}
        aria-valuenow={total > 0 ? done : undefined}
      >
        <div className="progress-fill" style={{ width: fraction === null ? undefined : `${(fraction * 100).toFixed(1)}%` }} />
      </div>
    </div>
  );
}
