import { z } from 'zod';
import { op } from './op';
import { ClaimsValueSchema, LabelValueSchema, ReferenceAnswerValueSchema } from '../domain/dimensions';
import { CONFLICT_FIELDS } from '../labeling/conflicts';

/** Conflicts: a case field edited differently in two places, listed for the lead and resolved by them. */

const FieldSchema = z.enum(CONFLICT_FIELDS);

/** The value a case shows as settled for one field: the latest resolution of a conflict on it. */
export const SettledValueSchema = z.object({
  value: LabelValueSchema,
  by: z.string(),
  at: z.string(),
  note: z.string().nullable(),
  /** 'edit': no conflict was resolved, the reviewers (by) hold this one edit of the field; absent: the lead's resolution. */
  source: z.literal('edit').optional(),
});
export type SettledValue = z.infer<typeof SettledValueSchema>;

/** Per field, the settled value, or null while the imported value stands. */
export const SettledFieldsSchema = z.object({
  claims: SettledValueSchema.nullable(),
  referenceAnswer: SettledValueSchema.nullable(),
});
export type SettledFields = z.infer<typeof SettledFieldsSchema>;

export const ConflictVersionSchema = z.object({
  value: LabelValueSchema,
  holders: z.array(z.object({ uid: z.string(), reviewer: z.string(), at: z.string() })),
});

export const OpenConflictSchema = z.object({
  caseId: z.string(),
  query: z.string(),
  field: FieldSchema,
  /** The value the case came with. */
  imported: LabelValueSchema,
  /** The value settled by an earlier resolution that a later edit reopened, or null. */
  settled: SettledValueSchema.nullable(),
  versions: z.array(ConflictVersionSchema),
  /** Every holder's event uid, sorted: pass them back to resolve. */
  uids: z.array(z.string()),
});
export type OpenConflict = z.infer<typeof OpenConflictSchema>;

const resolveCommon = {
  caseId: z.string().min(1),
  /** The lead (a reviewer of this test set). */
  reviewerId: z.number().int().positive(),
  /** The uids of the conflict as listed: refused when the conflict has changed since. */
  seenUids: z.array(z.string().min(1)).min(2),
  note: z.string().trim().max(2000).nullish(),
};


export const conflictOps = {
  /** Open conflicts in case order, paged; total counts them all. */
  'conflicts.list': op(
    z.object({ offset: z.number().int().nonnegative().default(0), limit: z.number().int().min(1).max(500).default(100) }),
    z.object({ total: z.number().int(), offset: z.number().int(), rows: z.array(OpenConflictSchema) }),
  ),
  /** Settles a conflict with one of its versions or an edited value; appended, never overwriting. */
  'conflicts.resolve': op(
    z.discriminatedUnion('field', [
      z.object({ ...resolveCommon, field: z.literal('claims'), value: ClaimsValueSchema.min(1, 'settle the claims with at least one claim') }),
      z.object({ ...resolveCommon, field: z.literal('referenceAnswer'), value: ReferenceAnswerValueSchema }),
    ]),
    z.object({ caseId: z.string(), field: FieldSchema, settled: SettledValueSchema }), { writes: true },
  ),
} as const;
