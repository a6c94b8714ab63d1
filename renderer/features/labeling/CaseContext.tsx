import { memo, useEffect, useMemo, useRef } from 'react';
import type { LabelingItem } from '../../../shared/api/labeling-ops';
import type { Claim } from '../../../shared/domain/schemas';
import { groupRevisions } from '../../../shared/documents/revision-order';
import { useI18n } from '../../i18n/useI18n';
import { currentStepKind, useLabelingStore } from './labelingStore';
import { useClaimsDraftStore } from './claimsDraftStore';
import { savedKey, shownReference, useReferenceAnswerStore } from './referenceAnswerStore';
import { LABEL_CONTEXT_ID } from './labelDomIds';
import { EnumChip } from '../../common/EnumChip';
import { ReferenceAnswer } from '../case-detail/ReferenceAnswer';
import { ResponseCard } from '../case-detail/ResponseCard';
import { LabelDocument } from './LabelDocument';
import { DocumentFind } from './DocumentFind';
import { RetrievalHint } from '../retrieval/RetrievalHint';
import { visibleId } from '../../common/bidi';
import { usePick } from '../../common/usePick';

type Detail = LabelingItem['detail'];

/**
 * The case beside the step: query, reference answer, the response being
 * judged, and the documents with the evidence of the claims being edited.
 * During a response step the judged response comes first; during the claims
 * step the documents' text is selectable evidence.
 */
export function CaseContext() {
  const { t } = useI18n();
  const { item, stepIndex } = usePick(useLabelingStore, 'item', 'stepIndex');
  const kind = useLabelingStore(currentStepKind);
  const { claimsDraft, activeClaim } = usePick(useClaimsDraftStore, 'claimsDraft', 'activeClaim');
  const scroller = useRef<HTMLElement>(null);
  // kept from scroll events, so that a new case need not read (and force) layout to know whether to scroll back up
  const scrolled = useRef(false);
  const caseId = item?.detail.case.id;

  useEffect(() => {
    if (scrolled.current) scroller.current?.scrollTo({ top: 0 });
  }, [caseId]);

  const step = item && stepIndex < item.steps.length ? item.steps[stepIndex] : null;
  const judgedId = step?.responseId ?? null;
  // this reviewer's own edit of the reference answer, shown beside the case's until the lead settles it
  const savedEdit = useReferenceAnswerStore((s) => (caseId ? s.saved[savedKey(caseId)] : undefined));
  const reference = item ? shownReference(item, savedEdit) : null;
  const ownReference = reference?.source === 'mine' ? reference.text : null;

  // a response step brings the judged response into view (the first one sits right under the query)
  useEffect(() => {
    const pane = scroller.current;
    if (!judgedId || !pane) return;
    const card = pane.querySelector<HTMLElement>('[data-judged="true"]');
    if (!card) return;
    const first = card.parentElement?.querySelector('[data-judged]') === card;
    if (first && !scrolled.current) return;
    const top = first ? 0 : pane.scrollTop + card.getBoundingClientRect().top - pane.getBoundingClientRect().top - 16;
    if (Math.abs(pane.scrollTop - top) > 4) pane.scrollTo({ top: Math.max(0, top) });
  }, [judgedId, caseId]);

  if (!item) return null;
  const detail = item.detail;
  const claims = claimsDraft ?? detail.case.claims;
  const selecting = kind === 'claims';

  const responses = <ContextResponses responses={detail.responses} judgedId={judgedId} />;
  const documents = <ContextDocuments caseId={detail.case.id} documents={detail.documents} claims={claims} selecting={selecting} activeClaim={activeClaim} />;

  return (
    <section
      className="label-context"
      id={LABEL_CONTEXT_ID}
      ref={scroller}
      aria-label={t('labeling.context.label')}
      tabIndex={-1}
      onScroll={(event) => {
        scrolled.current = event.currentTarget.scrollTop > 0;
      }}
    >
      <div className="label-context-inner">
        <ContextQuery query={detail.case} />
        {judgedId ? responses : null}
        <ReferenceAnswer text={detail.case.referenceAnswer} settled={detail.settled?.referenceAnswer} mine={ownReference} />
        {documents}
        {judgedId ? null : responses}
      </div>
    </section>
  );
}

/*
 * The panes below are memoised on parts of the item that keep their identity while one case is on screen (a save
 * or a step change re-renders only what it changes), and list their children by position, so that the next case
 * updates these elements' text instead of building new ones.
 */

const ContextQuery = memo(function ContextQuery({ query }: { query: Detail['case'] }) {
  const { t } = useI18n();
  return (
    <header className="case-header label-case-header">
      <div className="case-header-id">
        <span className="eyebrow">{t('detail.query')}</span>
        <span className="mono muted" data-testid="label-context-case-id">{visibleId(query.id)}</span>
      </div>
      <h1 className="case-query" data-testid="label-query">{query.query}</h1>
      {query.slices.length > 0 ? (
        <div className="chip-row">
          {query.slices.map((slice, index) => <EnumChip key={index} kind="slice" value={slice} quiet />)}
        </div>
      ) : null}
    </header>
  );
});

const ContextResponses = memo(function ContextResponses({ responses, judgedId }: { responses: Detail['responses']; judgedId: string | null }) {
  const { t } = useI18n();
  if (responses.length === 0) return null;
  return (
    <section className="detail-section">
      <h2 className="section-title">
        {t('detail.responses')}
        <span className="section-count">{responses.length}</span>
      </h2>
      {responses.map((response, index) => {
        const judged = response.id === judgedId;
        return (
          <div
            key={index}
            className={judged ? 'judged-response judged' : judgedId ? 'judged-response other' : 'judged-response'}
            data-judged={judged}
          >
            {judged ? (
              <div className="judged-label">
                <span className="judged-dot" aria-hidden="true" />
                {t('labeling.context.judged')}
                {responses.length > 1 ? <span className="muted"> · {t('labeling.context.response', { index: index + 1, count: responses.length })}</span> : null}
              </div>
            ) : null}
            <ResponseCard response={response} />
            {judged ? <RetrievalHint responseId={response.id} /> : null}
          </div>
        );
      })}
    </section>
  );
});

const ContextDocuments = memo(function ContextDocuments({ caseId, documents, claims, selecting, activeClaim }: {
  caseId: string;
  documents: Detail['documents'];
  claims: readonly Claim[];
  selecting: boolean;
  activeClaim: number;
}) {
  const { t } = useI18n();
  const groups = useMemo(() => groupRevisions(documents), [documents]);
  return (
    <section className={selecting ? 'detail-section label-documents selecting' : 'detail-section label-documents'}>
      <h2 className="section-title">
        {t('detail.documents')}
        {documents.length > 0 ? <span className="section-count">{t('detail.marksLegend')}</span> : null}
      </h2>
      {documents.length > 0 ? <DocumentFind caseId={caseId} selecting={selecting} /> : null}
      {groups.length === 0 ? <p className="muted">{t('detail.noDocuments')}</p> : null}
      {groups.map((group, groupIndex) => (
        <div key={groupIndex} className="document-group" data-doc-id={group.docId}>
          <div className="document-group-header">
            <h3 className="document-title">{group.revisions[0].title || group.docId}</h3>
            <span className="mono muted">{group.docId}</span>
            {group.revisions.length > 1 ? <span className="badge">{t('detail.revisions', { count: group.revisions.length })}</span> : null}
          </div>
          {group.revisions.map((document, index) => (
            <LabelDocument
              key={index}
              document={document}
              claims={claims}
              latest={index === 0}
              selectable={selecting}
              activeClaim={selecting ? activeClaim + 1 : null}
            />
          ))}
        </div>
      ))}
    </section>
  );
});
