import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { MessageKey } from '../../i18n';
import { formatPercent } from '../report/format';
import { useI18n } from '../../i18n/useI18n';
import { openCaseInCasesView } from '../cases/openCaseInCasesView';
import { MoreCases } from './CaseLinks';
import { CellGrid } from './CellGrid';
import { useCaseList } from './useCaseList';
import { NoNormalNote } from './NoNormalNote';
import { useDiagnosisStore, type DiagnosisReport } from './store';

const TONE = { 'both-right': 'good', 'only-with-retrieval': 'good', 'only-without-retrieval': 'bad', 'both-wrong': 'bad' } as const;

/** Correct without retrieval × correct with it, per question type with its dependency, and the leak list. */
export function Baseline({ baseline }: { baseline: DiagnosisReport['noRetrieval'] }) {
  const { t, num, locale, label } = useI18n();
  const setLeak = useDiagnosisStore((s) => s.setLeak);
  const candidates = useCaseList(baseline.leakCandidates, { part: 'report', name: 'noRetrieval.leakCandidates' });
  const n = baseline.cells.reduce((sum, c) => sum + c.share.count, 0);
  if (n === 0 && baseline.excluded.notAssessed === 0 && baseline.excluded.noNormal === 0 && baseline.flagged.length === 0) {
    return (
      <div className="dx-block">
        <h3 className="dx-subhead">{t('diagnosis.baseline.title')}</h3>
        <p className="muted">{t('diagnosis.noRuns', { condition: t('diagnosis.condition.no-retrieval') })}</p>
      </div>
    );
  }
  return (
    <div className="dx-block" data-testid="diagnosis-baseline">
      <h3 className="dx-subhead">{t('diagnosis.baseline.title')}</h3>
      <p className="muted">{t('diagnosis.baseline.hint')}</p>
      <CellGrid
        testId="diagnosis-baseline-cells"
        cells={baseline.cells.map((c, i) => ({ key: c.key, title: t(`diagnosis.baseline.${c.key}` as MessageKey), advice: '', share: c.share, cases: c.cases, list: { part: 'report', name: `noRetrieval.cells.${i}.cases` }, tone: TONE[c.key] }))}
      />
      <ul className="dx-groups">
        {baseline.groups.map((g) => {
          const count = (key: string) => num(g.cells.find((c) => c.key === key)?.share.count ?? 0);
          return (
            <li key={g.questionType ?? ''}>
              <strong>
                {t('diagnosis.baseline.group', {
                  questionType: g.questionType === null ? t('diagnosis.baseline.noType') : label('questionType', g.questionType),
                  dependency: t(`diagnosis.dependency.${g.dependency}` as MessageKey),
                })}
              </strong>{' '}
              {g.dependency === 'strong' ? (
                <span className={g.rightWithoutRetrieval.count > 0 ? 'dx-warning' : undefined}>
                  {t('diagnosis.baseline.strongWarning', {
                    rate: g.rightWithoutRetrieval.rate === null ? t('diagnosis.undefined', { why: t('diagnosis.why.cells') }) : `${formatPercent(g.rightWithoutRetrieval.rate, locale)} (${num(g.rightWithoutRetrieval.count)}/${num(g.rightWithoutRetrieval.n)})`,
                  })}
                </span>
              ) : (
                <span>{t('diagnosis.baseline.supplementary', { fixed: count('only-with-retrieval'), broke: count('only-without-retrieval') })}</span>
              )}
            </li>
          );
        })}
      </ul>
      {baseline.excluded.notAssessed > 0 ? <p className="muted">{t('diagnosis.baseline.excluded', { count: baseline.excluded.notAssessed })}</p> : null}
      <NoNormalNote count={baseline.excluded.noNormal} condition="no-retrieval" />
      <LeakList title={t('diagnosis.baseline.leakCandidates')} caseIds={candidates.rows.map((r) => r.caseId)} settling={candidates.rereading} action={t('diagnosis.baseline.flag')} onAction={(id) => void setLeak(id, true)} testId="diagnosis-leak-candidates">
        <MoreCases {...candidates} />
      </LeakList>
      <LeakList title={t('diagnosis.baseline.flagged')} caseIds={baseline.flagged} action={t('diagnosis.baseline.unflag')} onAction={(id) => void setLeak(id, false)} testId="diagnosis-leak-flagged" />
    </div>
  );
}

function LeakList({ title, caseIds, settling = false, action, onAction, testId, children }: {
  title: string;
  caseIds: readonly string[];
  /** The list is being read again as long as it was: the keys wait for its rows. */
  settling?: boolean;
  action: string;
  onAction(caseId: string): void;
  testId: string;
  children?: ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  // the row acted on leaves the list: the keys go on at the case that takes its place
  const [acted, setActed] = useState<{ at: number; on: string } | null>(null);
  const shown = caseIds.join('\u0000');
  useEffect(() => {
    if (acted === null || acted.on === shown || settling) return;
    setActed(null);
    list.current?.querySelectorAll<HTMLButtonElement>('[data-leak-action]')[Math.min(acted.at, caseIds.length - 1)]?.focus();
  }, [shown, acted, caseIds.length, settling]);
  if (caseIds.length === 0) return null;
  return (
    <div className="dx-leaks" data-testid={testId}>
      <div className="dx-figure-label">{title}</div>
      <ul className="dx-case-list" ref={list}>
        {caseIds.map((id, i) => (
          <li key={id}>
            <button type="button" className="link-button mono" onClick={() => openCaseInCasesView(id)}>{id}</button>
            <button
              type="button"
              className="button small"
              data-leak-action
              aria-label={`${action}: ${id}`}
              onClick={() => {
                setActed({ at: i, on: shown });
                onAction(id);
              }}
            >
              {action}
            </button>
          </li>
        ))}
        {children}
      </ul>
    </div>
  );
}
