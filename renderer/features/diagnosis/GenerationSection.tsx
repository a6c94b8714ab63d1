import type { MessageKey } from '../../i18n';
import { formatPercent } from '../report/format';
import { useI18n } from '../../i18n/useI18n';
import { Baseline } from './Baseline';
import { CaseLinks } from './CaseLinks';
import { CellGrid } from './CellGrid';
import { Quadrant } from './Quadrant';
import { RateText } from './RateText';
import { Figure, SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';

const FAITH_TONE = { 'faithful-right': 'good', 'faithful-wrong': 'bad', 'unfaithful-right': 'warn', 'unfaithful-wrong': 'bad' } as const;

/** What the answer did with its context. */
export function GenerationSection({ report }: DiagnosisSectionProps) {
  const { t, num, locale } = useI18n();
  const { faithfulness: faith, distractorsOnly: dist, citations } = report;
  return (
    <SectionCard id="generation" title={t('diagnosis.section.generation')} subtitle={t('diagnosis.section.generation.sub')}>
      <Figure label={t('diagnosis.utilisation')} hint={t('diagnosis.utilisation.hint')} testId="diagnosis-utilisation">
        <RateText rate={report.quadrant.utilisation} why={t('diagnosis.why.utilisation')} />
      </Figure>
      <Quadrant quadrant={report.quadrant} lists={report.lists} />

      <div className="dx-block">
        <h3 className="dx-subhead">{t('diagnosis.faith.title')}</h3>
        <p className="muted">{t('diagnosis.faith.hint', { threshold: formatPercent(faith.threshold, locale) ?? '' })}</p>
        <CellGrid
          testId="diagnosis-faithfulness"
          cells={(['faithful-wrong', 'unfaithful-wrong', 'unfaithful-right', 'faithful-right'] as const).map((key) => {
            const cell = faith.cells.find((c) => c.key === key)!;
            return { key, title: t(`diagnosis.faith.${key}` as MessageKey), advice: t(`diagnosis.faith.${key}.do` as MessageKey), share: cell.share, cases: cell.responses, list: { part: 'report', name: `faithfulness.cells.${faith.cells.indexOf(cell)}.responses` }, tone: FAITH_TONE[key] };
          })}
        />
        {faith.excluded.notAssessed > 0 ? <p className="muted">{t('diagnosis.faith.excluded', { count: faith.excluded.notAssessed })}</p> : null}
      </div>

      <Baseline baseline={report.noRetrieval} />

      <div className="dx-block">
        <h3 className="dx-subhead">{t('diagnosis.distractors.title')}</h3>
        {dist.unsafe.n === 0 && dist.excluded.notLabeled === 0 ? (
          <p className="muted">{t('diagnosis.noRuns', { condition: t('diagnosis.condition.distractors-only') })}</p>
        ) : (
          <Figure label={t('diagnosis.distractors.unsafe')} hint={t('diagnosis.distractors.hint')} testId="diagnosis-distractors">
            <RateText rate={dist.unsafe} why={t('diagnosis.why.behaviour')} />
            <CaseLinks refs={dist.responses} list={{ part: 'report', name: 'distractorsOnly.responses' }} of={t('diagnosis.distractors.unsafe')} />
            {dist.excluded.notLabeled > 0 ? <p className="muted">{t('diagnosis.distractors.excluded', { count: dist.excluded.notLabeled })}</p> : null}
          </Figure>
        )}
      </div>

      <div className="dx-block">
        <h3 className="dx-subhead">{t('diagnosis.citations.title')}</h3>
        <div className="dx-figures">
          <Figure label={t('diagnosis.citations.correctness')} hint={t('diagnosis.citations.correctness.hint')} testId="diagnosis-citation-correctness">
            <RateText rate={citations.correctness} why={t('diagnosis.why.citationCorrectness')} />
            <CaseLinks refs={citations.unsupported} list={{ part: 'report', name: 'citations.unsupported' }} of={t('diagnosis.citations.correctness')} />
          </Figure>
          <Figure label={t('diagnosis.citations.completeness')} hint={t('diagnosis.citations.completeness.hint')} testId="diagnosis-citation-completeness">
            <RateText rate={citations.completeness} why={t('diagnosis.why.citationCompleteness')} />
            {citations.responsesWithCitations === 0 && citations.completeness.n > 0 ? (
              <p className="muted" data-testid="diagnosis-citations-none">{t('diagnosis.citations.noneCarried')}</p>
            ) : null}
          </Figure>
        </div>
        <p className="muted">{t('diagnosis.citations.rules', { count: citations.responsesWithCitations })}</p>
        <ul className="dx-groups" data-testid="diagnosis-citation-rules">
          {citations.ruleFindings.map((f, i) => (
            <li key={f.tag}>
              <span className="mono">{f.tag}</span> <CaseLinks refs={f.responses} list={{ part: 'report', name: `citations.ruleFindings.${i}.responses` }} of={f.tag} />
            </li>
          ))}
        </ul>
      </div>
    </SectionCard>
  );
}
