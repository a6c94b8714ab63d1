import type { RoundStatus } from '../../../shared/api/calibration-ops';
import { stepStates } from './format';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';

const STATUS_KEYS: Record<RoundStatus, MessageKey> = {
  labeling: 'calibration.status.labeling',
  revealed: 'calibration.status.revealed',
  adjudicated: 'calibration.status.adjudicated',
  closed: 'calibration.status.closed',
};

export function StatusChip({ status }: { status: RoundStatus }) {
  const { t } = useI18n();
  return (
    <span className="cal-status" data-status={status}>
      {t(STATUS_KEYS[status])}
    </span>
  );
}

/** labeling → revealed → adjudicated → closed, with where the round stands. */
export function StatusSteps({ status }: { status: RoundStatus }) {
  const { t } = useI18n();
  return (
    <ol className="cal-steps" aria-label={t('calibration.round.statusLabel')}>
      {stepStates(status).map(({ step, state }) => (
        <li key={step} className={`cal-step ${state}`} aria-current={state === 'current' ? 'step' : undefined}>
          <span className="cal-step-dot" aria-hidden="true">{state === 'done' ? '✓' : ''}</span>
          {t(STATUS_KEYS[step])}
        </li>
      ))}
    </ol>
  );
}
