import { useI18n } from '../../i18n/useI18n';
import { visibleId } from '../../common/bidi';
import { hasActiveFilters, useCasesStore } from './casesStore';

/**
 * A case opened from another screen (a Diagnosis list) that the list's filters leave out: said above
 * the list, with the way to show it there, instead of a detail with no row and J / K going elsewhere.
 */
export function OpenedCaseNote() {
  const { t } = useI18n();
  const selectedId = useCasesStore((s) => s.selectedId);
  const hidden = useCasesStore((s) => s.selectedIndex < 0 && s.selectedId !== null && s.facetsLoaded && hasActiveFilters(s.filters));
  if (!hidden || selectedId === null) return null;
  // the list read again without filters finds the opened case and selects its row
  const showIt = () => useCasesStore.getState().clearFilters();
  return (
    <p className="opened-case-note" role="status" data-testid="opened-case-hidden">
      {t('cases.openedHidden', { id: visibleId(selectedId) })}{' '}
      <button type="button" className="link-button" onClick={showIt} data-testid="opened-case-show">
        {t('cases.openedHidden.show')}
      </button>
    </p>
  );
}
