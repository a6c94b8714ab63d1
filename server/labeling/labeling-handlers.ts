import { ApiError, type Handlers } from '../../shared/api/contract';
import type { labelingOps } from '../../shared/api/labeling-ops';
import { REFERENCE_ANSWER_FIELD, type Dimension } from '../../shared/domain/dimensions';
import { refusalCrossTable } from '../../shared/labeling/cross-table';
import { evidenceInLatestRevision } from '../../shared/labeling/evidence-revisions';
import { settledClaimsOf } from '../../shared/labeling/conflicts';
import { buildStepViews, revealVerdicts } from '../../shared/labeling/item';
import { stepKey } from '../../shared/labeling/steps';
import { ClaimsValueSchema } from '../../shared/domain/dimensions';
import { FAILURE_TAGS_DIMENSION } from '../../shared/diagnosis/failure-tags';
import { contentChangedAt } from '../../db/content-changed-at';
import { getCaseDetail } from '../../db/case-queries';
import { caseTagSuggestions } from '../../db/tag-suggestions';
import { saveDimensions } from '../../db/dimension-edits';
import { listDimensions } from '../../db/dimensions';
import { crossTableRows, listSystems, releaseThresholds, saveReleaseThresholds, verdictsOfCase } from '../../db/label-reports';
import { navigateQueue, queueCounts, queuePosition, resumePoint, saveResumePoint } from '../../db/label-queues';
import { caseHistory, createReviewer, currentLabels, listReviewers, recordLabel, requireCaseSeq, requireReviewer, undoLast } from '../../db/labels';
import { readMeta, type Db } from '../../db/open';
import { inBlindRound, roundStartEventId } from '../../db/rounds';
import { isStorageFault } from '../storage-errors';
import { text as say } from '../../shared/messages/text';
import { coversStep } from '../../shared/diagnosis/claims-stated';
import { statedIdsBySeq } from '../../db/stated-ids';

export type LabelingHandlers = Pick<Handlers, keyof typeof labelingOps>;

const sinceEvent = <L extends { eventId: number }>(labels: ReadonlyMap<string, L>, eventId: number): Map<string, L> =>
  new Map([...labels].filter(([, l]) => l.eventId > eventId));

const optionsOf = (dimensions: readonly Dimension[], name: string) => dimensions.find((d) => d.name === name)?.options ?? [];

/** The resume point is a convenience: a file that cannot be written must not stop anyone from reading the next case. */
function keepReadingWhenUnwritable(write: () => void): void {
  try {
    write();
  } catch (error) {
    if (!isStorageFault(error)) throw error;
  }
}

/** The labeling operations (reviewers, queues, label events, undo, reports). Each one is a few calls into db/ and shared/labeling. */
export function createLabelingHandlers(db: () => Db): LabelingHandlers {
  return {
    'reviewers.list': () => listReviewers(db()),
    'reviewers.create': ({ name }) => createReviewer(db(), name),
    'dimensions.list': () => listDimensions(db()),
    'dimensions.save': ({ dimensions }) => saveDimensions(db(), dimensions),

    'queue.open': ({ reviewerId, queue }) => {
      const d = db();
      requireReviewer(d, reviewerId, 'queue.open');
      const resume = resumePoint(d, reviewerId, queue);
      return { ...queueCounts(d, reviewerId, queue), resumeCaseId: resume.caseId, resumeStep: resume.step };
    },
    'queue.navigate': ({ reviewerId, queue, fromCaseId, direction }) => {
      const d = db();
      requireReviewer(d, reviewerId, 'queue.navigate');
      return { caseId: navigateQueue(d, reviewerId, queue, fromCaseId, direction) };
    },

    'labeling.item': ({ reviewerId, caseId, queue, step }) => {
      const d = db();
      requireReviewer(d, reviewerId, 'labeling.item');
      const caseSeq = requireCaseSeq(d, caseId, 'labeling.item');
      const detail = getCaseDetail(d, caseId);
      const dimensions = listDimensions(d);
      // A round is labeled from scratch: in its queue, only labels given inside the round are shown.
      const all = currentLabels(d, caseSeq, reviewerId);
      const current = queue?.source === 'round' ? sinceEvent(all, roundStartEventId(d, queue.roundId)) : all;
      const tagged = dimensions.some((dim) => dim.name === FAILURE_TAGS_DIMENSION && dim.scope === 'response') && detail.responses.length > 0;
      const steps = buildStepViews(dimensions, detail.responses, current, {
        answerability: detail.case.answerability,
        questionType: detail.case.questionType,
        claims: detail.case.claims,
        settledClaims: settledClaimsOf(detail.settled),
      }, tagged ? caseTagSuggestions(d, detail, settledClaimsOf(detail.settled) ?? detail.case.claims) : undefined, contentChangedAt(d, caseSeq), coversStep(() => statedIdsBySeq(d, [caseSeq]).get(caseSeq)));
      // Blind: a verdict only for a step this reviewer has already given a (non-null) label, and
      // none at all on a case of a round not yet revealed, whatever the reviewer has saved.
      const verdicts = inBlindRound(d, caseSeq) ? [] : revealVerdicts(verdictsOfCase(d, caseSeq), current);
      // Evidence is checked on the claims as this reviewer settled them, else as imported.
      const myClaims = ClaimsValueSchema.safeParse(current.get(stepKey('claims', null))?.value);
      const evidence = evidenceInLatestRevision(myClaims.success ? myClaims.data : (settledClaimsOf(detail.settled) ?? detail.case.claims), detail.documents);
      let position = null;
      if (queue) {
        keepReadingWhenUnwritable(() => saveResumePoint(d, reviewerId, queue, caseId, step));
        position = queuePosition(d, reviewerId, queue, caseSeq);
      }
      return { detail, steps, verdicts, evidence, position, referenceAnswerEdit: current.get(stepKey(REFERENCE_ANSWER_FIELD, null)) ?? null };
    },

    'labels.record': ({ testSetId, resume, ...input }) => {
      const d = db();
      if (testSetId && readMeta(d, 'test_set_id') !== testSetId) {
        throw new ApiError('conflict', say('err.label.other-test-set'), { file: 'labels.record', line: null, field: 'testSetId' });
      }
      const written = recordLabel(d, { ...input, reason: input.reason ?? null });
      if (resume) keepReadingWhenUnwritable(() => saveResumePoint(d, input.reviewerId, resume.queue, input.caseId, resume.step));
      return written;
    },
    'labels.undo': ({ reviewerId }) => undoLast(db(), reviewerId),
    'labels.history': ({ caseId }) => caseHistory(db(), caseId),

    'reports.systems': () => listSystems(db()),
    'reports.refusalCrossTable': ({ system, reviewerId }) => {
      const d = db();
      if (reviewerId != null) requireReviewer(d, reviewerId, 'reports.refusalCrossTable');
      const dimensions = listDimensions(d);
      const rows = crossTableRows(d, system, reviewerId ?? null);
      const correctness = optionsOf(dimensions, 'correctness');
      const groups = refusalCrossTable(rows, {
        questionTypes: optionsOf(dimensions, 'questionType'),
        behaviors: optionsOf(dimensions, 'responseBehavior').map((o) => String(o.value)),
        thresholds: releaseThresholds(d),
        rightValue: correctness.length > 0 ? correctness[correctness.length - 1].value : 2,
      });
      return { system, labeledResponses: rows.filter((r) => r.answerability !== null && r.behavior !== null).length, groups };
    },

    'settings.releaseThresholds': () => releaseThresholds(db()),
    'settings.saveReleaseThresholds': ({ thresholds }) => saveReleaseThresholds(db(), thresholds),
  };
}
