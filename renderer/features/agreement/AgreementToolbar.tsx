import { useI18n } from '../../i18n/useI18n';
import { useAgreementStore, type ReferenceChoice } from './agreementStore';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';

const encode = (reference: ReferenceChoice) => (reference.kind === 'reviewer' ? `reviewer:${reference.reviewerId}` : reference.kind);
const decode = (value: string): ReferenceChoice =>
  value.startsWith('reviewer:') ? { kind: 'reviewer', reviewerId: Number(value.slice('reviewer:'.length)) } : value === 'adjudicated' ? { kind: 'adjudicated' } : { kind: 'allReviewers' };

/** Which judge run, compared with whose labels. */
export function AgreementToolbar() {
  const { t, num } = useI18n();
  const { runs, reviewers, runId, reference, loading, setRun, setReference, refresh } = usePick(useAgreementStore, 'runs', 'reviewers', 'runId', 'reference', 'loading', 'setRun', 'setReference', 'refresh');
  const none = !runs || runs.length === 0;
  return (
    <div className="agreement-toolbar">
      <label className="agreement-field">
        <span className="field-label">{t('agreement.run')}</span>
        <select className="select ag-run-select" value={runId ?? ''} disabled={none} data-testid="agreement-run" onChange={(e) => setRun(Number(e.target.value))}>
          {(runs ?? []).map((run) => (
            <option key={run.id} value={run.id}>
              {t('agreement.runOption', { id: run.id, model: run.model, version: run.modelVersion, prompt: run.promptVersion, count: num(run.verdicts) })}
            </option>
          ))}
        </select>
      </label>
      <label className="agreement-field">
        <span className="field-label">{t('agreement.reference')}</span>
        <select className="select" value={encode(reference)} disabled={none} data-testid="agreement-reference" onChange={(e) => setReference(decode(e.target.value))}>
          <option value="allReviewers">{t('agreement.reference.allReviewers')}</option>
          {reviewers.length > 0 ? (
            <optgroup label={t('agreement.reference.reviewers')}>
              {reviewers.map((r) => (
                <option key={r.id} value={`reviewer:${r.id}`}>
                  {r.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          <option value="adjudicated">{t('agreement.reference.adjudicated')}</option>
        </select>
      </label>
      <button type="button" className="button ag-refresh" disabled={loading} title={t('agreement.refresh')} aria-label={t('agreement.refresh')} data-testid="agreement-refresh" onClick={() => void refresh()}>
        <Icon name="refresh" size={14} />
      </button>
    </div>
  );
}
