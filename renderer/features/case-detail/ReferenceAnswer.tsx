import type { SettledValue } from '../../../shared/api/conflict-ops';
import { useI18n } from '../../i18n/useI18n';
import { SettledNote } from './SettledNote';

/**
 * The case's reference answer: the lead's settled text when a conflict was resolved, the imported one kept
 * beside it; on the Label screen also the reviewer's own edit (`mine`), which counts for the case once the lead settles it.
 */
export function ReferenceAnswer({ text, settled, mine }: { text: string | null | undefined; settled?: SettledValue | null; mine?: string | null }) {
  const { t } = useI18n();
  const shown = typeof settled?.value === 'string' ? settled.value : text;
  return (
    <section className="detail-section">
      <h2 className="section-title">
        {t('detail.referenceAnswer')}
        {settled ? <SettledNote settled={settled} /> : null}
      </h2>
      {shown ? (
        <p className="reference-answer" data-testid="reference-answer" data-settled={settled ? 'true' : undefined}>{shown}</p>
      ) : (
        <p className="muted">{t('detail.noReferenceAnswer')}</p>
      )}
      {mine && mine !== shown ? (
        <p className="imported-value" data-testid="reference-answer-mine">
          <span className="imported-label">{t('detail.referenceAnswer.mine')}</span>
          {mine}
        </p>
      ) : null}
      {settled ? (
        <p className="imported-value" data-testid="reference-answer-imported">
          <span className="imported-label">{t('conflicts.imported')}</span>
          {text || t('detail.noReferenceAnswer')}
        </p>
      ) : null}
    </section>
  );
}
