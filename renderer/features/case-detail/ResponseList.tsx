import type { ResponseRecord } from '../../../shared/domain/schemas';
import { useI18n } from '../../i18n/useI18n';
import { ResponseCard } from './ResponseCard';

export function ResponseList({ responses }: { responses: readonly ResponseRecord[] }) {
  const { t } = useI18n();
  return (
    <section className="detail-section">
      <h2 className="section-title">
        {t('detail.responses')}
        {responses.length > 0 ? <span className="section-count">{responses.length}</span> : null}
      </h2>
      {responses.length === 0 ? <p className="muted">{t('detail.noResponses')}</p> : null}
      {responses.map((response) => (
        <ResponseCard key={response.id} response={response} />
      ))}
    </section>
  );
}
