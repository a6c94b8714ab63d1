import { useI18n } from '../../i18n/useI18n';
import { THRESHOLD_FIELDS, useSettingsStore, type ThresholdRow } from './settingsStore';
import { StakesBadge } from '../report/StakesBadge';
import { SettingsCard } from './SettingsCard';

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

  return (
    <SettingsCard
      name="thresholds"
      title={t('settings.thresholds.title')}
      subtitle={t('settings.thresholds.subtitle')}
      state={{ problems: problemCount, dirty, saving, saved: savedNotice, error }}
      onSave={() => void save()}
      onDiscard={discard}
    >
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
    </SettingsCard>
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
