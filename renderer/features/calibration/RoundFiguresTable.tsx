import { judgeLabel } from './format';
import { useI18n } from '../../i18n/useI18n';
import { useRoundStore } from './roundStore';
import { coefficientLabel, reasonText } from './calibrationText';
import { dimensionName } from '../agreement/agreementText';
import { Figure } from './Figure';

/** The figures stored when the round closed, per dimension: n, agreement, bias, and the bias-corrected estimate. */
export function RoundFiguresTable() {
  const { t, locale, num } = useI18n();
  const figures = useRoundStore((s) => s.figures);

  if (figures === null) {
    return (
      <section className="cal-card" aria-busy="true">
        <div className="skeleton skeleton-line wide" />
        <div className="skeleton skeleton-line" />
      </section>
    );
  }

  return (
    <section className="cal-card cal-figures" data-testid="round-figures" aria-label={t('calibration.figures.title')}>
      <div className="cal-card-head">
        <h3 className="cal-card-title">{t('calibration.figures.title')}</h3>
        <span className="cal-hint">{t('calibration.figures.hint')}</span>
      </div>
      {figures.length === 0 ? (
        <p className="cal-hint">{t('calibration.figures.empty')}</p>
      ) : (
        <div className="cal-fig-list">
          {figures.map((f) => (
            <article key={f.dimension} className="cal-fig-row" data-testid="round-figure" data-dimension={f.dimension} data-n={f.n}>
              <div className="cal-fig-dim">
                <span className="cal-fig-dim-name">{dimensionName(locale, f.dimension)}</span>
                <span className="cal-fig-n" data-testid="round-figure-n">n = {num(f.n)}</span>
                <span className="cal-fig-judge mono" title={f.judge ? `#${f.judge.runId}` : undefined}>
                  {f.judge ? judgeLabel(f.judge) : t('calibration.figures.noJudge')}
                </span>
                {f.reason ? <span className="cal-reason">{reasonText(locale, f.reason)}</span> : null}
              </div>
              <dl className="cal-fig-metrics">
                <div>
                  <dt>{t('calibration.figures.agreement')} · {coefficientLabel(locale, f.agreementKey)}</dt>
                  <dd><Figure figure={f.agreement} testId="round-figure-agreement" /></dd>
                </div>
                <div>
                  <dt>{t('calibration.figures.percent')}</dt>
                  <dd><Figure figure={f.percentAgreement} /></dd>
                </div>
                <div>
                  <dt>{t('calibration.figures.bias')}</dt>
                  <dd><Figure figure={f.bias} signed testId="round-figure-bias" /></dd>
                </div>
                <div>
                  <dt>{t('calibration.figures.judgeRaw')}</dt>
                  <dd><Figure figure={f.judgeRaw} /></dd>
                </div>
                <div>
                  <dt>{t('calibration.figures.corrected')}</dt>
                  <dd><Figure figure={f.corrected} testId="round-figure-corrected" /></dd>
                </div>
              </dl>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
