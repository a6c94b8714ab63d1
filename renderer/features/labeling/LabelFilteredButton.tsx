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
  if (!loaded || count === 0) return null;
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
