import { useState, type FormEvent } from 'react';
import type { ApiErrorBody, OpOutput } from '../../../shared/api/contract';
import { invoke } from '../../api/transport';
import { ErrorDetails } from '../../common/ErrorDetails';
import { toErrorBody } from '../../common/errors';
import { useI18n } from '../../i18n/useI18n';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { saveText } from './saveText';
import { SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';
import { useDiagnosisStore } from './store';

type Built = OpOutput<'diagnosis.buildConflictSet'>;

/** Builds the conflict test from the window: the altered documents to save for the team's knowledge base, the forbidden claims added to the cases. */
export function ConflictSetSection(_: DiagnosisSectionProps) {
  const { t, num } = useI18n();
  const reviewer = useReviewerStore((s) => s.current);
  const refresh = useDiagnosisStore((s) => s.refresh);
  const [types, setTypes] = useState('policy-and-amounts');
  const [n, setN] = useState('20');
  const [rule, setRule] = useState('times:2');
  const [shiftDays, setShiftDays] = useState('365');
  const [seed, setSeed] = useState('1');
  const [busy, setBusy] = useState(false);
  const [built, setBuilt] = useState<Built | null>(null);
  const [error, setError] = useState<ApiErrorBody | null>(null);

  async function build(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!reviewer) return;
    setBusy(true);
    setError(null);
    try {
      const result = await invoke('diagnosis.buildConflictSet', {
        types: types.split(',').map((x) => x.trim()).filter(Boolean), n: Number(n), rule, shiftDays: Number(shiftDays), seed: Number(seed), by: reviewer.name,
      });
      setBuilt(result);
      await refresh();
    } catch (e) {
      setError(toErrorBody(e));
    } finally {
      setBusy(false);
    }
  }

  const field = (label: string, value: string, set: (v: string) => void, testId: string, width = 'narrow') => (
    <label className="toolbar-field">
      <span className="field-label">{label}</span>
      <input className={`input ${width}`} value={value} onChange={(e) => set(e.target.value)} data-testid={testId} />
    </label>
  );
  return (
    <SectionCard id="conflict-set" title={t('dxdata.conflict.title')} subtitle={t('dxdata.conflict.sub')}>
      <form className="dx-form" onSubmit={(e) => void build(e)}>
        {field(t('dxdata.conflict.types'), types, setTypes, 'dx-conflict-types', 'wide')}
        {field(t('dxdata.conflict.n'), n, setN, 'dx-conflict-n')}
        {field(t('dxdata.conflict.rule'), rule, setRule, 'dx-conflict-rule')}
        {field(t('dxdata.conflict.shift'), shiftDays, setShiftDays, 'dx-conflict-shift')}
        {field(t('dxdata.conflict.seed'), seed, setSeed, 'dx-conflict-seed')}
        <button type="submit" className="button primary small" disabled={busy || !reviewer} data-testid="dx-conflict-build">{t('dxdata.conflict.build')}</button>
      </form>
      {!reviewer ? <p className="muted">{t('dxdata.conflict.needReviewer')}</p> : null}
      {error ? <ErrorDetails error={error} /> : null}
      {built ? (
        <div className="dx-figure" data-testid="dx-conflict-result">
          <p>{t('dxdata.conflict.result', { cases: num(built.cases.length), eligible: num(built.eligible), documents: num(built.documents), claims: num(built.cases.reduce((s, c) => s + c.added.length, 0)) })}</p>
          {built.quotesNotFound > 0 ? <p className="dx-warning">{t('dxdata.conflict.notFound', { count: num(built.quotesNotFound) })}</p> : null}
          <p className="muted">{t('dxdata.conflict.next')}</p>
          <button type="button" className="button small" disabled={built.documents === 0} onClick={() => saveText('conflict-documents.jsonl', built.documentsJsonl)}>{t('dxdata.conflict.save')}</button>
        </div>
      ) : null}
    </SectionCard>
  );
}
