import { parseWholeNumber } from './format';
import { useI18n } from '../../i18n/useI18n';
import { useRoundStore } from './roundStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';

/** "Start this week's review": size (30 by default) and an optional seed. */
export function StartRoundCard() {
  const { t } = useI18n();
  const { sizeText, seedText, starting } = usePick(useRoundStore, 'sizeText', 'seedText', 'starting');
  const error = useRoundStore((s) => s.startError);
  const { setSize, setSeed, start } = usePick(useRoundStore, 'setSize', 'setSeed', 'start');
  const size = parseWholeNumber(sizeText, 1, 1000);
  const seed = parseWholeNumber(seedText, 0, 2 ** 31 - 1);
  const sizeProblem = size.error ?? (size.value === null ? 'not-a-number' : null);
  const invalid = sizeProblem !== null || seed.error !== null;

  return (
    <form
      className="cal-card cal-start"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <h2 className="cal-card-title">{t('calibration.start.title')}</h2>
      <p className="cal-hint">{t('calibration.start.hint')}</p>
      <div className="cal-start-fields">
        <label className="field">
          <span className="field-label">{t('calibration.start.size')}</span>
          <input
            className={sizeProblem ? 'input invalid' : 'input'}
            inputMode="numeric"
            value={sizeText}
            data-testid="round-size"
            aria-invalid={sizeProblem !== null}
            onChange={(event) => setSize(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field-label">{t('calibration.start.seed')}</span>
          <input
            className={seed.error ? 'input invalid' : 'input'}
            inputMode="numeric"
            value={seedText}
            placeholder={t('calibration.start.seedPlaceholder')}
            data-testid="round-seed"
            aria-invalid={seed.error !== null}
            onChange={(event) => setSeed(event.target.value)}
          />
        </label>
      </div>
      {sizeProblem ? <p className="field-error">{t('calibration.start.sizeError')}</p> : null}
      {seed.error ? <p className="field-error">{t('calibration.start.seedError')}</p> : null}
      <button type="submit" className="button primary cal-start-button" disabled={invalid || starting} data-testid="round-start">
        <Icon name="plus" />
        {starting ? t('calibration.start.starting') : t('calibration.start.button')}
      </button>
      {error ? <ErrorDetails error={error} testId="round-start-error" /> : null}
      {error?.code === 'conflict' && error.location?.field === 'sameWeek' ? (
        <button type="button" className="button" disabled={starting} data-testid="round-start-same-week" onClick={() => void start(true)}>
          {t('calibration.start.sameWeek')}
        </button>
      ) : null}
    </form>
  );
}
