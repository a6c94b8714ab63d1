import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';

/** Runs of a condition left out of its table because the system has no normal response of their case to pair them with. */
export function NoNormalNote({ count, condition }: { count: number; condition: 'gold-context' | 'no-retrieval' | 'reordered' }) {
  const { t } = useI18n();
  if (count === 0) return null;
  return (
    <p className="muted" data-testid={`diagnosis-no-normal-${condition}`}>
      {t('diagnosis.noNormal', { count, condition: t(`diagnosis.condition.${condition}` as MessageKey) })}
    </p>
  );
}
