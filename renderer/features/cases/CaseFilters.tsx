import { useI18n } from '../../i18n/useI18n';
import { FILTER_NAMES, useCasesStore, type FilterName } from './casesStore';
import { FILTER_KINDS, FILTER_LABELS } from './filterLabels';
import { HoldoutToggle } from './HoldoutToggle';

export function CaseFilters() {
  const { t } = useI18n();
  return (
    <div className="filters" role="group" aria-label={t('cases.filtersLabel')}>
      {FILTER_NAMES.map((name) => (
        <FilterSelect key={name} name={name} />
      ))}
      <HoldoutToggle />
    </div>
  );
}

function FilterSelect({ name }: { name: FilterName }) {
  const { t, label, num } = useI18n();
  const facet = useCasesStore((s) => s.facets?.[name]);
  const value = useCasesStore((s) => s.filters[name]);
  const setFilter = useCasesStore((s) => s.setFilter);
  const options = facet ?? [];
  const withSelected = value !== null && !options.some((option) => option.value === value) ? [{ value, count: 0 }, ...options] : options;
  const id = `filter-${name}`;
  return (
    <div className={value !== null ? 'filter active' : 'filter'}>
      <label htmlFor={id} className="filter-label">
        {t(FILTER_LABELS[name])}
      </label>
      <select
        id={id}
        className="select"
        value={value ?? ''}
        data-testid={`filter-${name}`}
        onChange={(event) => setFilter(name, event.target.value === '' ? null : event.target.value)}
      >
        <option value="">{t('cases.filter.all')}</option>
        {withSelected.map((option) => (
          <option key={option.value} value={option.value}>
            {t('cases.filter.option', { label: label(FILTER_KINDS[name], option.value), count: num(option.count) })}
          </option>
        ))}
      </select>
    </div>
  );
}
