import { useEffect, useMemo, useRef } from 'react';
import type { LabelingItem } from '../../../shared/api/labeling-ops';
import type { Claim } from '../../../shared/domain/schemas';
import { codePointToUtf16 } from '../../../shared/text/codepoints';
import { groupRevisions } from '../../../shared/text/evidence';
import { useI18n } from '../../i18n/useI18n';
import { currentStepKind, useLabelingStore } from '../../stores/labelingStore';
import { LABEL_CONTEXT_ID } from '../../view/labelDomIds';
import { EnumChip } from '../common/EnumChip';
import { ReferenceAnswer } from '../detail/ReferenceAnswer';
import { ResponseCard } from '../detail/ResponseCard';
import { LabelDocument } from './LabelDocument';

type Detail = LabelingItem['detail'];

/**
 * The case beside the step: query, reference answer, the response being
 * judged, and the documents with the evidence of the claims being edited.
 * During a response step the judged response comes first; during the claims
 * step the documents' text is selectable evidence.
 */
export function CaseContext() {
  const { t } = useI18n();
  const item = useLabelingStore((s) => s.item);
  const stepIndex = useLabelingStore((s) => s.stepIndex);
  const kind = useLabelingStore(currentStepKind);
  const claimsDraft = useLabelingStore((s) => s.claimsDraft);
  const activeClaim = useLabelingStore((s) => s.activeClaim);
  const scroller = useRef<HTMLElement>(null);
  const caseId = item?.detail.case.id;

  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [caseId]);

  const step = item && stepIndex < item.steps.length ? item.steps[stepIndex] : null;
  const judgedId = step?.responseId ?? null;

  // a response step brings the judged response into view (the first one sits right under the query)
  useEffect(() => {
    const pane = scroller.current;
    if (!judgedId || !pane) return;
    const card = pane.querySelector<HTMLElement>('[data-judged="true"]');
    if (!card) return;
    const first = card.parentElement?.querySelector('[data-judged]') === card;
    const top = first ? 0 : pane.scrollTop + card.getBoundingClientRect().top - pane.getBoundingClientRect().top - 16;
    if (Math.abs(pane.scrollTop - top) > 4) pane.scrollTo({ top: Math.max(0, top) });
  }, [judgedId, caseId]);

  if (!item) return null;
  const detail = item.detail;
  const claims = claimsDraft ?? detail.case.claims;
  const selecting = kind === 'claims';

  const responses = <ContextResponses detail={detail} judgedId={judgedId} />;
  const documents = <ContextDocuments detail={detail} claims={claims} selecting={selecting} activeClaim={activeClaim} />;

  return (
    <section className="label-context" id={LABEL_CONTEXT_ID} ref={scroller} aria-label={t('labeling.context.label')} tabIndex={-1}>
      <div className="label-context-inner">
        <header className="case-header label-case-header">
          <div className="case-header-id">
            <span className="eyebrow">{t('detail.query')}</span>
            <span className="mono muted">{detail.case.id}</span>
          </div>
          <h1 className="case-query" data-testid="label-query">{detail.case.query}</h1>
          {detail.case.slices.length > 0 ? (
            <div className="chip-row">
              {detail.case.slices.map((slice) => <EnumChip key={slice} kind="slice" value={slice} quiet />)}
            </div>
          ) : null}
        </header>
        {judgedId ? responses : null}
        <ReferenceAnswer text={detail.case.referenceAnswer} />
        {documents}
        {judgedId ? null : responses}
      </div>
    </section>
  );
}

function ContextResponses({ detail, judgedId }: { detail: Detail; judgedId: string | null }) {
  const { t } = useI18n();
  if (detail.responses.length === 0) return null;
  return (
    <section className="detail-section">
      <h2 className="section-title">
        {t('detail.responses')}
        <span className="section-count">{detail.responses.length}</span>
      </h2>
      {detail.responses.map((response, index) => {
        const judged = response.id === judgedId;
        return (
          <div
            key={response.id}
            className={judged ? 'judged-response judged' : judgedId ? 'judged-response other' : 'judged-response'}
            data-judged={judged}
          >
            {judged ? (
              <div className="judged-label">
                <span className="judged-dot" aria-hidden="true" />
                {t('labeling.context.judged')}
                {detail.responses.length > 1 ? <span className="muted"> · {t('labeling.context.response', { index: index + 1, count: detail.responses.length })}</span> : null}
              </div>
            ) : null}
            <ResponseCard response={response} />
          </div>
        );
      })}
    </section>
  );
}

/** Claims with their evidence start converted from code points to the UTF-16 index the highlighter expects. */
function claimsForHighlight(claims: readonly Claim[], text: string | null | undefined, docId: string): Claim[] {
  if (!text) return claims as Claim[];
  return claims.map((claim) => ({
    text: claim.text,
    evidence: claim.evidence.map((e) => (e.docId === docId && typeof e.start === 'number' ? { ...e, start: codePointToUtf16(text, e.start) } : e)),
  }));
}

function ContextDocuments({ detail, claims, selecting, activeClaim }: { detail: Detail; claims: readonly Claim[]; selecting: boolean; activeClaim: number }) {
  const { t } = useI18n();
  const groups = useMemo(() => groupRevisions(detail.documents), [detail.documents]);
  const hint = claims.length > 0 ? t('labeling.context.selectHint', { number: activeClaim + 1 }) : t('labeling.context.selectHintNone');
  return (
    <section className={selecting ? 'detail-section label-documents selecting' : 'detail-section label-documents'}>
      <h2 className="section-title">
        {t('detail.documents')}
        {detail.documents.length > 0 ? <span className="section-count">{t('detail.marksLegend')}</span> : null}
      </h2>
      {selecting && detail.documents.length > 0 ? <p className="select-hint" data-testid="select-hint">{hint}</p> : null}
      {groups.length === 0 ? <p className="muted">{t('detail.noDocuments')}</p> : null}
      {groups.map((group) => (
        <div key={group.docId} className="document-group" data-doc-id={group.docId}>
          <div className="document-group-header">
            <h3 className="document-title">{group.revisions[0].title || group.docId}</h3>
            <span className="mono muted">{group.docId}</span>
            {group.revisions.length > 1 ? <span className="badge">{t('detail.revisions', { count: group.revisions.length })}</span> : null}
          </div>
          {group.revisions.map((document, index) => (
            <LabelDocument
              key={document.revision}
              document={document}
              claims={claimsForHighlight(claims, document.text, document.docId)}
              latest={index === 0}
              selectable={selecting}
              activeClaim={selecting ? activeClaim + 1 : null}
            />
          ))}
        </div>
      ))}
    </section>
  );
}
