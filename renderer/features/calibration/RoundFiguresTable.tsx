import { judgeLabel } from './format';
import { useI18n } from '../../i18n/useI18n';
import { useRoundStore } from './roundStore';
import { coefficientLabel, reasonText } from './calibrationText';
import { dimensionName } from '../agreement/agreementText';
import { Figure } from './Figure';
import type { RoundFigures } from '../../../shared/api/calibration-ops';

/**
 * The population stratum: the random halves of this round and the consecutive rounds before it
 * scored by the same judge version, pooled. Says how many rounds and items went in, and, below the
 * pool size the interval needs, "too few random items yet (n of m)".
 */
function RandomStratum({ figures: f }: { figures: RoundFigures }) {
  const { t, locale, num } = useI18n();
  const random = f.random!;
  const few = random.items < random.minItems;
  return (
    <section className="cal-fig-stratum" data-testid="round-figure-random" data-rounds={random.roundIds.length} data-items={random.items}>
      <header className="cal-fig-stratum-head">
        <span className="cal-fig-stratum-title">{t('calibration.figures.random')}</span>
        <span className="cal-fig-stratum-pool" data-testid="round-figure-pool">
          {t('calibration.figures.pool', { rounds: num(random.roundIds.length), items: num(random.items), ids: random.roundIds.map((id) => `#${id}`).join(', ') })}
        </span>
        {few ? (
          <span className="cal-fig-few" data-testid="round-figure-few-random">
            {t('calibration.figures.fewRandom', { n: num(random.items), m: num(random.minItems) })}
          </span>
        ) : null}
      </header>
      <dl className="cal-fig-metrics">
        <div>
          <dt>{t('calibration.figures.agreement')} · {coefficientLabel(locale, f.agreementKey)}</dt>
          <dd><Figure figure={random.agreement} testId="round-figure-agreement" /></dd>
        </div>
        <div>
          <dt>{t('calibration.figures.percent')}</dt>
          <dd><Figure figure={random.percentAgreement} /></dd>
        </div>
        <div>
          <dt>{t('calibration.figures.bias')}</dt>
          <dd><Figure figure={random.bias} signed testId="round-figure-bias" /></dd>
        </div>
        {f.type === 'categorical' ? null : (
          <>
            <div>
              <dt>{t('calibration.figures.humanMean')}</dt>
              <dd><Figure figure={random.humanMean} interval={false} /></dd>
            </div>
            <div>
              <dt>{t('calibration.figures.judgeRaw')}</dt>
              <dd><Figure figure={f.judgeRaw} /></dd>
            </div>
            <div>
              <dt>{t('calibration.figures.corrected')}</dt>
              <dd><Figure figure={f.corrected} testId="round-figure-corrected" /></dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}

/** The changed half of this round: picked because the judge's score moved, so never a population figure. */
function ChangedStratum({ figures: f }: { figures: RoundFigures }) {
  const { t, locale, num } = useI18n();
  const changed = f.changed!;
  return (
    <section className="cal-fig-stratum changed" data-testid="round-figure-changed" data-n={changed.n}>
      <header className="cal-fig-stratum-head">
        <span className="cal-fig-stratum-title">{t('calibration.figures.changed')}</span>
        <span className="cal-fig-stratum-pool">{t('calibration.figures.changedN', { n: num(changed.n) })}</span>
      </header>
      {changed.n === 0 ? (
        <p className="cal-hint">{t('calibration.figures.changedNone')}</p>
      ) : (
        <dl className="cal-fig-metrics">
          <div>
            <dt>{t('calibration.figures.agreement')} · {coefficientLabel(locale, f.agreementKey)}</dt>
            <dd><Figure figure={changed.agreement} /></dd>
          </div>
          <div>
            <dt>{t('calibration.figures.percent')}</dt>
            <dd><Figure figure={changed.percentAgreement} /></dd>
          </div>
          <div>
            <dt>{t('calibration.figures.changedBias')}</dt>
            <dd><Figure figure={changed.bias} signed testId="round-figure-changed-bias" /></dd>
          </div>
        </dl>
      )}
    </section>
  );
}

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
              {f.random && f.changed ? (
                <div className="cal-fig-strata">
                  <RandomStratum figures={f} />
                  <ChangedStratum figures={f} />
                </div>
              ) : (
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
              )}
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
