import { useI18n } from '../../i18n/useI18n';
import { useNavigationStore } from '../../shell/navigationStore';
import { useDataStore } from '../data/dataStore';
import { useExportStore } from '../interchange/exportStore';
import { hasActiveFilters, toRequest, useCasesStore } from './casesStore';

/** "Export these N…": Team & backups → Export, limited to exactly the cases the filter shows. */
export function ExportFilteredButton() {
  const { t, num } = useI18n();
  const count = useCasesStore((s) => s.count);
  const loaded = useCasesStore((s) => s.facetsLoaded);
  const filters = useCasesStore((s) => s.filters);
  const total = useCasesStore((s) => s.facets?.total ?? 0);
  if (!loaded || count === 0 || !hasActiveFilters(filters)) return null;
  return (
    <button
      type="button"
      className="button small"
      data-testid="export-filtered"
      data-count={count}
      title={t('cases.exportFiltered.title')}
      onClick={() => {
        useExportStore.getState().chooseCaseFilter({ applied: filters, request: toRequest(filters), count, total });
        useDataStore.getState().setTab('exports');
        useNavigationStore.getState().setView('data');
      }}
    >
      {t('cases.exportFiltered.button', { count, shown: num(count) })}
    </button>
  );
}
