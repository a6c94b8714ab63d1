import { ErrorDetails } from '../../common/ErrorDetails';
import { useI18n } from '../../i18n/useI18n';
import type { ApiErrorBody } from '../../../shared/api/contract';

/** While a layer's figures load, or why they could not. */
export function LayerStatus({ error }: { error: ApiErrorBody | null }) {
  const { t } = useI18n();
  if (error) return <ErrorDetails error={error} />;
  return (
    <div aria-busy="true">
      <div className="skeleton skeleton-line wide" />
      <p className="muted">{t('diagnosis.read.layers')}</p>
    </div>
  );
}
