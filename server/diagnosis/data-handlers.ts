import { affectedCases, documentChanges, documentChangesSince, documentRevisionMark } from '../../db/affected-cases';
import { mustRetrieveDefaults, MUST_RETRIEVE_KEY } from '../../db/diagnosis-layers';
import { HOLDOUT_IN_QUEUES_KEY } from '../../db/holdout-visibility';
import { readSetting, writeSetting } from '../../db/settings';
import { testSetHealthInput } from '../../db/test-set-health';
import { holdoutOpenings } from '../../db/holdout-openings';
import { noteHoldoutOpening } from './holdout-watch';
import type { Db } from '../../db/open';
import { applySplits } from '../../db/split-tool';
import { buildConflictSet } from '../../db/conflict-set';
import { parseNumberRule } from '../../shared/diagnosis/conflict-set';
import { ApiError, type Handlers } from '../../shared/api/contract';
import type { diagnosisDataOps } from '../../shared/api/diagnosis-data-ops';
import { testSetHealth } from '../../shared/diagnosis/test-set-health';
import { text as say } from '../../shared/messages/text';
import { pageHalf } from './page-jobs';

const dataSettings = (d: Db) => ({ mustRetrieve: mustRetrieveDefaults(d), holdoutInQueues: readSetting<boolean>(d, HOLDOUT_IN_QUEUES_KEY) === true });

export type DiagnosisDataHandlers = Pick<Handlers, keyof typeof diagnosisDataOps>;

export function createDiagnosisDataHandlers(db: () => Db): DiagnosisDataHandlers {
  return {
    'diagnosis.dataSettings': () => dataSettings(db()),
    'diagnosis.saveDataSettings': ({ settings }) => {
      const d = db();
      writeSetting(d, MUST_RETRIEVE_KEY, settings.mustRetrieve);
      writeSetting(d, HOLDOUT_IN_QUEUES_KEY, settings.holdoutInQueues);
      return dataSettings(d);
    },
    'diagnosis.layers': ({ system }) => pageHalf(db(), system, 'layers'),
    'diagnosis.health': () => {
      const d = db();
      return { ...testSetHealth(testSetHealthInput(d)), holdoutOpenings: holdoutOpenings(d) };
    },
    'diagnosis.affected': ({ docId }) => affectedCases(db(), docId),
    'diagnosis.documentChanges': () => documentChanges(db()),
    'diagnosis.recheck': ({ since }) => {
      const d = db();
      return { mark: documentRevisionMark(d), changes: since === null ? [] : documentChangesSince(d, since) };
    },
    'diagnosis.buildConflictSet': ({ types, n, rule, shiftDays, seed, by }) => {
      const parsed = parseNumberRule(rule);
      if (!parsed) throw new ApiError('invalid-input', say('err.diagnosis.rule', { rule }), { file: 'diagnosis.buildConflictSet', line: null, field: 'rule' });
      const outcome = buildConflictSet(db(), { types, n, rule: parsed, shiftDays, seed, by, outName: 'conflict-documents.jsonl' });
      return {
        cases: outcome.cases,
        eligible: outcome.eligible,
        documentsJsonl: outcome.documents.map((d) => `${JSON.stringify(d)}\n`).join(''),
        documents: outcome.documents.length,
        quotesNotFound: outcome.quotesNotFound.length,
      };
    },
    'holdout.noteOpening': ({ caseId, reviewerId, via }) => noteHoldoutOpening(db(), caseId, reviewerId, via),
    'diagnosis.assignSplits': ({ unit, holdoutRatio, seed, by }) => {
      const plan = applySplits(db(), unit, holdoutRatio, seed, by);
      return { holdoutCases: plan.holdoutCases, total: plan.assignments.length, units: plan.units, changed: plan.changed };
    },
  };
}
