import { useEffect, useState } from 'react';
import type { ApiErrorBody } from '../../../shared/api/contract';
import type { DiagnosisSettings, Dependency } from '../../../shared/diagnosis/types';
import { DEPENDENCIES } from '../../../shared/diagnosis/types';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { SettingsCard } from '../settings/SettingsCard';
import { invoke } from '../../api/transport';
import { ErrorDetails } from '../../common/ErrorDetails';
import { toErrorBody } from '../../common/errors';

const THRESHOLDS = [
  ['recallThreshold', 'diagnosis.settings.recall'],
  ['utilisationThreshold', 'diagnosis.settings.utilisation'],
  ['faithfulnessThreshold', 'diagnosis.settings.faithfulness'],
] as const;

type Texts = Record<(typeof THRESHOLDS)[number][0], string>;

const share = (text: string): number | null => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
};

/** Settings for the Diagnosis screen: the quadrant's and the faithfulness table's thresholds, and each question type's dependency. */
export function DiagnosisSettingsSection() {
  const { t, label } = useI18n();
  const [saved, setSaved] = useState<DiagnosisSettings | null>(null);
  const [texts, setTexts] = useState<Texts | null>(null);
  const [dependency, setDependency] = useState<Record<string, Dependency>>({});
  const [questionTypes, setQuestionTypes] = useState<string[]>([]);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [notice, setNotice] = useState(false);

  const adopt = (s: DiagnosisSettings) => {
    setSaved(s);
    setTexts({ recallThreshold: String(s.recallThreshold), utilisationThreshold: String(s.utilisationThreshold), faithfulnessThreshold: String(s.faithfulnessThreshold) });
    setDependency(s.dependency);
  };

  useEffect(() => {
    void (async () => {
      try {
        const [settings, dimensions] = await Promise.all([invoke('diagnosis.settings', {}), invoke('dimensions.list', {})]);
        adopt(settings);
        setQuestionTypes((dimensions.find((d) => d.name === 'questionType')?.options ?? []).map((o) => String(o.value)));
      } catch (e) {
        setError(toErrorBody(e));
      }
    })();
  }, []);

  if (!texts || !saved) return error ? <ErrorDetails error={error} /> : null;
  const parsed = THRESHOLDS.map(([key]) => [key, share(texts[key])] as const);
  const dirty = parsed.some(([key, v]) => v !== saved[key]) || JSON.stringify(dependency) !== JSON.stringify(saved.dependency);

  const save = async () => {
    if (parsed.some(([, v]) => v === null)) return;
    try {
      const next = await invoke('diagnosis.saveSettings', { settings: { ...Object.fromEntries(parsed), dependency } as DiagnosisSettings });
      adopt(next);
      setError(null);
      setNotice(true);
    } catch (e) {
      setError(toErrorBody(e));
    }
  };

  return (
    <SettingsCard
      name="diagnosis-settings"
      title={t('diagnosis.settings.title')}
      subtitle={t('diagnosis.settings.hint')}
      state={{ problems: parsed.filter(([, v]) => v === null).length, dirty, saved: notice, error }}
      onSave={() => void save()}
    >
      <div className="form">
        {THRESHOLDS.map(([key, text]) => (
          <label key={key} className="field">
            <span className="field-label">{t(text)}</span>
            <input
              className="input"
              inputMode="decimal"
              value={texts[key]}
              aria-invalid={share(texts[key]) === null}
              data-testid={`diagnosis-settings-${key}`}
              onChange={(e) => {
                setNotice(false);
                setTexts({ ...texts, [key]: e.target.value });
              }}
            />
            {share(texts[key]) === null ? <span className="inline-field-error">{t('diagnosis.settings.invalid')}</span> : null}
          </label>
        ))}
        {questionTypes.map((qt) => (
          <label key={qt} className="field">
            <span className="field-label">{t('diagnosis.settings.dependency', { questionType: label('questionType', qt) })}</span>
            <select
              className="select"
              data-testid={`diagnosis-settings-dependency-${qt}`}
              value={dependency[qt] ?? 'strong'}
              onChange={(e) => {
                setNotice(false);
                setDependency({ ...dependency, [qt]: e.target.value as Dependency });
              }}
            >
              {DEPENDENCIES.map((d) => <option key={d} value={d}>{t(`diagnosis.dependency.${d}` as MessageKey)}</option>)}
            </select>
          </label>
        ))}
      </div>
      {questionTypes.length > 0 ? <p className="muted dx-settings-hint" data-testid="diagnosis-settings-dependency-hint">{t('diagnosis.settings.dependencyHint')}</p> : null}
    </SettingsCard>
  );
}
