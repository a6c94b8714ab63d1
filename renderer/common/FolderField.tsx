import { isDesktop } from '../api/transport';
import { useI18n } from '../i18n/useI18n';
import { Icon } from './Icon';
import './pages.css';

interface FolderFieldProps {
  label: string;
  hint?: string;
  value: string;
  testId: string;
  autoFocus?: boolean;
  onChange(value: string): void;
  /** Desktop: the native folder dialog. Browser mode has none; the path is typed. */
  onPick(): void;
}

/** A folder path: typed (browser mode, or to paste one) or chosen with the native dialog (desktop). */
export function FolderField({ label, hint, value, testId, autoFocus, onChange, onPick }: FolderFieldProps) {
  const { t } = useI18n();
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <span className="folder-field">
        <input
          className="input mono"
          value={value}
          autoFocus={autoFocus}
          spellCheck={false}
          autoComplete="off"
          placeholder={t('data.folder.placeholder')}
          data-testid={testId}
          onChange={(event) => onChange(event.target.value)}
        />
        {isDesktop() ? (
          <button type="button" className="button" data-testid={`${testId}-pick`} onClick={onPick}>
            <Icon name="open" /> {t('data.folder.choose')}
          </button>
        ) : null}
      </span>
      {hint ? <span className="field-hint">{hint}</span> : null}
    </label>
  );
}
