import { useI18n } from '../../i18n/useI18n';
import { THRESHOLD_FIELDS, useSettingsStore, type ThresholdRow } from './settingsStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { StakesBadge } from '../report/StakesBadge';

/** One row per question type: the release thresholds the refusal report checks that group against. */
export function ThresholdsSection() {
  const { t } = useI18n();
  const rows = useSettingsStore((s) => s.thresholdRows);
  const dirty = useSettingsStore((s) => s.thresholdsDirty);
  const problems = useSettingsStore((s) => s.thresholdProblems);
  const saving = useSettingsStore((s) => s.thresholdsSaving);
  const error = useSettingsStore((s) => s.thresholdsError);
  const savedNotice = useSettingsStore((s) => s.thresholdsSavedNotice);
  const save = useSettingsStore((s) => s.saveThresholds);
  const discard = useSettingsStore((s) => s.discardThresholds);
  const problemCount = Object.values(problems).reduce((sum, row) => sum + Object.keys(row).length, 0);

  let status = null;
  if (problemCount > 0) {
    status = (
      <span className="save-status problem">
        <Icon name="alert" size={14} />
        {t('settings.problems', { count: problemCount })}
      </span>
    );
  } else if (dirty) {
    status = <span className="save-status dirty">{t('settings.unsaved')}</span>;
  } else if (savedNotice) {
    status = (
      <span className="save-status saved" data-testid="thresholds-saved">
        <Icon name="check" size={14} />
        {t('settings.saved')}
      </span>
    );
  }

  return (
    <section className="page-card settings-section" aria-labelledby="settings-thresholds-title">
      <div className="card-head">
        <div className="card-title-block">
          <h2 id="settings-thresholds-title" className="card-title">{t('settings.thresholds.title')}</h2>
          <p className="card-subtitle">{t('settings.thresholds.subtitle')}</p>
        </div>
        <div className="card-actions">
          {status}
          <button type="button" className="button" disabled={!dirty || saving} data-testid="thresholds-discard" onClick={discard}>
            {t('settings.discard')}
          </button>
          <button
            type="button"
            className="button primary"
            data-testid="thresholds-save"
            disabled={!dirty || problemCount > 0 || saving}
            onClick={() => void save()}
          >
            {saving ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </div>
      {error ? (
        <div className="inline-error card-error" data-testid="thresholds-save-error">
          <div className="card-error-body">
            <strong>{t('settings.saveFailed')}</strong>
            <ErrorDetails error={error} />
          </div>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="card-empty">{t('settings.thresholds.none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="threshold-table">
            <thead>
              <tr>
                <th scope="col">{t('settings.thresholds.questionType')}</th>
                <th scope="col">{t('settings.stakes')}</th>
                {THRESHOLD_FIELDS.map((field) => (
                  <th key={field} scope="col" className="num-col">
                    <span className="threshold-head">
                      <span>{t(`settings.thresholds.${field}`)}</span>
                      <span className="threshold-head-hint">{t(`settings.thresholds.${field}.hint`)}</span>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ThresholdTableRow key={row.questionType} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="card-footnote">{t('settings.thresholds.footnote')}</p>
    </section>
  );
}

function ThresholdTableRow({ row }: { row: ThresholdRow }) {
  const { t, label } = useI18n();
  const draft = useSettingsStore((s) => s.thresholdDrafts[row.questionType]);
  const problems = useSettingsStore((s) => s.thresholdProblems[row.questionType]);
  const setThreshold = useSettingsStore((s) => s.setThreshold);
  const name = label('questionType', row.questionType);
  return (
    <tr data-testid="threshold-row" data-question-type={row.questionType}>
      <th scope="row">
        <span className="qt-name">{name}</span>
        {name !== row.questionType ? <span className="qt-id mono">{row.questionType}</span> : null}
        {!row.stored ? <span className="qt-unset">{t('settings.thresholds.unset')}</span> : null}
      </th>
      <td>
        <StakesBadge stakes={row.stakes} compact />
      </td>
      {THRESHOLD_FIELDS.map((field) => {
        const problem = problems?.[field];
        return (
          <td key={field} className="num-col">
            <span className="percent-input">
              <span className="percent-bound" aria-hidden="true">{field.startsWith('max') ? '≤' : '≥'}</span>
              <input
                className={problem ? 'input mono invalid' : 'input mono'}
                inputMode="decimal"
                value={draft?.[field] ?? ''}
                placeholder="—"
                aria-label={`${name}: ${t(`settings.thresholds.${field}`)} (%)`}
                aria-invalid={problem ? true : undefined}
                data-field={field}
                data-testid="threshold-input"
                onChange={(event) => setThreshold(row.questionType, field, event.target.value)}
              />
              <span className="percent-sign" aria-hidden="true">%</span>
            </span>
            {problem ? (
              <span className="inline-field-error threshold-error" role="alert">
                {t(`settings.thresholds.problem.${problem}`)}
              </span>
            ) : null}
          </td>
        );
      })}
    </tr>
  );
}
