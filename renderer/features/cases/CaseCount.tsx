import { useI18n } from '../../i18n/useI18n';
import { hasActiveFilters, useCasesStore } from './casesStore';
import { usePick } from '../../common/usePick';

export function CaseCount() {
  const { t, num } = useI18n();
  const { facets, count } = usePick(useCasesStore, 'facets', 'count');
  const loaded = useCasesStore((s) => s.facetsLoaded);
  const filtered = useCasesStore((s) => hasActiveFilters(s.filters));
  const clearFilters = useCasesStore((s) => s.clearFilters);
  return (
    <div className="case-count-bar">
      <span className={loaded ? 'case-count' : 'case-count stale'} data-testid="case-count" aria-live="polite">
        {facets ? t('cases.count', { shown: num(count), total: num(facets.total), count: facets.total }) : t('cases.countLoading')}
      </span>
      {filtered ? (
        <button type="button" className="link-button" onClick={clearFilters} data-testid="clear-filters-inline">
          {t('cases.clearFilters')}
        </button>
      ) : null}
    </div>
  );
}
