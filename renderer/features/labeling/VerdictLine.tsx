import { ClaimsStatedValueSchema, sameMarks } from '../../../shared/diagnosis/claims-stated';
import type { LabelingItem } from '../../../shared/api/labeling-ops';
import { useI18n } from '../../i18n/useI18n';
import type { LabelStep } from './labelingStore';
import { valueWithCode } from './labelText';

type Verdict = LabelingItem['verdicts'][number];

/** The judge verdicts the API revealed for one step (it reveals only steps this reviewer has labeled). */
export function verdictFor(item: LabelingItem, step: Pick<LabelStep, 'dimension' | 'responseId'>): Verdict[] {
  return item.verdicts.filter((v) => v.dimension === step.dimension && (v.responseId ?? null) === step.responseId);
}

function agrees(verdict: Verdict, mine: unknown): boolean | null {
  if (mine === null || mine === undefined || Array.isArray(mine)) return null;
  if (typeof verdict.value === 'object' || typeof mine === 'object') {
    const a = ClaimsStatedValueSchema.safeParse(verdict.value);
    const b = ClaimsStatedValueSchema.safeParse(mine);
    return a.success && b.success ? sameMarks(a.data, b.data) : null;
  }
  if (typeof verdict.value === 'number' && typeof mine === 'number') return Math.abs(verdict.value - mine) < 1e-9;
  return String(verdict.value) === String(mine);
}

/** Judge verdicts side by side with the person's label, with the rationale. */
export function VerdictLine({ item, step, compact = false }: { item: LabelingItem; step: LabelStep; compact?: boolean }) {
  const i18n = useI18n();
  const { t } = i18n;
  const verdicts = verdictFor(item, step);
  if (verdicts.length === 0 || !step.current) return null;
  const mine = step.current.value;
  return (
    <div className={compact ? 'verdicts compact' : 'verdicts'}>
      {verdicts.map((verdict, index) => {
        const same = agrees(verdict, mine);
        return (
          <div
            key={index}
            className={same === null ? 'verdict' : same ? 'verdict agree' : 'verdict disagree'}
            data-testid="verdict"
            data-dimension={verdict.dimension}
            data-response-id={verdict.responseId ?? ''}
            data-agree={same === null ? undefined : String(same)}
          >
            <div className="verdict-values">
              {compact ? null : (
                <span className="verdict-side">
                  <span className="verdict-who">{t('labeling.verdict.you')}</span>
                  <span className="verdict-value">{valueWithCode(i18n, step.dimension, mine)}</span>
                </span>
              )}
              <span className="verdict-side judge">
                <span className="verdict-who" title={verdict.judge}>{t('labeling.verdict.judge')}</span>
                <span className="verdict-value">{valueWithCode(i18n, verdict.dimension, verdict.value)}</span>
              </span>
              {same === null ? null : (
                <span className={same ? 'verdict-flag agree' : 'verdict-flag disagree'}>
                  {same ? '=' : '≠'} {t(same ? 'labeling.verdict.agree' : 'labeling.verdict.disagree')}
                </span>
              )}
            </div>
            {verdict.rationale ? <p className="verdict-rationale" title={verdict.rationale}>{verdict.rationale}</p> : null}
            {compact ? null : (
              <p className="verdict-judge mono" data-testid="verdict-run" data-run-id={verdict.runId ?? ''}>
                {verdict.runId != null ? `${t('labeling.verdict.run', { run: verdict.runId })} · ` : ''}
                {verdict.judge}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
