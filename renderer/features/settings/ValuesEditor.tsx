import { useEffect, useRef } from 'react';
import { showsStakes, type DimensionDraft, type DraftIssue, type StakesChoice } from './dimension-draft';
import { useI18n } from '../../i18n/useI18n';
import { valueLabel } from '../labeling/labelText';
import { useSettingsStore } from './settingsStore';
import { Icon } from '../../common/Icon';
import { FieldErrors } from './FieldErrors';
import { usePick } from '../../common/usePick';

const STAKES_CHOICES: { value: string; stakes: StakesChoice }[] = [
  { value: 'high', stakes: 'high' },
  { value: 'low', stakes: 'low' },
  { value: '', stakes: null },
];

/** The ordered values of a categorical / binary / ordinal dimension (with stakes for question types). */
export function ValuesEditor({ draft, issues }: { draft: DimensionDraft; issues: readonly DraftIssue[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { addOption, updateOption, removeOption, moveOption } = usePick(useSettingsStore, 'addOption', 'updateOption', 'removeOption', 'moveOption');
  const stakes = showsStakes(draft);
  const listIssues = issues.filter((issue) => issue.field === 'options');
  const table = useRef<HTMLTableElement>(null);
  const count = useRef(draft.options.length);

  useEffect(() => {
    // a value just added gets the cursor
    if (draft.options.length > count.current) {
      const inputs = table.current?.querySelectorAll<HTMLInputElement>('[data-testid="dimension-value-input"]');
      inputs?.[inputs.length - 1]?.focus();
    }
    count.current = draft.options.length;
  }, [draft.options.length]);

  return (
    <div className="values-editor">
      <div className="values-head">
        <span className="field-label">{t('settings.values')}</span>
        <span className="field-hint">{t(draft.type === 'ordinal' ? 'settings.valuesHint.ordinal' : 'settings.valuesHint.list')}</span>
      </div>
      <table className="values-table" ref={table}>
        <thead>
          <tr>
            <th className="col-order" scope="col">#</th>
            <th scope="col">{t('settings.value')}</th>
            {stakes ? <th className="col-stakes" scope="col">{t('settings.stakes')}</th> : null}
            <th className="col-actions" scope="col">
              <span className="visually-hidden">{t('settings.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.options.map((option, index) => {
            const own = issues.filter((issue) => issue.field === `option.${index}`);
            // the name each value shows as on the Label screen, beside its id
            const id = option.text.trim();
            const known = id ? valueLabel(i18n, draft.name.trim(), draft.type === 'ordinal' && /^-?\d+$/.test(id) ? Number(id) : id) : null;
            return (
              <tr key={option.key} data-testid="dimension-value" data-value={option.text}>
                <td className="col-order">{index + 1}</td>
                <td>
                  <div className="value-cell">
                    <input
                      className={own.length ? 'input mono invalid' : 'input mono'}
                      value={option.text}
                      spellCheck={false}
                      autoComplete="off"
                      aria-label={t('settings.valueNumber', { number: index + 1 })}
                      aria-invalid={own.length > 0}
                      data-testid="dimension-value-input"
                      placeholder={t('settings.valuePlaceholder')}
                      onChange={(event) => updateOption(draft.key, option.key, { text: event.target.value })}
                    />
                    {known && known !== option.text.trim() ? <span className="value-label">{known}</span> : null}
                  </div>
                  <FieldErrors issues={own} />
                </td>
                {stakes ? (
                  <td className="col-stakes">
                    <select
                      className="select stakes-select"
                      data-stakes={option.stakes ?? 'none'}
                      value={option.stakes ?? ''}
                      aria-label={t('settings.stakesFor', { value: option.text || String(index + 1) })}
                      data-testid="dimension-value-stakes"
                      onChange={(event) =>
                        updateOption(draft.key, option.key, { stakes: STAKES_CHOICES.find((c) => c.value === event.target.value)?.stakes ?? null })
                      }
                    >
                      {STAKES_CHOICES.map((choice) => (
                        <option key={choice.value} value={choice.value}>
                          {t(`settings.stakes.${choice.stakes ?? 'none'}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                ) : null}
                <td className="col-actions">
                  <button type="button" className="icon-button small" disabled={index === 0} aria-label={t('settings.moveUp')} title={t('settings.moveUp')} onClick={() => moveOption(draft.key, option.key, -1)}>
                    <Icon name="arrowUp" size={14} />
                  </button>
                  <button
                    type="button"
                    className="icon-button small"
                    disabled={index === draft.options.length - 1}
                    aria-label={t('settings.moveDown')}
                    title={t('settings.moveDown')}
                    onClick={() => moveOption(draft.key, option.key, 1)}
                  >
                    <Icon name="arrowDown" size={14} />
                  </button>
                  <button
                    type="button"
                    className="icon-button small danger"
                    aria-label={t('settings.removeValue')}
                    title={t('settings.removeValue')}
                    data-testid="dimension-value-remove"
                    onClick={() => removeOption(draft.key, option.key)}
                  >
                    <Icon name="close" size={14} />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FieldErrors issues={listIssues} testId="dimension-values-error" />
      <button type="button" className="add-row-button inline" data-testid="dimension-value-add" onClick={() => addOption(draft.key)}>
        <Icon name="plus" size={14} />
        {t('settings.addValue')}
      </button>
      {stakes ? <p className="field-hint stakes-hint">{t('settings.stakesHint')}</p> : null}
    </div>
  );
}
