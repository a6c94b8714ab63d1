import { useI18n } from '../../i18n/useI18n';
import { toRequest, useCasesStore } from '../cases/casesStore';
import { useLabelingStore } from './labelingStore';
import { useNavigationStore } from '../../shell/navigationStore';
import type { QueueSpec } from '../../../shared/api/labeling-ops';

type QueueFilters = Extract<QueueSpec, { source: 'filter' }>['filters'];

/** "Label these N cases": a labeling queue of exactly what the Cases view's filters show. */
export function LabelFilteredButton() {
  const { t } = useI18n();
  const count = useCasesStore((s) => s.count);
  const loaded = useCasesStore((s) => s.facetsLoaded);
  const filters = useCasesStore((s) => s.filters);
  // while the counts are on their way the button's place is kept, so the list below does not move when they come
  if (!loaded) return <span className="button small label-filtered pending" aria-hidden="true">{t('labeling.filtered.button', { count })}</span>;
  if (count === 0) return null;
  return (
    <button
      type="button"
      className="button small label-filtered"
      data-testid="label-filtered"
      data-count={count}
      title={t('labeling.filtered.title')}
      onClick={() => {
        useLabelingStore.getState().startQueue({ source: 'filter', filters: toRequest(filters) as QueueFilters });
        useNavigationStore.getState().setView('label');
      }}
    >
      {t('labeling.filtered.button', { count })}
    </button>
  );
}
