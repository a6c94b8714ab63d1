import type { JudgeRun } from '../../../shared/api/agreement-ops';
import { useI18n } from '../../i18n/useI18n';

/** What the run is: judge model and version, prompt version and hash, source file, import time. */
export function RunStrip({ run }: { run: JudgeRun }) {
  const { t, locale } = useI18n();
  const imported = new Date(run.importedAt);
  const when = Number.isNaN(imported.getTime()) ? run.importedAt : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(imported);
  return (
    <dl className="ag-run-strip" data-testid="agreement-run-strip">
      <div>
        <dt>{t('agreement.runMeta.model')}</dt>
        <dd className="mono">
          {run.model} <span className="muted">{run.modelVersion}</span>
        </dd>
      </div>
      <div>
        <dt>{t('agreement.runMeta.prompt')}</dt>
        <dd className="mono">{run.promptVersion}</dd>
      </div>
      {run.promptHash ? (
        <div>
          <dt>{t('agreement.runMeta.hash')}</dt>
          <dd className="mono ag-hash" title={run.promptHash}>
            {run.promptHash.length > 22 ? `${run.promptHash.slice(0, 21)}…` : run.promptHash}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('agreement.runMeta.file')}</dt>
        <dd className="mono" title={run.sourceSha256}>
          {run.sourceFile}
        </dd>
      </div>
      <div>
        <dt>{t('agreement.runMeta.imported')}</dt>
        <dd>{when}</dd>
      </div>
    </dl>
  );
}
