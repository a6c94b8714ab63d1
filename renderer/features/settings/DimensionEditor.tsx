import { useId } from 'react';
import { DIMENSION_SCOPES, DIMENSION_TYPES, type DimensionType } from '../../../shared/domain/dimensions';
import { hasValues, type DimensionDraft, type DraftIssue } from './dimension-draft';
import { errorSentence } from '../../../shared/messages/text';
import { useI18n } from '../../i18n/useI18n';
import { useSettingsStore } from './settingsStore';
import { Icon } from '../../common/Icon';
import { FieldErrors } from './FieldErrors';
import { dimensionTitle } from './labels';
import { ValuesEditor } from './ValuesEditor';

const NO_ISSUES: DraftIssue[] = [];

/** Name, type, scope and values (or range) of the selected dimension; problems show under their field. */
export function DimensionEditor() {
  const { t } = useI18n();
  const draft = useSettingsStore((s) => s.drafts.find((d) => d.key === s.selectedKey) ?? null);
  if (!draft) {
    return (
      <div className="dimension-editor empty">
        <p className="empty-title">{t('settings.noSelection')}</p>
      </div>
    );
  }
  return <Editor key={draft.key} draft={draft} />;
}

function Editor({ draft }: { draft: DimensionDraft }) {
  const { t, locale } = useI18n();
  const update = useSettingsStore((s) => s.updateDimension);
  const remove = useSettingsStore((s) => s.removeDimension);
  const issues = useSettingsStore((s) => s.issues[draft.key] ?? NO_ISSUES);
  const refusal = useSettingsStore((s) => (s.saveErrorKey === draft.key ? s.saveError : null));
  const ids = useId();
  const of = (field: DraftIssue['field']) => issues.filter((issue) => issue.field === field);
  const title = dimensionTitle(locale, draft.name);
  const renamed = draft.savedName !== null && draft.savedName !== draft.name.trim();

  return (
    <div className="dimension-editor" data-testid="dimension-editor" data-name={draft.name}>
      <div className="editor-head">
        <div className="editor-title">
          <h3 className="mono">{draft.name || t('settings.unnamed')}</h3>
          {title ? <span className="muted">{title}</span> : null}
          {draft.savedName === null ? <span className="badge">{t('settings.new')}</span> : null}
        </div>
        <button type="button" className="button small danger-quiet" data-testid="dimension-remove" onClick={() => remove(draft.key)}>
          <Icon name="trash" size={14} />
          {t('settings.removeDimension')}
        </button>
      </div>

      {refusal ? (
        <p className="editor-refusal" role="alert" data-testid="dimension-save-refusal">
          <Icon name="alert" size={14} />
          <span>{errorSentence(locale, refusal)}</span>
        </p>
      ) : null}

      <div className="editor-fields">
        <div className="field">
          <label className="field-label" htmlFor={`${ids}-name`}>{t('settings.field.name')}</label>
          <input
            id={`${ids}-name`}
            className={of('name').length ? 'input mono invalid' : 'input mono'}
            value={draft.name}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={of('name').length > 0}
            autoFocus={draft.savedName === null}
            data-testid="dimension-name"
            onChange={(event) => update(draft.key, { name: event.target.value })}
          />
          <FieldErrors issues={of('name')} testId="dimension-name-error" />
          {renamed ? <span className="field-hint">{t('settings.renamedFrom', { name: draft.savedName ?? '' })}</span> : null}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${ids}-type`}>{t('settings.field.type')}</label>
          <select
            id={`${ids}-type`}
            className="select"
            value={draft.type}
            data-testid="dimension-type"
            onChange={(event) => update(draft.key, { type: event.target.value as DimensionType })}
          >
            {DIMENSION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`settings.type.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${ids}-scope`}>{t('settings.field.scope')}</label>
          <select
            id={`${ids}-scope`}
            className="select"
            value={draft.scope}
            data-testid="dimension-scope"
            onChange={(event) => update(draft.key, { scope: event.target.value as DimensionDraft['scope'] })}
          >
            {DIMENSION_SCOPES.map((scope) => (
              <option key={scope} value={scope}>
                {t(`settings.scope.${scope}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="type-hint">
        <span className={`type-tag type-${draft.type}`}>{t(`settings.type.${draft.type}`)}</span>
        <span>{t(`settings.typeHint.${draft.type}`)}</span>
        <span>{t(`settings.scopeHint.${draft.scope}`)}</span>
      </p>

      {hasValues(draft.type) ? <ValuesEditor draft={draft} issues={issues} /> : null}

      {draft.type === 'numeric' ? (
        <div className="range-fields">
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-min`}>{t('settings.field.min')}</label>
            <input
              id={`${ids}-min`}
              className={of('min').length ? 'input mono invalid' : 'input mono'}
              inputMode="decimal"
              value={draft.min}
              data-testid="dimension-min"
              onChange={(event) => update(draft.key, { min: event.target.value })}
            />
            <FieldErrors issues={of('min')} />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-max`}>{t('settings.field.max')}</label>
            <input
              id={`${ids}-max`}
              className={of('max').length ? 'input mono invalid' : 'input mono'}
              inputMode="decimal"
              value={draft.max}
              data-testid="dimension-max"
              onChange={(event) => update(draft.key, { max: event.target.value })}
            />
            <FieldErrors issues={of('max')} />
          </div>
        </div>
      ) : null}

      {draft.type === 'structured' ? <p className="structured-note">{t('settings.structuredNote')}</p> : null}
    </div>
  );
}
