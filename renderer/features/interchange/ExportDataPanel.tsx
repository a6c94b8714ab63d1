import { useEffect } from 'react';
import { EXPORT_WHATS, exportFormats, type ExportWhat } from '../../../shared/api/interchange-ops';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { ErrorDetails } from '../../common/ErrorDetails';
import { ExportedFiles } from '../../common/ExportedFiles';
import { FolderField } from '../../common/FolderField';
import { Icon } from '../../common/Icon';
import { useExportStore } from './exportStore';
import { describeFilters } from '../cases/filterLabels';

/** File → Export in the window: cases (native, Ragas, DeepEval), documents, responses, verdicts, labels, adjudications. */
export function ExportDataPanel() {
  const { t, label, num } = useI18n();
  const s = useExportStore();
  const filtered = s.what === 'cases' ? s.caseFilter : null;
  const loadRuns = useExportStore((state) => state.loadRuns);
  useEffect(() => {
    void loadRuns();
  }, [loadRuns]);

  return (
    <form
      className="cal-card data-card"
      data-testid="data-export"
      onSubmit={(event) => {
        event.preventDefault();
        void s.write();
      }}
    >
      <div className="cal-card-head">
        <h2 className="cal-card-title">{t('data.exports.title')}</h2>
      </div>
      <p className="cal-hint">{t('data.exports.hint')}</p>
      <div className="form-row">
        <label className="field">
          <span className="field-label">{t('data.exports.what')}</span>
          <select className="select" value={s.what} data-testid="data-export-what" onChange={(event) => s.setWhat(event.target.value as ExportWhat)}>
            {EXPORT_WHATS.map((what) => (
              <option key={what} value={what}>{t(`data.exports.what.${what}` as MessageKey)}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('data.exports.format')}</span>
          <select className="select" value={s.format} data-testid="data-export-format" onChange={(event) => s.setFormat(event.target.value)}>
            {exportFormats(s.what).map((format) => (
              <option key={format} value={format}>{t(`data.exports.format.${format}` as MessageKey)}</option>
            ))}
          </select>
        </label>
        {s.what === 'verdicts' ? (
          <label className="field">
            <span className="field-label">{t('data.exports.run')}</span>
            <select className="select" value={s.runId ?? ''} data-testid="data-export-run" onChange={(event) => s.setRunId(event.target.value ? Number(event.target.value) : null)}>
              <option value="">{t('data.exports.allRuns')}</option>
              {s.runs.map((run) => (
                <option key={run.id} value={run.id}>{`#${run.id} ${run.model} ${run.modelVersion} · ${run.promptVersion}`}</option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {filtered ? (
        <div className="export-filtered" data-testid="data-export-filtered" data-count={filtered.count}>
          <p className="export-filtered-count">{t('data.exports.filtered', { count: num(filtered.count) })}</p>
          <p className="field-hint">{t('data.exports.filteredBy', { filters: describeFilters(filtered.applied, t, label) })}</p>
          <button type="button" className="link-button" data-testid="data-export-all-cases" onClick={s.clearCaseFilter}>
            {t('data.exports.allCases')}
          </button>
        </div>
      ) : null}
      <p className="field-hint" data-testid="data-export-format-hint">{t(`data.exports.formatHint.${s.format}` as MessageKey)}</p>
      <FolderField
        label={t('data.export.folder')}
        hint={t('data.exports.folderHint')}
        value={s.dir}
        testId="data-export-dir"
        onChange={s.setDir}
        onPick={() => void s.pickDir()}
      />
      <div className="data-actions">
        <button type="submit" className="button primary" data-testid="data-export-submit" disabled={!s.dir.trim() || s.running}>
          <Icon name="arrowRight" />
          {s.running ? t('data.export.running') : t('data.exports.button')}
        </button>
      </div>
      {s.error ? (
        <div className="cal-result error" data-status="refused">
          <p className="cal-result-title"><Icon name="alert" size={14} /> {t('data.export.failed')}</p>
          <ErrorDetails error={s.error} testId="data-export-error" />
        </div>
      ) : null}
      {s.result ? (
        <div className="cal-result ok" data-testid="data-export-result" data-count={s.result.count}>
          <p className="cal-result-title">
            <Icon name="check" size={14} />{' '}
            {filtered
              ? t('data.exports.filteredDone', { count: num(s.result.count), total: num(filtered.total), dir: s.result.dir })
              : t('data.exports.done', { count: s.result.count, dir: s.result.dir })}
          </p>
          <ExportedFiles files={s.result.files} testId="data-export-file" />
        </div>
      ) : null}
    </form>
  );
}
