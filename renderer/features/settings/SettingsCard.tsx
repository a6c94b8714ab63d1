import type { ReactNode } from 'react';
import type { ApiErrorBody } from '../../../shared/api/contract';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { useI18n } from '../../i18n/useI18n';

export interface SaveState {
  /** Fields that must be fixed before saving (the Save button waits for none). */
  problems?: number;
  dirty?: boolean;
  saving?: boolean;
  /** The last save went through and nothing changed since. */
  saved: boolean;
  error: ApiErrorBody | null;
}

interface SettingsCardProps {
  /** Names the card's parts for tests and the heading's id: `${name}-save`, `${name}-saved`, `${name}-discard`, `${name}-save-error`, `${name}-issues`. */
  name: string;
  title: string;
  subtitle: string;
  state: SaveState;
  onSave: () => void;
  /** Given when the card keeps a draft that can be thrown away. */
  onDiscard?: () => void;
  /** Actions before Discard and Save (for example "restore defaults"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One section of Settings: a heading, its save state, Discard and Save, the save error, then the fields. */
export function SettingsCard({ name, title, subtitle, state, onSave, onDiscard, actions, children }: SettingsCardProps) {
  const { t } = useI18n();
  const problems = state.problems ?? 0;
  // a card without a draft of its own (no dirty flag) can always be saved
  const dirty = state.dirty ?? true;
  let status: ReactNode = null;
  if (problems > 0) {
    status = (
      <span className="save-status problem" data-testid={`${name}-issues`}>
        <Icon name="alert" size={14} />
        {t('settings.problems', { count: problems })}
      </span>
    );
  } else if (state.dirty) {
    status = <span className="save-status dirty">{t('settings.unsaved')}</span>;
  } else if (state.saved) {
    status = (
      <span className="save-status saved" data-testid={`${name}-saved`}>
        <Icon name="check" size={14} />
        {t('settings.saved')}
      </span>
    );
  }
  return (
    <section className="page-card settings-section" aria-labelledby={`settings-${name}-title`} data-testid={name}>
      <div className="card-head">
        <div className="card-title-block">
          <h2 id={`settings-${name}-title`} className="card-title">{title}</h2>
          <p className="card-subtitle">{subtitle}</p>
        </div>
        <div className="card-actions">
          {status}
          {actions}
          {onDiscard ? (
            <button type="button" className="button" data-testid={`${name}-discard`} disabled={!dirty || state.saving} onClick={onDiscard}>
              {t('settings.discard')}
            </button>
          ) : null}
          <button
            type="button"
            className="button primary"
            data-testid={`${name}-save`}
            disabled={!dirty || problems > 0 || state.saving}
            title={problems > 0 ? t('settings.fixFirst') : undefined}
            onClick={onSave}
          >
            {state.saving ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </div>
      {state.error ? (
        <div className="inline-error card-error" data-testid={`${name}-save-error`}>
          <div className="card-error-body">
            <strong>{t('settings.saveFailed')}</strong>
            <ErrorDetails error={state.error} />
          </div>
        </div>
      ) : null}
      {children}
    </section>
  );
}
