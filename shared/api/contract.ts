import { z } from 'zod';
import { renderText, type LocalText } from '../messages/text';
import { op } from './op';
import { IMPORT_FORMATS, WIZARD_KINDS } from '../domain/schemas';
import { MAP_TARGETS } from '../import/foreign/mapped';
import {
  ApiErrorSchema, CaseDetailSchema, CaseFacetsSchema, CaseFiltersSchema, CaseSummarySchema, ImportJobSchema, ImportSourceSchema,
  TableCountsSchema, TestSetInfoSchema, type ApiErrorBody, type ErrorLocation,
} from './contract-shapes';
import { agreementOps } from './agreement-ops';
import { calibrationOps } from './calibration-ops';
import { conflictOps } from './conflict-ops';
import { diagnosisDataOps } from './diagnosis-data-ops';
import { diagnosisOps } from './diagnosis-ops';
import { exchangeOps } from './exchange-ops';
import { firstRunOps } from './first-run-ops';
import { importWizardOps } from './import-wizard-ops';
import { interchangeOps } from './interchange-ops';
import { labelingOps } from './labeling-ops';
import { retrievalOps } from './retrieval-ops';

export * from './contract-shapes';

/**
 * The one API contract. Electron serves it over IPC, browser mode over the
 * HTTP bridge; the renderer only ever calls `invoke(name, input)`.
 */

const none = z.object({}).default({});

export const contract = {
  'app.info': op(none, z.object({ version: z.string(), mode: z.enum(['desktop', 'browser']), dataDir: z.string() })),
  'testSets.current': op(none, TestSetInfoSchema.nullable()),
  'testSets.recent': op(none, z.array(z.object({ path: z.string(), name: z.string(), exists: z.boolean() }))),
  'testSets.open': op(z.object({ path: z.string().min(1) }), TestSetInfoSchema, { writes: true }),
  'testSets.create': op(z.object({ path: z.string().min(1) }), TestSetInfoSchema, { writes: true }),
  'testSets.openDemo': op(none, TestSetInfoSchema, { writes: true }),
  /** Builds the demo test set afresh (labels given in it are discarded) and opens it. */
  'testSets.resetDemo': op(none, TestSetInfoSchema, { writes: true }),
  'testSets.stats': op(none, TableCountsSchema),
  'cases.list': op(
    z.object({ filters: CaseFiltersSchema, offset: z.number().int().nonnegative(), limit: z.number().int().min(1).max(1000) }),
    z.object({ rows: z.array(CaseSummarySchema), offset: z.number().int() }),
  ),
  'cases.facets': op(z.object({ filters: CaseFiltersSchema }), CaseFacetsSchema),
  /** Reading a case records nothing: a person's opening of a holdout case is 'holdout.noteOpening'. */
  'cases.get': op(z.object({ id: z.string().min(1) }), CaseDetailSchema),
  'imports.start': op(
    z.object({
      /** labels, adjudications: an export of either, appended back (its format told by its content). */
      kind: z.enum(WIZARD_KINDS),
      format: z.enum(IMPORT_FORMATS).default('auto'),
      source: ImportSourceSchema,
      /** System version for the responses of Ragas / DeepEval files. */
      system: z.string().trim().min(1).max(200).nullish(),
      /** The judge of a foreign results file, when the file does not name it (Ragas). */
      judge: z.object({
        model: z.string().trim().max(200).nullish(), version: z.string().trim().max(200).nullish(), promptVersion: z.string().trim().max(200).nullish(),
      }).nullish(),
      /** Format "mapped": target field → the file's column. */
      mapping: z.partialRecord(z.enum(MAP_TARGETS), z.string().min(1).max(200)).nullish(),
      /** Define the dimensions the judge's metrics name that the test set lacks. */
      createDimensions: z.boolean().default(false),
    }),
    z.object({ jobId: z.string() }), { writes: 'job' },
  ),
  'imports.status': op(z.object({ jobId: z.string() }), ImportJobSchema),
  /** Desktop only: a native file dialog. Browser mode answers `supported: false`. */
  'dialog.pickPath': op(
    z.object({ purpose: z.enum(['openTestSet', 'createTestSet', 'testSetFolder', 'importFile', 'exportFolder', 'importFolder']) }),
    z.object({ supported: z.boolean(), path: z.string().nullable() }), { hostOnly: true },
  ),
  /** Desktop only: resolves when a menu item is chosen (long poll, so the preload exposes nothing but invoke). */
  'ui.nextMenuCommand': op(none, z.object({ command: z.enum(['openTestSet', 'createTestSet', 'openDemo', 'import', 'export', 'none']) }), { hostOnly: true }),
  /** Desktop only: the window's language, so the menu, native dialogs and message boxes speak it (browser mode shows none). */
  'ui.setLocale': op(z.object({ locale: z.enum(['zh-CN', 'en']) }), z.object({ locale: z.enum(['zh-CN', 'en']) }), { hostOnly: true }),
  ...labelingOps,
  ...agreementOps,
  ...calibrationOps,
  ...exchangeOps,
  ...conflictOps,
  ...diagnosisOps,
  ...interchangeOps,
  ...retrievalOps,
  ...firstRunOps,
  ...importWizardOps,
  ...diagnosisDataOps,
} as const;

export type Contract = typeof contract;
export type OpName = keyof Contract;
export type OpInput<N extends OpName> = z.input<Contract[N]['input']>;
export type OpParsedInput<N extends OpName> = z.output<Contract[N]['input']>;
export type OpOutput<N extends OpName> = z.output<Contract[N]['output']>;
export type Handlers = { [N in OpName]: (input: OpParsedInput<N>) => Promise<OpOutput<N>> | OpOutput<N> };

export const OP_NAMES = Object.keys(contract) as OpName[];
export const isOpName = (name: unknown): name is OpName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);

/**
 * An error meant for the person: code, a sentence, and where in their file it happened.
 * The sentence is a catalogue code with its values (`text('err.…', values)`): the window words
 * it in the reader's language, the CLI in English; there is no way to throw a bare sentence.
 */
export class ApiError extends Error {
  /** Null only for a body that arrived without a code (an unexpected failure worded by its cause). */
  readonly text: LocalText | null;
  constructor(readonly code: ApiErrorBody['code'], message: LocalText, readonly location: ErrorLocation | null = null) {
    super(renderText('en', message));
    this.name = 'ApiError';
    this.text = message;
  }
  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, text: this.text, location: this.location };
  }
  /** The error a body describes, its English message kept as it was worded (with the location in front, for the CLI). */
  static fromBody(body: ApiErrorBody): ApiError {
    const error = new ApiError(body.code, body.text ?? { key: body.message }, body.location ?? null);
    error.message = body.message;
    // a body without a code keeps its message as the only wording
    if (!body.text) Object.assign(error, { text: null });
    return error;
  }
}
