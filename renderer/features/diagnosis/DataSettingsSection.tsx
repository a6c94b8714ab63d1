import { useEffect, useState } from 'react';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import { invoke } from '../../api/transport';
import { ErrorDetails } from '../../common/ErrorDetails';
import { toErrorBody } from '../../common/errors';
import { useI18n } from '../../i18n/useI18n';
import { SettingsCard } from '../settings/SettingsCard';

type DataSettings = OpOutput<'diagnosis.dataSettings'>;
type Choice = 'must' | 'need-not' | 'unset';

const choiceOf = (value: boolean | undefined): Choice => (value === true ? 'must' : value === false ? 'need-not' : 'unset');

/**
 * Settings of the data and agent layers: which question types must retrieve (the default of a
 * case's mustRetrieve, read by the missed / needless retrieval figures) and whether holdout cases
 * are walked in everyday queues.
 */
export function DataSettingsSection() {
  const { t, label } = useI18n();
  const [settings, setSettings] = useState<DataSettings | null>(null);
  const [saved, setSaved] = useState<DataSettings | null>(null);
  const [questionTypes, setQuestionTypes] = useState<string[]>([]);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [notice, setNotice] = useState(false);

  useEffect(() => {
    void (async () => {
      try {
        const [loaded, dimensions] = await Promise.all([invoke('diagnosis.dataSettings', {}), invoke('dimensions.list', {})]);
        setSettings(loaded);
        setSaved(loaded);
        setQuestionTypes((dimensions.find((d) => d.name === 'questionType')?.options ?? []).map((o) => String(o.value)));
      } catch (e) {
        setError(toErrorBody(e));
      }
    })();
  }, []);

  if (!settings) return error ? <ErrorDetails error={error} /> : null;
  // types the setting names that the questionType dimension no longer lists stay editable
  const types = [...new Set([...questionTypes, ...Object.keys(settings.mustRetrieve)])];

  const change = (next: DataSettings) => {
    setNotice(false);
    setSettings(next);
  };
  const setChoice = (questionType: string, choice: Choice) => {
    const mustRetrieve = { ...settings.mustRetrieve };
    if (choice === 'unset') delete mustRetrieve[questionType];
    else mustRetrieve[questionType] = choice === 'must';
    change({ ...settings, mustRetrieve });
  };
  const save = async () => {
    try {
      const next = await invoke('diagnosis.saveDataSettings', { settings });
      setSettings(next);
      setSaved(next);
      setError(null);
      setNotice(true);
    } catch (e) {
      setError(toErrorBody(e));
    }
  };

  return (
    <SettingsCard
      name="data-settings"
      title={t('dxdata.settings.title')}
      subtitle={t('dxdata.settings.hint')}
      state={{ dirty: JSON.stringify(settings) !== JSON.stringify(saved), saved: notice, error }}
      onSave={() => void save()}
    >
      <div className="form">
        {types.map((qt) => (
          <label key={qt} className="field">
            <span className="field-label">{t('dxdata.settings.mustRetrieve', { questionType: label('questionType', qt) })}</span>
            <select className="select" value={choiceOf(settings.mustRetrieve[qt])} data-testid="data-settings-must-retrieve" data-question-type={qt} onChange={(e) => setChoice(qt, e.target.value as Choice)}>
              <option value="must">{t('dxdata.settings.choice.must')}</option>
              <option value="need-not">{t('dxdata.settings.choice.need-not')}</option>
              <option value="unset">{t('dxdata.settings.choice.unset')}</option>
            </select>
          </label>
        ))}
        <label className="field checkbox-field">
          <input type="checkbox" checked={settings.holdoutInQueues} data-testid="data-settings-holdout" onChange={(e) => change({ ...settings, holdoutInQueues: e.target.checked })} />
          <span>{t('dxdata.settings.holdout')}</span>
        </label>
      </div>
    </SettingsCard>
  );
}
