import { z } from 'zod';
import { noInput, op } from './op';
import { TestSetInfoSchema } from './contract-shapes';

/** Starting out: a new test set by name in a default folder, and the reviewer this computer remembers. */

const ReviewerNameSchema = z.string().trim().min(1).max(80);

export const firstRunOps = {
  /** Where "New test set" puts the file: the folder last used, else Documents/Touchstone (desktop) or the data folder (browser). */
  'testSets.newFileFolder': op(noInput, z.object({ folder: z.string(), isDefault: z.boolean() })),
  /** Creates `<folder>/<name>.touchstone.sqlite` (folder: the one `testSets.newFileFolder` gives when null) and opens it. */
  'testSets.createNamed': op(
    z.object({ name: z.string().max(200), folder: z.string().min(1).nullish() }),
    TestSetInfoSchema, { writes: true },
  ),
  /** The reviewer name last chosen on this computer (in any test set), offered in every file. */
  'reviewers.rememberedName': op(noInput, z.object({ name: ReviewerNameSchema.nullable() })),
  'reviewers.rememberName': op(z.object({ name: ReviewerNameSchema }), z.object({ name: ReviewerNameSchema })),
};
