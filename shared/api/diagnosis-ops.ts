import { z } from 'zod';
import { CITATION_TAGS } from '../diagnosis/citations';
import { BASELINE_CELLS, GOLD_CELLS } from '../diagnosis/conditions';
import { FAITHFULNESS_CELLS } from '../diagnosis/faithfulness';
import { LAYERS } from '../diagnosis/layers';
import { DiagnosisSettingsSchema } from '../diagnosis/settings';
import { READ_STEPS } from '../diagnosis/read-steps';
import { DEPENDENCIES } from '../diagnosis/types';
import { op, noInput } from './op';

/** The Diagnosis screen: one system version read top-down, layer by layer (SPEC workflow 10). */

const RateSchema = z.object({
  count: z.number().int(),
  n: z.number().int(),
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  method: z.enum(['wilson', 'cluster-ratio']),
  clusters: z.number().int().optional(),
});
const RefSchema = z.object({ caseId: z.string(), responseId: z.string() });
const level = z.enum(['high', 'low']);
const cellOf = <K extends readonly [string, ...string[]]>(keys: K) => z.object({ key: z.enum(keys), share: RateSchema, cases: z.array(RefSchema) });

const LayerReasonSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('permission-doc-in-context'), docId: z.string() }),
  z.object({ code: z.literal('stale-doc-in-context'), docId: z.string(), revision: z.string() }),
  z.object({ code: z.literal('never-retrieved') }),
  z.object({ code: z.literal('evidence-not-retrieved'), claim: z.string() }),
  z.object({ code: z.literal('evidence-ranked-out'), claim: z.string(), rank: z.number().int(), k: z.number().int() }),
  z.object({ code: z.literal('evidence-dropped-by-assembly'), claim: z.string(), rank: z.number().int() }),
  z.object({ code: z.literal('forbidden-stated-despite-context'), claim: z.string() }),
  z.object({ code: z.literal('forbidden-stated'), claim: z.string() }),
  z.object({ code: z.literal('answered-unanswerable'), answerability: z.string() }),
  z.object({ code: z.literal('held-not-stated'), claim: z.string() }),
  z.object({ code: z.literal('wrong-with-evidence-held') }),
]);
export type LayerReasonBody = z.infer<typeof LayerReasonSchema>;

export const DiagnosisReportSchema = z.object({
  system: z.string(),
  settings: DiagnosisSettingsSchema,
  responses: z.object({ total: z.number().int(), byCondition: z.record(z.string(), z.number().int()), duplicates: z.number().int() }),
  quadrant: z.object({
    claimRecall: RateSchema,
    utilisation: RateSchema,
    thresholds: z.object({ recall: z.number(), utilisation: z.number() }),
    cells: z.array(z.object({ recall: level, utilisation: level, share: RateSchema, responses: z.array(RefSchema) })),
    utilisationUndefined: z.array(RefSchema),
    excluded: z.object({ noEvidence: z.number().int(), notLabeled: z.number().int(), reviewersDisagree: z.number().int() }),
  }),
  faithfulness: z.object({
    threshold: z.number(),
    cells: z.array(z.object({ key: z.enum(FAITHFULNESS_CELLS), share: RateSchema, responses: z.array(RefSchema) })),
    excluded: z.object({ notAssessed: z.number().int() }),
  }),
  goldContext: z.object({
    cells: z.array(cellOf(GOLD_CELLS)),
    correctnessFrom: z.object({ human: z.number().int(), judge: z.number().int() }),
    excluded: z.object({ noEvidence: z.number().int(), notAssessed: z.number().int(), noNormal: z.number().int() }),
  }),
  noRetrieval: z.object({
    cells: z.array(cellOf(BASELINE_CELLS)),
    groups: z.array(z.object({ questionType: z.string().nullable(), dependency: z.enum(DEPENDENCIES), cells: z.array(cellOf(BASELINE_CELLS)), rightWithoutRetrieval: RateSchema })),
    leakCandidates: z.array(RefSchema),
    flagged: z.array(z.string()),
    excluded: z.object({ notAssessed: z.number().int(), noNormal: z.number().int() }),
  }),
  distractorsOnly: z.object({ unsafe: RateSchema, responses: z.array(RefSchema), excluded: z.object({ notLabeled: z.number().int() }) }),
  reordered: z.object({ changed: RateSchema, cases: z.array(RefSchema), excluded: z.object({ notAssessed: z.number().int(), noNormal: z.number().int() }) }),
  citations: z.object({
    correctness: RateSchema,
    completeness: RateSchema,
    unsupported: z.array(RefSchema),
    ruleFindings: z.array(z.object({ tag: z.enum(CITATION_TAGS), responses: z.array(RefSchema) })),
    responsesWithCitations: z.number().int(),
  }),
  layers: z.object({
    assignments: z.array(z.object({ caseId: z.string(), responseId: z.string(), layer: z.enum(LAYERS), reason: LayerReasonSchema })),
    counts: z.array(z.object({ layer: z.enum(LAYERS), share: RateSchema })),
    top: z.enum(LAYERS).nullable(),
    failing: z.number().int(),
    unplaced: z.number().int(),
    assessed: z.number().int(),
    notAssessed: z.number().int(),
  }),
});

/** A page's lists cut to their first cases (shared/diagnosis/case-lists.ts): each list's full length by name. */
export const PageListsSchema = z.record(z.string(), z.number().int());

/** The write stamp the page's figures were read at (server/diagnosis/page-figures.ts). */
export const PageVersionSchema = z.string();

/** One page of a list's cases: refs with what the list says of each (a layer and its reason, a leak's chunks …). */
const CasesPageSchema = z.object({ total: z.number().int(), cases: z.array(z.looseObject({ caseId: z.string(), responseId: z.string() })) });

export const diagnosisOps = {
  'diagnosis.systems': op(noInput, z.array(z.object({ system: z.string(), responses: z.number().int() }))),
  /** Every figure; each list of cases cut to its first ones (the rest: diagnosis.cases). */
  'diagnosis.report': op(z.object({ system: z.string().min(1).max(200) }), DiagnosisReportSchema.extend({ lists: PageListsSchema, version: PageVersionSchema })),
  /** More of one list the page cut: `part` is the report (diagnosis.report) or the layers (diagnosis.layers), `list` its name there. */
  'diagnosis.cases': op(
    z.object({
      system: z.string().min(1).max(200),
      /** The page's `version`: a file written since is refused ('conflict'), the page reads itself again. */
      version: z.string().min(1).max(100),
      part: z.enum(['report', 'layers']),
      list: z.string().min(1).max(200),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(500),
    }),
    CasesPageSchema,
  ),
  /** How far the read the page waits on has come, while one of this system is under way (else null). */
  'diagnosis.progress': op(
    z.object({ system: z.string().min(1).max(200) }),
    z.object({ system: z.string(), step: z.enum(READ_STEPS), done: z.number().int().min(0), total: z.number().int().min(0) }).nullable(),
  ),
  'diagnosis.settings': op(noInput, DiagnosisSettingsSchema),
  'diagnosis.saveSettings': op(z.object({ settings: DiagnosisSettingsSchema }), DiagnosisSettingsSchema, { writes: true }),
  /** The lead flags (or unflags) a case answered right without retrieval as a leak of the model's memory. */
  'cases.setLeak': op(z.object({ caseId: z.string().min(1), leak: z.boolean() }), z.object({ caseId: z.string(), leak: z.boolean() }), { writes: true }),
} as const;
