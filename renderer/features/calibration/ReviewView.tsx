import { useEffect } from 'react';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { useRoundStore, type ReviewTab } from './roundStore';
import { useTestSetStore } from '../test-sets/testSetStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { PageShell } from '../../common/PageShell';
import { PageTabs } from '../../common/PageTabs';
import { RoundList } from './RoundList';
import { RoundPage } from './RoundPage';
import { StartRoundCard } from './StartRoundCard';
import { TrendPane } from './TrendPane';
import './calibration.css';
import { usePick } from '../../common/usePick';

const TABS: { name: ReviewTab; label: MessageKey }[] = [
  { name: 'rounds', label: 'calibration.review.tab.rounds' },
  { name: 'trend', label: 'calibration.review.tab.trend' },
];

/** SPEC workflow 5: the weekly calibration review (rounds, reveal, adjudication, figures) and its trend. */
export function ReviewView() {
  const { t } = useI18n();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const { init, tab, setTab, listError } = usePick(useRoundStore, 'init', 'tab', 'setTab', 'listError');

  useEffect(() => {
    // fresh each time the screen opens: labels may have been made in the Label view meanwhile
    void init(testSetId);
  }, [init, testSetId]);

  return (
    <PageShell
      testId="review-view"
      className="cal-view"
      width="full"
      title={t('calibration.review.title')}
      subtitle={t('calibration.review.subtitle')}
      aside={
        <PageTabs label={t('calibration.review.tabs')} tabs={TABS.map(({ name, label }) => ({ name, label: t(label) }))} active={tab} testIdPrefix="review-tab-" onSelect={setTab} />
      }
    >
      {listError ? (
        <div className="inline-error cal-error">
          <ErrorDetails error={listError} testId="review-error" />
        </div>
      ) : null}
      {tab === 'rounds' ? (
        <div className="cal-rounds">
          <aside className="cal-rounds-side">
            <StartRoundCard />
            <RoundList />
          </aside>
          <RoundPage />
        </div>
      ) : (
        <TrendPane />
      )}
    </PageShell>
  );
}
