import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { LabelingItem } from '../../../shared/api/labeling-ops';
import type { Claim } from '../../../shared/domain/schemas';
import { useI18n } from '../../i18n/useI18n';
import { useLabelingStore } from './labelingStore';
import { useClaimsDraftStore } from './claimsDraftStore';
import { savedKey, shownReference, useReferenceAnswerStore } from './referenceAnswerStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { CLAIM_ADD_INPUT_ID, claimDomId } from './labelDomIds';
import { Icon } from '../../common/Icon';
import { NoEvidencePrompt } from './NoEvidencePrompt';
import '../conflicts/conflicts.css';
import { usePick } from '../../common/usePick';

type EvidenceStatus = LabelingItem['evidence'][number];

/**
 * The claims & evidence step: the reference answer as atomic claims (add,
 * edit, reorder, delete), each with the evidence picked from the documents.
 * A claim without evidence is marked; a quote the document's newest revision
 * no longer contains is flagged. Enter confirms the list (one label event).
 */
export function ClaimEditor() {
  const { t } = useI18n();
  const item = useLabelingStore((s) => s.item);
  const draft = useClaimsDraftStore((s) => s.claimsDraft);
  const dirty = useClaimsDraftStore((s) => s.claimsDirty);
  const activeClaim = useClaimsDraftStore((s) => s.activeClaim);
  const store = useClaimsDraftStore.getState;
  const [adding, setAdding] = useState('');
  const savedEdit = useReferenceAnswerStore((s) => (item ? s.saved[savedKey(item.detail.case.id)] : undefined));
  if (!item) return null;
  const reference = shownReference(item, savedEdit);
  const claims = draft ?? [];
  const missing = claims.filter((c) => c.evidence.length === 0).length;
  const claimsStep = item.steps.find((s) => s.dimension === 'claims');
  const fromCase = !dirty && !claimsStep?.current;
  // statuses from the API describe the saved claims; they still apply while the draft keeps their quotes
  const statusOf = (claimIndex: number, evidenceIndex: number, docId: string, quote: string): EvidenceStatus | undefined => {
    const saved = claimsStep?.current && Array.isArray(claimsStep.current.value) ? (claimsStep.current.value as Claim[]) : item.detail.case.claims;
    const byIndex = item.evidence.find((e) => e.claimIndex === claimIndex && e.evidenceIndex === evidenceIndex);
    if (byIndex && saved[claimIndex]?.evidence[evidenceIndex]?.quote === quote && saved[claimIndex]?.evidence[evidenceIndex]?.docId === docId) return byIndex;
    return item.evidence.find((e) => e.docId === docId && saved[e.claimIndex]?.evidence[e.evidenceIndex]?.quote === quote);
  };
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  return (
    <div className="claim-editor" data-testid="claim-editor" data-dirty={dirty}>
      <ReferenceAnswerEdit caseId={item.detail.case.id} text={reference.text} source={reference.source} settledBy={reference.settledBy} />
      <div className="claim-editor-bar">
        <span className="claim-count">{t('labeling.claims.count', { count: claims.length, missing })}</span>
        <button type="button" className="button small" title={t('labeling.claims.splitTitle')} onClick={() => store().splitReference(reference.text)} data-testid="claim-split">
          {t('labeling.claims.split')}
        </button>
      </div>
      {fromCase && claims.length > 0 ? (
        <p className="claim-note">{claimsStep?.suggestionReason === 'settled-claims' ? t('labeling.why.settled-claims') : t('labeling.claims.fromCase')}</p>
      ) : null}
      {claims.length === 0 ? <p className="claim-empty">{t('labeling.claims.empty')}</p> : null}
      <ol className="claim-items">
        {claims.map((claim, index) => (
          <ClaimItem
            key={`${index}-${claim.text}`}
            claim={claim}
            index={index}
            count={claims.length}
            active={index === activeClaim}
            statusOf={statusOf}
          />
        ))}
      </ol>
      <form
        className="claim-add"
        onSubmit={(event) => {
          event.preventDefault();
          store().addClaim(adding);
          setAdding('');
        }}
      >
        <input
          id={CLAIM_ADD_INPUT_ID}
          type="text"
          className="input"
          value={adding}
          placeholder={t('labeling.claims.addPlaceholder')}
          data-testid="claim-add-input"
          onChange={(event) => setAdding(event.target.value)}
          onKeyDown={(event) => {
            if (event.nativeEvent.isComposing) return;
            if (event.key === 'Escape') {
              event.stopPropagation();
              setAdding('');
              event.currentTarget.blur();
            } else if (event.key === 'Enter' && !adding.trim()) {
              // Enter on an empty line: done adding, confirm the claims
              event.preventDefault();
              event.stopPropagation();
              event.currentTarget.blur();
              useLabelingStore.getState().confirm();
            }
          }}
        />
        <button type="submit" className="button small" disabled={!adding.trim()} data-testid="claim-add">
          {t('labeling.claims.add')}
        </button>
      </form>
      <NoEvidencePrompt />
      <div className="claim-confirm">
        <span className={dirty ? 'claim-dirty' : 'claim-hint'}>{dirty ? t('labeling.claims.dirty') : t('labeling.claims.confirmHint')}</span>
        <button type="button" className="button primary small" onMouseDown={keepFocus} onClick={() => useLabelingStore.getState().confirm()} data-testid="claims-confirm">
          {t('labeling.claims.confirm')} <kbd className="on-primary">Enter</kbd>
        </button>
      </div>
    </div>
  );
}

interface ClaimItemProps {
  claim: Claim;
  index: number;
  count: number;
  active: boolean;
  statusOf(claimIndex: number, evidenceIndex: number, docId: string, quote: string): EvidenceStatus | undefined;
}

function ClaimItem({ claim, index, count, active, statusOf }: ClaimItemProps) {
  const { t } = useI18n();
  const store = useClaimsDraftStore.getState;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(claim.text);
  const noEvidence = claim.evidence.length === 0;
  const classes = ['claim-item'];
  if (active) classes.push('active');
  if (noEvidence) classes.push('no-evidence');

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Delete') {
      event.preventDefault();
      store().deleteClaim(index);
    } else if (event.key === 'e' || event.key === 'E' || event.key === 'F2') {
      event.preventDefault();
      event.stopPropagation();
      setText(claim.text);
      setEditing(true);
    }
  };

  return (
    <li
      id={claimDomId(index)}
      className={classes.join(' ')}
      data-testid="claim-item"
      data-claim-index={index}
      data-has-evidence={!noEvidence}
      tabIndex={0}
      onFocus={(event) => {
        if (event.target === event.currentTarget || !active) store().setActiveClaim(index);
      }}
      onClick={() => store().setActiveClaim(index)}
      onKeyDown={onKeyDown}
      title={active ? t('labeling.claims.attachTarget') : undefined}
    >
      <span className="claim-number" aria-hidden="true">{index + 1}</span>
      <div className="claim-main">
        {editing ? (
          <textarea
            className="input claim-edit"
            value={text}
            autoFocus
            rows={2}
            data-testid="claim-edit-input"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.nativeEvent.isComposing) return;
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                event.stopPropagation();
                store().editClaim(index, text);
                setEditing(false);
              } else if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setEditing(false);
              }
            }}
            onBlur={() => {
              store().editClaim(index, text);
              setEditing(false);
            }}
          />
        ) : (
          <p className="claim-text">{claim.text}</p>
        )}
        {noEvidence ? (
          <span className="warning-chip" data-testid="claim-no-evidence">
            <Icon name="alert" size={12} /> {t('labeling.claims.noEvidence')}
          </span>
        ) : (
          <ul className="evidence-chips">
            {claim.evidence.map((evidence, evidenceIndex) => {
              const status = statusOf(index, evidenceIndex, evidence.docId, evidence.quote);
              const problem = status?.status === 'missing-in-latest' || status?.status === 'unknown-document';
              return (
                <li
                  key={evidenceIndex}
                  className={problem ? 'evidence-chip problem' : 'evidence-chip'}
                  data-testid="evidence-chip"
                  data-doc-id={evidence.docId}
                  data-start={evidence.start ?? ''}
                  data-end={evidence.end ?? ''}
                >
                  <q className="evidence-chip-quote">{evidence.quote}</q>
                  <span className="evidence-chip-source mono">{evidence.docId}</span>
                  {status?.status === 'missing-in-latest' ? (
                    <span className="evidence-missing" data-testid="evidence-missing" data-revision={status.latestRevision ?? ''}>
                      <Icon name="alert" size={12} /> {t('labeling.claims.missingIn', { revision: status.latestRevision ?? '?' })}
                    </span>
                  ) : null}
                  {status?.status === 'unknown-document' ? (
                    <span className="evidence-missing" data-testid="evidence-unknown">
                      <Icon name="alert" size={12} /> {t('labeling.claims.unknownDocument')}
                    </span>
                  ) : null}
                  <button
                    type="button"
                    className="evidence-remove"
                    aria-label={t('labeling.claims.removeEvidence')}
                    title={t('labeling.claims.removeEvidence')}
                    onClick={(event) => {
                      event.stopPropagation();
                      store().removeEvidence(index, evidenceIndex);
                    }}
                  >
                    <Icon name="close" size={12} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="claim-actions">
        <button type="button" className="icon-button small" disabled={index === 0} title={t('labeling.claims.moveUp')} aria-label={t('labeling.claims.moveUp')} data-testid="claim-up" onClick={(event) => { event.stopPropagation(); store().moveClaim(index, -1); }}>
          <Icon name="chevron" size={14} className="rotate-180" />
        </button>
        <button type="button" className="icon-button small" disabled={index === count - 1} title={t('labeling.claims.moveDown')} aria-label={t('labeling.claims.moveDown')} data-testid="claim-down" onClick={(event) => { event.stopPropagation(); store().moveClaim(index, 1); }}>
          <Icon name="chevron" size={14} />
        </button>
        <button type="button" className="icon-button small" title={t('labeling.claims.edit')} aria-label={t('labeling.claims.edit')} data-testid="claim-edit" onClick={(event) => { event.stopPropagation(); setText(claim.text); setEditing(true); }}>
          <Icon name="edit" size={14} />
        </button>
        <button type="button" className="icon-button small danger" title={t('labeling.claims.delete')} aria-label={t('labeling.claims.delete')} data-testid="claim-delete" onClick={(event) => { event.stopPropagation(); store().deleteClaim(index); }}>
          <Icon name="trash" size={14} />
        </button>
      </div>
    </li>
  );
}

interface ReferenceAnswerEditProps {
  caseId: string;
  text: string | null;
  source: 'mine' | 'settled' | 'imported';
  settledBy: string | null;
}

/**
 * The reference answer the claims are split from, and the way to edit it:
 * confirming saves the new text at once as this reviewer's label event (the
 * built-in field referenceAnswer), so it travels in their label pack.
 */
function ReferenceAnswerEdit({ caseId, text, source, settledBy }: ReferenceAnswerEditProps) {
  const { t } = useI18n();
  const editing = useReferenceAnswerStore((s) => s.editing === caseId);
  const { draft, saving, error } = usePick(useReferenceAnswerStore, 'draft', 'saving', 'error');
  const edits = useReferenceAnswerStore.getState;
  const sourceLabel = source === 'mine' ? t('refAnswer.source.mine') : source === 'settled' ? t('refAnswer.source.settled', { by: settledBy ?? '' }) : t('refAnswer.source.imported');
  const empty = draft.trim() === '';

  return (
    <div className="ref-edit" data-testid="ref-answer" data-source={source}>
      <div className="ref-edit-head">
        <span className="ref-edit-title">{t('refAnswer.title')}</span>
        <span className={`ref-edit-source ${source}`} data-testid="ref-answer-source">{sourceLabel}</span>
        {editing ? null : (
          <button type="button" className="button small ref-edit-button" title={t('refAnswer.editTitle')} onClick={() => edits().start(caseId, text ?? '')} data-testid="ref-answer-edit">
            <Icon name="edit" size={13} /> {t('refAnswer.edit')}
          </button>
        )}
      </div>
      {editing ? (
        <form
          className="ref-edit-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!empty) void edits().save();
          }}
        >
          <textarea
            className="input ref-edit-input"
            value={draft}
            autoFocus
            rows={4}
            aria-label={t('refAnswer.title')}
            data-testid="ref-answer-input"
            onChange={(event) => edits().setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.nativeEvent.isComposing) return;
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                edits().cancel();
              } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.stopPropagation();
                if (!empty) void edits().save();
              }
            }}
          />
          <div className="ref-edit-actions">
            <span className={empty ? 'claim-dirty' : 'claim-hint'}>{empty ? t('refAnswer.empty') : saving ? t('refAnswer.saving') : t('refAnswer.hint')}</span>
            <button type="button" className="button small" onClick={() => edits().cancel()} data-testid="ref-answer-cancel">{t('refAnswer.cancel')}</button>
            <button type="submit" className="button primary small" disabled={empty || saving} data-testid="ref-answer-save">
              {t('refAnswer.save')} <kbd className="on-primary">Ctrl+Enter</kbd>
            </button>
          </div>
          {error ? <ErrorDetails error={error} testId="ref-answer-error" /> : null}
        </form>
      ) : (
        <p className="ref-edit-text" data-testid="ref-answer-text">{text || t('refAnswer.none')}</p>
      )}
    </div>
  );
}
