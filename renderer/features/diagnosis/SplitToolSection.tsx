import { useState, type FormEvent } from 'react';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import { SPLIT_UNITS, type SplitUnit } from '../../../shared/diagnosis/split-assignment';
import type { MessageKey } from '../../i18n';
import { invoke } from '../../api/transport';
import { ErrorDetails } from '../../common/ErrorDetails';
import { toErrorBody } from '../../common/errors';
import { useI18n } from '../../i18n/useI18n';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { useLayersStore } from './layersStore';
import { SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';
import { useDiagnosisStore } from './store';

type Assigned = OpOutput<'diagnosis.assignSplits'> & { leaks: OpOutput<'diagnosis.health'>['splitLeaks'] };

const ratioOf = (text: string): number | null => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && value > 0 && value < 1 ? value : null;
};
const seedOf = (text: string): number | null => (/^\d{1,10}$/.test(text.trim()) && Number(text) <= 2 ** 32 - 1 ? Number(text) : null);

/**
 * The split tool, as `touchstone splits assign`: a seeded dev/holdout split by group, document,
 * topic or time, written as case edits with history. Enter asks to confirm (it rewrites every
 * case's split); the hygiene check runs on the result at once.
 */
export function SplitToolSection(_: DiagnosisSectionProps) {
  const { t, num } = useI18n();
  const reviewer = useReviewerStore((s) => s.current);
  const refresh = useDiagnosisStore((s) => s.refresh);
  const [unit, setUnit] = useState<SplitUnit>('group');
  const [ratio, setRatio] = useState('0.2');
  const [seed, setSeed] = useState('1');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [assigned, setAssigned] = useState<Assigned | null>(null);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const holdoutRatio = ratioOf(ratio);
  const seedValue = seedOf(seed);
  const valid = holdoutRatio !== null && seedValue !== null && reviewer !== null;

  function ask(event: FormEvent): void {
    event.preventDefault();
    if (valid) setConfirming(true);
  }

  async function assign(): Promise<void> {
    if (!valid || !reviewer) return;
    setBusy(true);
    setError(null);
    try {
      const result = await invoke('diagnosis.assignSplits', { unit, holdoutRatio, seed: seedValue, by: reviewer.name });
      const health = await invoke('diagnosis.health', {});
      useLayersStore.setState({ health });
      setAssigned({ ...result, leaks: health.splitLeaks });
      setConfirming(false);
      await refresh();
    } catch (e) {
      setError(toErrorBody(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard id="split-tool" title={t('dxdata.split.title')} subtitle={t('dxdata.split.sub')}>
      <form className="dx-form" onSubmit={ask} data-testid="dx-split-form">
        <label className="toolbar-field">
          <span className="field-label">{t('dxdata.split.unit')}</span>
          <select className="select" value={unit} onChange={(e) => { setUnit(e.target.value as SplitUnit); setConfirming(false); }} data-testid="dx-split-unit">
            {SPLIT_UNITS.map((u) => <option key={u} value={u}>{t(`dxdata.split.unit.${u}` as MessageKey)}</option>)}
          </select>
        </label>
        <label className="toolbar-field">
          <span className="field-label">{t('dxdata.split.ratio')}</span>
          <input className="input narrow" inputMode="decimal" value={ratio} aria-invalid={holdoutRatio === null} onChange={(e) => { setRatio(e.target.value); setConfirming(false); }} data-testid="dx-split-ratio" />
        </label>
        <label className="toolbar-field">
          <span className="field-label">{t('dxdata.split.seed')}</span>
          <input className="input narrow" inputMode="numeric" value={seed} aria-invalid={seedValue === null} onChange={(e) => { setSeed(e.target.value); setConfirming(false); }} data-testid="dx-split-seed" />
        </label>
        <button type="submit" className="button primary small" disabled={!valid || busy} data-testid="dx-split-assign">{t('dxdata.split.assign')}</button>
      </form>
      {holdoutRatio === null ? <p className="inline-field-error">{t('dxdata.split.badRatio')}</p> : null}
      {seedValue === null ? <p className="inline-field-error">{t('dxdata.split.badSeed')}</p> : null}
      {!reviewer ? <p className="muted">{t('dxdata.conflict.needReviewer')}</p> : null}
      {confirming ? (
        <div className="dx-confirm" role="alertdialog" aria-label={t('dxdata.split.confirm')} data-testid="dx-split-confirm">
          <p>{t('dxdata.split.confirm')}</p>
          <button type="button" className="button primary small" autoFocus disabled={busy} onClick={() => void assign()} data-testid="dx-split-confirm-yes">{t('dxdata.split.confirmYes')}</button>
          <button type="button" className="button small" onClick={() => setConfirming(false)}>{t('dxdata.split.cancel')}</button>
        </div>
      ) : null}
      {error ? <ErrorDetails error={error} /> : null}
      {assigned ? (
        <div className="dx-figure" data-testid="dx-split-result">
          <p>{t('dxdata.split.result', { holdout: num(assigned.holdoutCases), total: num(assigned.total), units: num(assigned.units), changed: num(assigned.changed) })}</p>
          {assigned.leaks.length === 0 ? (
            <p className="muted" data-testid="dx-split-hygiene-ok">{t('dxdata.split.hygieneOk')}</p>
          ) : (
            <p className="dx-warning" data-testid="dx-split-hygiene-warning">{t('dxdata.split.hygieneWarning', { count: num(assigned.leaks.length) })}</p>
          )}
        </div>
      ) : null}
    </SectionCard>
  );
}
