import { useI18n } from '../../i18n/useI18n';

export function ReferenceAnswer({ text }: { text: string | null | undefined }) {
  const { t } = useI18n();
  return (
    <section className="detail-section">
      <h2 className="section-title">{t('detail.referenceAnswer')}</h2>
      {text ? (
        <p className="reference-answer" data-testid="reference-answer">{text}</p>
      ) : (
        <p className="muted">{t('detail.noReferenceAnswer')}</p>
      )}
    </section>
  );
}
