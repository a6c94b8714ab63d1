import { useI18n } from '../../i18n/useI18n';

/** A question type's stakes: high (wrong answers cost complaints and payouts), low (a refusal leaves the user stuck). */
export function StakesBadge({ stakes, compact = false }: { stakes: 'high' | 'low' | null; compact?: boolean }) {
  const { t } = useI18n();
  if (stakes === null) return compact ? <span className="muted">{t('settings.stakes.none')}</span> : null;
  return (
    <span className="stakes-badge" data-stakes={stakes} title={t(`report.stakes.${stakes}.why`)}>
      {t(`report.stakes.${stakes}`)}
    </span>
  );
}
