import { judgeLabel } from './format';
import { useI18n } from '../../i18n/useI18n';
import { useRoundStore } from './roundStore';
import { coefficientLabel } from './calibrationText';
import { reasonWording } from '../agreement/agreementText';
import { dimensionName } from '../agreement/agreementText';
import { Figure } from './Figure';
import type { RoundFigures } from '../../../shared/api/calibration-ops';

interface Tile {
  label: string;
  figure: RoundFigures['agreement'];
  signed?: boolean;
  interval?: boolean;
  testId?: string;
}

/** Figures as tiles, each with its label. */
function Tiles({ tiles }: { tiles: readonly Tile[] }) {
  return (
    <dl className="cal-fig-metrics">
      {tiles.map((tile) => (
        <div key={tile.label}>
          <dt>{tile.label}</dt>
          <dd><Figure figure={tile.figure} signed={tile.signed} interval={tile.interval} testId={tile.testId} /></dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The population stratum: the random halves of this round and the consecutive rounds before it
 * scored by the same judge version, pooled. Says how many rounds and items went in, and, below the
 * pool size the interval needs, "too few random items yet (n of m)".
 */
function RandomStratum({ figures: f }: { figures: RoundFigures }) {
  const { t, locale, num } = useI18n();
  const random = f.random;
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
      <Tiles
        tiles={[
          { label: `${t('calibration.figures.agreement')} · ${coefficientLabel(locale, f.agreementKey)}`, figure: random.agreement, testId: 'round-figure-agreement' },
          { label: t('calibration.figures.percent'), figure: random.percentAgreement },
          { label: t('calibration.figures.bias'), figure: random.bias, signed: true, testId: 'round-figure-bias' },
          ...(f.type === 'categorical'
            ? []
            : [
                { label: t('calibration.figures.humanMean'), figure: random.humanMean, interval: false },
                { label: t('calibration.figures.judgeRaw'), figure: f.judgeRaw },
                { label: t('calibration.figures.corrected'), figure: f.corrected, testId: 'round-figure-corrected' },
              ]),
        ]}
      />
    </section>
  );
}

/** The changed half of this round: picked because the judge's score moved, so never a population figure. */
function ChangedStratum({ figures: f }: { figures: RoundFigures }) {
  const { t, locale, num } = useI18n();
  const changed = f.changed;
  return (
    <section className="cal-fig-stratum changed" data-testid="round-figure-changed" data-n={changed.n}>
      <header className="cal-fig-stratum-head">
        <span className="cal-fig-stratum-title">{t('calibration.figures.changed')}</span>
        <span className="cal-fig-stratum-pool">{t('calibration.figures.changedN', { n: num(changed.n) })}</span>
      </header>
      {changed.n === 0 ? (
        <p className="cal-hint">{t('calibration.figures.changedNone')}</p>
      ) : (
        <Tiles
          tiles={[
            { label: `${t('calibration.figures.agreement')} · ${coefficientLabel(locale, f.agreementKey)}`, figure: changed.agreement },
            { label: t('calibration.figures.percent'), figure: changed.percentAgreement },
            { label: t('calibration.figures.changedBias'), figure: changed.bias, signed: true, testId: 'round-figure-changed-bias' },
          ]}
        />
      )}
    </section>
  );
}

/**
 * The figures of a closed round, per dimension: the population figures (the random half, pooled)
 * and, apart, the items whose judge score moved. No figure over both halves is shown.
 */
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
            <article key={f.dimension} className="cal-fig-row" data-testid="round-figure" data-dimension={f.dimension} data-n={f.n} data-computed={f.computed}>
              <div className="cal-fig-dim">
                <span className="cal-fig-dim-name">{dimensionName(locale, f.dimension)}</span>
                <span className="cal-fig-n" data-testid="round-figure-n">{t('calibration.figures.nSplit', { random: num(f.random.items), changed: num(f.changed.n) })}</span>
                <span className="cal-fig-judge mono" title={f.judge ? `#${f.judge.runId}` : undefined}>
                  {f.judge ? judgeLabel(f.judge) : t('calibration.figures.noJudge')}
                </span>
                {f.reason ? <span className="cal-reason">{reasonWording(locale, f.reason, f.reasonCode)}</span> : null}
              </div>
              {f.computed === 'recomputed' ? (
                <p className="cal-hint cal-fig-recomputed" data-testid="round-figure-recomputed">{t('calibration.figures.recomputed')}</p>
              ) : null}
              <div className="cal-fig-strata">
                <RandomStratum figures={f} />
                <ChangedStratum figures={f} />
              </div>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
