import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { NoNormalNote } from './NoNormalNote';
import { CellGrid } from './CellGrid';
import { RateText } from './RateText';
import { Figure, SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';

const TONES = { 'good-good': 'good', 'bad-retrieval-good-generation': 'warn', 'good-retrieval-bad-generation': 'warn', 'bad-bad': 'bad' } as const;

/** Claim recall, and the gold-context table that tells retrieval faults from generation faults. */
export function RetrievalSection({ report }: DiagnosisSectionProps) {
  const { t, num } = useI18n();
  const gold = report.goldContext;
  const paired = gold.cells.reduce((sum, c) => sum + c.share.count, 0) + gold.excluded.noEvidence + gold.excluded.notAssessed + gold.excluded.noNormal;
  return (
    <SectionCard id="retrieval" title={t('diagnosis.section.retrieval')} subtitle={t('diagnosis.section.retrieval.sub')}>
      <Figure label={t('diagnosis.claimRecall')} hint={t('diagnosis.claimRecall.hint')} testId="diagnosis-claim-recall">
        <RateText rate={report.quadrant.claimRecall} why={t('diagnosis.why.recall')} />
      </Figure>
      <h3 className="dx-subhead">{t('diagnosis.gold.title')}</h3>
      <p className="muted">{t('diagnosis.gold.hint')}</p>
      {paired === 0 ? (
        <p className="muted" data-testid="diagnosis-gold-none">{t('diagnosis.noRuns', { condition: t('diagnosis.condition.gold-context') })}</p>
      ) : (
        <>
          <CellGrid
            testId="diagnosis-gold"
            cells={gold.cells.map((c, i) => ({
              key: c.key,
              title: t(`diagnosis.gold.${c.key}` as MessageKey),
              advice: t(`diagnosis.gold.${c.key}.do` as MessageKey),
              share: c.share,
              cases: c.cases,
              list: { part: 'report', name: `goldContext.cells.${i}.cases` },
              tone: TONES[c.key],
            }))}
          />
          <p className="muted">{t('diagnosis.gold.from', { human: num(gold.correctnessFrom.human), judge: num(gold.correctnessFrom.judge) })}</p>
          {gold.excluded.noEvidence + gold.excluded.notAssessed > 0 ? (
            <p className="muted">{t('diagnosis.gold.excluded', { noEvidence: num(gold.excluded.noEvidence), notAssessed: num(gold.excluded.notAssessed) })}</p>
          ) : null}
          <NoNormalNote count={gold.excluded.noNormal} condition="gold-context" />
        </>
      )}
    </SectionCard>
  );
}
