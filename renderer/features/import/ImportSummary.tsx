import type { ImportCounts } from '../../../shared/api/contract';
import type { MessageKey } from '../../i18n';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { useI18n } from '../../i18n/useI18n';
import { ImportReport } from './ImportReport';
import { RecheckPrompt } from '../diagnosis/RecheckPrompt';
import { inWritingOrder, useImportStore, type ImportFile } from './importStore';

const COUNT_LABELS: Record<keyof ImportCounts, MessageKey> = {
  documents: 'import.added.documents',
  cases: 'import.added.cases',
  responses: 'import.added.responses',
  verdicts: 'import.added.verdicts',
  judgeRuns: 'import.added.judgeRuns',
};

/** While it runs and after: one line per file, in the order they were written, and one sentence for all. */
export function ImportSummary() {
  const { t } = useI18n();
  const files = inWritingOrder(useImportStore((s) => s.files));
  const phase = useImportStore((s) => s.phase);
  const count = (status: ImportFile['status']) => files.filter((f) => f.status === status).length;
  return (
    <div className="import-summary" data-testid="import-summary" data-phase={phase} aria-live="polite">
      {phase === 'finished' ? (
        <p className="import-summary-line" data-testid="import-summary-line">
          {t('import.summary', { done: count('done'), skipped: count('skipped'), failed: count('failed'), notRun: count('not-run') })}
        </p>
      ) : null}
      <ol className="import-outcomes">
        {files.filter((f) => f.status !== 'ready' || phase === 'running').map((file) => <Outcome key={file.id} file={file} />)}
      </ol>
      {phase === 'finished' ? <RecheckPrompt /> : null}
    </div>
  );
}

function Outcome({ file }: { file: ImportFile }) {
  const { t, num, label } = useI18n();
  const added = file.job?.added;
  const entries = added ? (Object.keys(COUNT_LABELS) as (keyof ImportCounts)[]).filter((key) => added[key] > 0) : [];
  const testId = file.status === 'done' ? 'import-result' : file.status === 'failed' ? 'import-error' : `import-${file.status}`;
  const icon = file.status === 'done' ? 'check' : file.status === 'failed' ? 'alert' : file.status === 'running' ? 'demo' : 'close';
  return (
    <li className={`import-outcome ${file.status}`} data-testid={testId} data-file={file.name}>
      <div className="outcome-head">
        <Icon name={icon} size={16} className="outcome-icon" />
        <span className="mono">{file.name}</span>
        {file.kind ? <span className="muted">{label('importKind', file.kind)}</span> : null}
        <span className="outcome-status">{t(`import.status.${file.status}`)}</span>
      </div>
      {file.status === 'running' && file.job && file.job.total > 0 ? (
        <div className="progress-track" role="progressbar" aria-valuemin={0} aria-valuemax={file.job.total} aria-valuenow={file.job.done}>
          <div className="progress-fill" style={{ width: `${((100 * file.job.done) / file.job.total).toFixed(1)}%` }} />
        </div>
      ) : null}
      {file.status === 'done' && !file.job?.appended ? (
        entries.length > 0 && added ? (
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
        )
      ) : null}
      {file.status === 'done' && file.job?.appended ? <AppendedDetail file={file} /> : null}
      {file.status === 'done' && file.job?.runId ? <p className="muted" data-testid="import-run-id">{t('import.judgeRun', { run: file.job.runId })}</p> : null}
      {file.status === 'done' && file.job?.report ? <ImportReport fileId={file.id} report={file.job.report} defined={file.definedDimensions} /> : null}
      {file.status === 'skipped' ? <SkippedDetail file={file} /> : null}
      {file.error ? <ErrorDetails error={file.error} /> : null}
    </li>
  );
}

/** A labels or adjudications export: what it added and what was already here (skipped), and the reviewers it brought. */
function AppendedDetail({ file }: { file: ImportFile }) {
  const { t, num } = useI18n();
  const appended = file.job!.appended!;
  const kind = file.kind === 'adjudications' ? 'adjudications' : 'labels';
  return (
    <>
      <ul className="added-counts" aria-label={t('import.added')}>
        <li data-testid={`import-added-${kind}`} data-count={appended.added}>
          <span className="added-number">{num(appended.added)}</span>
          <span className="added-label">{t(`import.added.${kind}`)}</span>
        </li>
        <li data-testid="import-already-present" data-count={appended.alreadyPresent}>
          <span className="added-number">{num(appended.alreadyPresent)}</span>
          <span className="added-label">{t('import.alreadyPresent')}</span>
        </li>
      </ul>
      {appended.reviewersCreated.length > 0 ? (
        <p className="muted" data-testid="import-reviewers-created">{t('import.reviewersCreated', { names: appended.reviewersCreated.join(', ') })}</p>
      ) : null}
      {appended.statedMismatches.length > 0 ? (
        <p className="import-warning" role="status" data-testid="import-stated-mismatches" data-count={appended.statedMismatches.length}>
          {t('import.statedMismatches', { count: appended.statedMismatches.length, lines: appended.statedMismatches.slice(0, 10).map((m) => String(m.line)).join(', ') + (appended.statedMismatches.length > 10 ? ' …' : '') })}
        </p>
      ) : null}
    </>
  );
}

/** Why nothing was written: the same bytes came before, as a judge run (named) or as a file. */
function SkippedDetail({ file }: { file: ImportFile }) {
  const { t } = useI18n();
  const runId = file.job?.alreadyImported ? file.job.runId : file.importedBefore?.runId ?? null;
  if (runId !== null) return <p className="muted" data-testid="import-already">{t('import.alreadyImportedRun', { run: runId })}</p>;
  return file.importedBefore ? <p className="muted">{t('import.skippedDetail', { file: file.importedBefore.fileName })}</p> : null;
}
