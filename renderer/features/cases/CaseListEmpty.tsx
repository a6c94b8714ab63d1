import { useI18n } from '../../i18n/useI18n';
import { hasActiveFilters, useCasesStore } from './casesStore';
import { useImportStore } from '../import/importStore';
import { Icon } from '../../common/Icon';

/** No rows: either nothing matches the filters, or the test set is still empty. */
export function CaseListEmpty() {
  const { t } = useI18n();
  const filtered = useCasesStore((s) => hasActiveFilters(s.filters));
  const clearFilters = useCasesStore((s) => s.clearFilters);
  const openImport = useImportStore((s) => s.openDialog);
  return (
    <div className="case-list empty-state" data-testid="case-list" data-count={0}>
      <div className="empty" data-testid="case-list-empty">
        <Icon name={filtered ? 'filter' : 'document'} size={28} className="empty-icon" />
        <p className="empty-title">{t(filtered ? 'cases.empty' : 'cases.emptySet')}</p>
        <p className="empty-hint">{t(filtered ? 'cases.emptyHint' : 'cases.emptySetHint')}</p>
        {filtered ? (
          <button type="button" className="button" onClick={clearFilters} data-testid="clear-filters">
            {t('cases.clearFilters')}
          </button>
        ) : (
          <button type="button" className="button primary" onClick={openImport}>
            <Icon name="import" /> {t('import.button')}
          </button>
        )}
      </div>
    </div>
  );
}
