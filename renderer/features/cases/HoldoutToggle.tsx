import { useI18n } from '../../i18n/useI18n';
import { useCasesStore } from './casesStore';

/**
 * "Include holdout (n hidden)": holdout cases stay out of the list, its counts, search and filtered
 * export unless asked for (db/holdout-visibility.ts; the test set's setting is the default). Shown
 * while the test set has holdout cases and no split filter says which side to show.
 */
export function HoldoutToggle() {
  const { t, num } = useI18n();
  const holdout = useCasesStore((s) => s.facets?.holdout);
  const split = useCasesStore((s) => s.filters.split);
  const setHoldout = useCasesStore((s) => s.setHoldout);
  const counted = useCasesStore((s) => s.facets !== null);
  // before the first counts nobody knows whether there is holdout: its line is kept (most test sets have it)
  if (!counted && split === null) return <span className="holdout-toggle pending" aria-hidden="true">{t('holdout.toggle.hidden', { count: '…' })}</span>;
  if (!holdout || holdout.total === 0 || split !== null) return null;
  const count = num(holdout.matching);
  return (
    <label className={holdout.shown ? 'holdout-toggle on' : 'holdout-toggle'} title={t('holdout.toggle.title')} data-testid="holdout-toggle" data-shown={holdout.shown} data-count={holdout.matching}>
      <input
        type="checkbox"
        checked={holdout.shown}
        data-testid="holdout-toggle-input"
        onChange={(event) => setHoldout(event.target.checked ? 'include' : 'exclude')}
      />
      <span>{holdout.shown ? t('holdout.toggle.shown', { count }) : t('holdout.toggle.hidden', { count })}</span>
    </label>
  );
}
