import { useI18n } from '../../i18n/useI18n';
import type { StepSave } from './labelingStore';

/** A label kept in this window because the file cannot take it now: never the saved mark. */
export function StepWaitingMark({ save, compact = false }: { save: StepSave | undefined; compact?: boolean }) {
  const { t } = useI18n();
  if (save?.status !== 'waiting') return null;
  return (
    <span className="status-waiting" data-testid="step-waiting" title={t('storage.step.waiting')}>
      <span className="waiting-dot" aria-hidden="true" />
      {compact ? t('storage.step.waitingShort') : t('storage.step.waiting')}
    </span>
  );
}
