import { useI18n } from '../../i18n/useI18n';
import { CaseLinks } from './CaseLinks';
import { NoNormalNote } from './NoNormalNote';
import { RateText } from './RateText';
import { Figure, SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';

/** The reordered run: does correctness depend on where the evidence sits? */
export function ContextSection({ report }: DiagnosisSectionProps) {
  const { t, num } = useI18n();
  const r = report.reordered;
  return (
    <SectionCard id="context" title={t('diagnosis.section.context')} subtitle={t('diagnosis.section.context.sub')}>
      {r.changed.n === 0 && r.excluded.notAssessed === 0 && r.excluded.noNormal === 0 ? (
        <p className="muted">{t('diagnosis.noRuns', { condition: t('diagnosis.condition.reordered') })}</p>
      ) : (
        <Figure label={t('diagnosis.reordered')} hint={t('diagnosis.reordered.hint')} testId="diagnosis-reordered">
          <RateText rate={r.changed} why={t('diagnosis.why.reordered')} />
          <CaseLinks refs={r.cases} list={{ part: 'report', name: 'reordered.cases' }} of={t('diagnosis.reordered')} />
          {r.excluded.notAssessed > 0 ? <p className="muted">{t('diagnosis.reordered.excluded', { count: r.excluded.notAssessed })}</p> : null}
          <NoNormalNote count={r.excluded.noNormal} condition="reordered" />
        </Figure>
      )}
    </SectionCard>
  );
}
