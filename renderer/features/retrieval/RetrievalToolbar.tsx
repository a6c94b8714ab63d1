import { MAX_K } from '../../../shared/retrieval/report';
import { useI18n } from '../../i18n/useI18n';
import { useRetrievalStore, type Cutoff, type ListChoice } from './retrievalStore';
import { usePick } from '../../common/usePick';

const K_VALUES = Array.from({ length: MAX_K }, (_, i) => i + 1);

interface CutoffPickerProps {
  cutoff: Cutoff;
  candidates: boolean;
  testIdPrefix: string;
  listLabel: string;
  onChange(cutoff: Partial<Cutoff>): void;
}

/** Which ranked list and k: candidates or final context at k (1–20), or the final context as a whole. */
export function CutoffPicker({ cutoff, candidates, testIdPrefix, listLabel, onChange }: CutoffPickerProps) {
  const { t } = useI18n();
  return (
    <>
      <label className="retrieval-field">
        <span className="field-label">{listLabel}</span>
        <select className="select" value={cutoff.choice} data-testid={`${testIdPrefix}list`} onChange={(e) => onChange({ choice: e.target.value as ListChoice })}>
          <option value="candidates" disabled={!candidates}>{t('retrieval.cutoff.candidates')}</option>
          <option value="context">{t('retrieval.cutoff.context')}</option>
          <option value="whole">{t('retrieval.cutoff.whole')}</option>
        </select>
      </label>
      <label className="retrieval-field retrieval-k">
        <span className="field-label">{t('retrieval.k')}</span>
        <select className="select" value={cutoff.k} disabled={cutoff.choice === 'whole'} data-testid={`${testIdPrefix}k`} onChange={(e) => onChange({ k: Number(e.target.value) })}>
          {K_VALUES.map((k) => <option key={k} value={k}>{k}</option>)}
        </select>
      </label>
    </>
  );
}

/** The system version and cutoff the screen shows. */
export function RetrievalToolbar() {
  const { t, num } = useI18n();
  const { systems, system, cutoff, setSystem, setCutoff } = usePick(useRetrievalStore, 'systems', 'system', 'cutoff', 'setSystem', 'setCutoff');
  const row = systems?.find((s) => s.system === system);
  return (
    <div className="retrieval-toolbar">
      <label className="retrieval-field">
        <span className="field-label">{t('retrieval.system')}</span>
        <select className="select" value={system ?? ''} disabled={!systems?.length} data-testid="retrieval-system" onChange={(e) => setSystem(e.target.value)}>
          {(systems ?? []).map((s) => (
            <option key={s.system} value={s.system}>{t('retrieval.systemOption', { system: s.system, count: s.responses === 1 ? 1 : num(s.responses) })}</option>
          ))}
        </select>
      </label>
      <CutoffPicker cutoff={cutoff} candidates={(row?.withCandidates ?? 0) > 0} testIdPrefix="retrieval-" listLabel={t('retrieval.cutoff')} onChange={setCutoff} />
      <span className="retrieval-key-hint muted">{t('retrieval.kHint')}</span>
    </div>
  );
}
