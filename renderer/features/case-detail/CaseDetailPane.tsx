import { useEffect, useRef, useState } from 'react';
import { settledClaimsOf } from '../../../shared/labeling/conflicts';
import { useI18n } from '../../i18n/useI18n';
import { useDetailStore } from './detailStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { CaseHeader } from './CaseHeader';
import { CaseMeta } from './CaseMeta';
import { ClaimList } from './ClaimList';
import { DocumentList } from './DocumentList';
import { LeakBanner } from './LeakBanner';
import { ReferenceAnswer } from './ReferenceAnswer';
import { ResponseList } from './ResponseList';
import { HoldoutGate } from './HoldoutGate';
import { usePick } from '../../common/usePick';

/** The right-hand reading pane: everything known about the selected case. */
export function CaseDetailPane() {
  const { t } = useI18n();
  const { caseId, detail, loading, error, seal } = usePick(useDetailStore, 'caseId', 'detail', 'loading', 'error', 'seal');
  const [activeClaim, setActiveClaim] = useState<number | null>(null);
  const scroller = useRef<HTMLElement>(null);
  const shownId = detail?.case.id;

  // read the shown case again on coming back to this screen: an edit or a resolution made elsewhere changes what it says
  useEffect(() => {
    if (useDetailStore.getState().detail) useDetailStore.getState().reload();
  }, []);

  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
    setActiveClaim(null);
  }, [shownId]);

  let body;
  if (error) {
    body = (
      <div className="detail-message">
        <ErrorDetails error={error} testId="detail-error" />
      </div>
    );
  } else if (detail && seal) {
    body = <HoldoutGate detail={detail} seal={seal} />;
  } else if (detail) {
    body = (
      <div className={loading ? 'detail-content stale' : 'detail-content'} data-testid="case-detail" data-detail-id={detail.case.id}>
        <CaseHeader record={detail.case} />
        <LeakBanner detail={detail} />
        <CaseMeta record={detail.case} />
        <ReferenceAnswer text={detail.case.referenceAnswer} settled={detail.settled?.referenceAnswer} />
        <ClaimList claims={settledClaimsOf(detail.settled) ?? detail.case.claims} settled={detail.settled?.claims} imported={detail.case.claims} documents={detail.documents} activeClaim={activeClaim} onActivate={setActiveClaim} />
        <DocumentList claims={settledClaimsOf(detail.settled) ?? detail.case.claims} documents={detail.documents} activeClaim={activeClaim} />
        <ResponseList responses={detail.responses} />
      </div>
    );
  } else if (caseId && loading) {
    body = (
      <div className="detail-message" aria-busy="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line wide" />
        <div className="skeleton skeleton-line" />
        <p className="muted">{t('detail.loading')}</p>
      </div>
    );
  } else {
    body = (
      <div className="detail-message empty" data-testid="case-detail-empty">
        <p className="empty-title">{t('detail.empty')}</p>
        <p className="empty-hint">{t('detail.emptyHint')}</p>
      </div>
    );
  }

  return (
    <section className="detail-pane" ref={scroller} aria-label={t('detail.label')} aria-busy={loading} tabIndex={-1}>
      {body}
    </section>
  );
}
