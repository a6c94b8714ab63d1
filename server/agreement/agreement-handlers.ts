import { reasonSentence, type ReasonCode } from '../../shared/messages/reasons.en';
import { contract, type Handlers, type OpOutput, type OpParsedInput } from '../../shared/api/contract';
import type { agreementOps } from '../../shared/api/agreement-ops';
import {
  biasCorrectedDimension, biasCorrectionApplies, humanVsHumanDimension, isPerClaim, judgeVsHumanDimension, perClaimItems, perClaimPairs, type AgreementOptions,
} from '../../shared/agreement';
import {
  ADJUDICATED_REASON, caseQueries, hasAdjudications, humanValuesByItem, judgeHumanData, labelDimensions, labeledItems, listJudgeRuns, requireJudgeRun, resolveReference, runDimensions,
} from '../../db/agreement';
import type { Db } from '../../db/open';
import { blindCaseIds } from '../../db/rounds';

/**
 * The agreement operations (judge vs human): the SQL of db/agreement.ts fed to the pure assembly of
 * shared/agreement. The CLI (`touchstone agreement`) calls the same report functions, and both
 * pass the result through the contract's output schema, so the two print the same figures.
 */

export type AgreementHandlers = Pick<Handlers, keyof typeof agreementOps>;

type JudgeVsHumanInput = OpParsedInput<'agreement.judgeVsHuman'>;

export function judgeVsHumanReport(db: Db, input: JudgeVsHumanInput, options?: AgreementOptions): OpOutput<'agreement.judgeVsHuman'> {
  const run = requireJudgeRun(db, input.runId, 'agreement.judgeVsHuman');
  const reference = resolveReference(db, input.reference, 'agreement.judgeVsHuman');
  // the server, not the window, keeps a blind round's verdicts out of the list
  const blindCases = blindCaseIds(db);
  const dimensions = runDimensions(db, run, input.dimension).map(({ dimension, defined }) => {
    const data = judgeHumanData(db, run.id, dimension.name, reference);
    if (isPerClaim(dimension.name)) {
      const claims = perClaimPairs(data.pairs);
      const figures = judgeVsHumanDimension({ dimension, defined, verdicts: claims.claimVerdicts, duplicateVerdicts: data.verdicts.duplicates, pairs: claims.pairs, options });
      return { ...figures, unit: 'claim' as const };
    }
    return judgeVsHumanDimension({
      dimension,
      defined,
      verdicts: data.verdicts.itemKey.length,
      duplicateVerdicts: data.verdicts.duplicates,
      pairs: data.pairs,
      options: { ...options, blindCases },
    });
  });
  const queries = caseQueries(db, dimensions.flatMap((d) => d.disagreements.items.map((item) => item.caseId)));
  for (const d of dimensions) for (const item of d.disagreements.items) item.query = queries.get(item.caseId) ?? null;
  return contract['agreement.judgeVsHuman'].output.parse({
    run,
    reference,
    ...adjudicatedReason(db, reference),
    dimensions,
  });
}

/** The adjudicated reference before any round has been closed: why its figures are empty. */
function adjudicatedReason(db: Db, reference: { kind: string }): { reason: string | null; reasonCode: ReasonCode | null } {
  const code = reference.kind === 'adjudicated' && !hasAdjudications(db) ? ADJUDICATED_REASON : null;
  return { reason: code && reasonSentence(code), reasonCode: code };
}

export function humanVsHumanReport(db: Db, input: OpParsedInput<'agreement.humanVsHuman'>): OpOutput<'agreement.humanVsHuman'> {
  const dimensions = labelDimensions(db, input.dimension).map(({ dimension }) => {
    const items = labeledItems(db, dimension.name);
    return humanVsHumanDimension({ dimension, items: isPerClaim(dimension.name) ? perClaimItems(items) : items });
  });
  const queries = caseQueries(db, dimensions.flatMap((d) => d.disagreements.items.map((item) => item.caseId)));
  for (const d of dimensions) for (const item of d.disagreements.items) item.query = queries.get(item.caseId) ?? null;
  return contract['agreement.humanVsHuman'].output.parse({ dimensions });
}

export function biasCorrectedReport(db: Db, input: OpParsedInput<'agreement.biasCorrected'>): OpOutput<'agreement.biasCorrected'> {
  const run = requireJudgeRun(db, input.runId, 'agreement.biasCorrected');
  const reference = resolveReference(db, input.reference, 'agreement.biasCorrected');
  const dimensions = runDimensions(db, run, input.dimension)
    .filter(({ dimension }) => biasCorrectionApplies(dimension) && !isPerClaim(dimension.name))
    .map(({ dimension }) => {
      const data = judgeHumanData(db, run.id, dimension.name, reference);
      const verdicts = data.verdicts.itemKey.map((itemKey, i) => ({ itemKey, value: data.verdicts.value[i] }));
      return biasCorrectedDimension({ dimension, verdicts, human: humanValuesByItem(data.pairs) });
    });
  return contract['agreement.biasCorrected'].output.parse({
    run,
    reference,
    ...adjudicatedReason(db, reference),
    dimensions,
  });
}

export function createAgreementHandlers(db: () => Db): AgreementHandlers {
  return {
    'judgeRuns.list': () => listJudgeRuns(db()),
    'agreement.judgeVsHuman': (input) => judgeVsHumanReport(db(), input),
    'agreement.humanVsHuman': (input) => humanVsHumanReport(db(), input),
    'agreement.biasCorrected': (input) => biasCorrectedReport(db(), input),
  };
}
