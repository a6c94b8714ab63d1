import { useEffect } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useRoundStore, type ReviewTab } from '../../stores/roundStore';
import { useTestSetStore } from '../../stores/testSetStore';
import { ErrorDetails } from '../common/ErrorDetails';
import { PageShell } from '../common/PageShell';
import { RoundList } from './RoundList';
import { RoundPage } from './RoundPage';
import { StartRoundCard } from './StartRoundCard';
import { TrendPane } from './TrendPane';
import '../../styles/calibration.css';

const TABS: ReviewTab[] = ['rounds', 'trend'];

/** SPEC workflow 5: the weekly calibration review (rounds, reveal, adjudication, figures) and its trend. */
export function ReviewView() {
  const { t } = useI18n();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const init = useRoundStore((s) => s.init);
  const tab = useRoundStore((s) => s.tab);
  const setTab = useRoundStore((s) => s.setTab);
  const listError = useRoundStore((s) => s.listError);

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
        <div className="cal-tabs" role="tablist" aria-label={t('calibration.review.tabs')}>
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className={tab === name ? 'cal-tab active' : 'cal-tab'}
              data-testid={`review-tab-${name}`}
              onClick={() => setTab(name)}
            >
              {t(name === 'rounds' ? 'calibration.review.tab.rounds' : 'calibration.review.tab.trend')}
            </button>
          ))}
        </div>
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
