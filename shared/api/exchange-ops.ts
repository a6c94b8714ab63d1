import { z } from 'zod';
import { op } from './op';
import { LabelValueSchema } from '../domain/dimensions';
import { TestSetInfoSchema } from './contract-shapes';
import { PastInstantSchema } from '../security/well-formed';

/** Offline team exchange (SPEC workflow 8) and backups: label packs out and in, the automatic backups of the open file. */

export const LABEL_PACK_FORMAT = 'touchstone-label-pack';
export const LABEL_PACK_VERSION = 1;
export const LABEL_PACK_EVENTS_FILE = 'labels.jsonl';
export const LABEL_PACK_MANIFEST_FILE = 'manifest.json';

/** One line of labels.jsonl: a label event as it travels between copies of a test set (ids replaced by case / response ids and uids). */
export const LabelPackEventSchema = z.strictObject({
  uid: z.string().min(1).max(200),
  caseId: z.string().min(1),
  responseId: z.string().min(1).nullable(),
  dimension: z.string().min(1).max(200),
  value: LabelValueSchema,
  reviewer: z.string().min(1).max(80),
  createdAt: PastInstantSchema,
  reason: z.string().max(2000).nullable(),
  kind: z.enum(['set', 'undo']),
  undoesUid: z.string().min(1).max(200).nullable(),
});
export type LabelPackEvent = z.infer<typeof LabelPackEventSchema>;

export const LabelPackManifestSchema = z.strictObject({
  format: z.literal(LABEL_PACK_FORMAT),
  formatVersion: z.literal(LABEL_PACK_VERSION),
  reviewer: z.string().min(1).max(80),
  testSetId: z.string().min(1),
  eventCount: z.number().int().nonnegative(),
  /** The time of the newest event (null for an empty pack): exporting the same events twice gives byte-identical files. */
  createdAt: PastInstantSchema.nullable(),
  file: z.strictObject({ name: z.literal(LABEL_PACK_EVENTS_FILE), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
});
export type LabelPackManifest = z.infer<typeof LabelPackManifestSchema>;

const PackFileSchema = z.object({ name: z.string(), path: z.string(), bytes: z.number().int(), sha256: z.string() });

export const BackupInfoSchema = z.object({ path: z.string(), reason: z.string(), createdAt: z.string(), size: z.number().int() });
export type BackupInfo = z.infer<typeof BackupInfoSchema>;

/** Minutes between automatic backups of the open file (0 = off); a setting of this computer, not of the test set. */
export const BACKUP_INTERVAL_CHOICES = [0, 5, 10, 30, 60] as const;
export const DEFAULT_BACKUP_INTERVAL: (typeof BACKUP_INTERVAL_CHOICES)[number] = 10;
export const BackupSettingsSchema = z.object({ intervalMinutes: z.literal(BACKUP_INTERVAL_CHOICES) });
export type BackupSettings = z.infer<typeof BackupSettingsSchema>;

export const ReviewerEventCountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  eventCount: z.number().int(),
  lastEventAt: z.string().nullable(),
});
export type ReviewerEventCount = z.infer<typeof ReviewerEventCountSchema>;


export const exchangeOps = {
  /** Writes this reviewer's label events to outDir/labels.jsonl and outDir/manifest.json (fixed names, byte-identical each time). */
  'labels.exportPack': op(
    z.object({ reviewerId: z.number().int().positive(), outDir: z.string().min(1) }),
    z.object({ dir: z.string(), reviewer: z.string(), testSetId: z.string(), eventCount: z.number().int(), files: z.array(PackFileSchema) }),
  ),
  /**
   * Verifies a pack folder (manifest, sha256, same test set, every case / response / dimension known), backs the file up,
   * then adds the events whose uid is new, in short batches from a worker (labels saved meanwhile go through between
   * them), all of them or none. Importing the same pack again adds nothing.
   */
  'labels.importPack': op(
    z.object({ dir: z.string().min(1) }),
    z.object({
      reviewer: z.string(),
      reviewerCreated: z.boolean(),
      testSetId: z.string(),
      eventCount: z.number().int(),
      added: z.number().int(),
      alreadyPresent: z.number().int(),
      /** Case fields (claims, reference answer) in conflict after the merge that were not before. */
      conflictsOpened: z.number().int(),
      backupPath: z.string().nullable(),
    }), { writes: true },
  ),
  /** Every reviewer of the open file with the number of label events they made (undos included) and the time of their last one. */
  'labels.reviewerCounts': op(z.object({}).default({}), z.array(ReviewerEventCountSchema)),
  /** The automatic backups of the open test set, newest first. */
  'backups.list': op(z.object({}).default({}), z.array(BackupInfoSchema)),
  /** A backup of the open file now (reason "manual"). */
  'backups.create': op(z.object({}).default({}), BackupInfoSchema, { writes: 'job' }),
  'backups.settings': op(z.object({}).default({}), BackupSettingsSchema),
  'backups.saveSettings': op(BackupSettingsSchema, BackupSettingsSchema),
  /**
   * Replaces the open file's content with one of its backups (only a path that `backups.list` gives): the backup is
   * verified first, the current state is backed up ("before-restore", so the restore can be undone), then the file is
   * reopened. Refused while an import is running.
   */
  'backups.restore': op(
    z.object({ path: z.string().min(1) }),
    z.object({ restored: BackupInfoSchema, safetyBackup: BackupInfoSchema, testSet: TestSetInfoSchema }), { writes: 'job' },
  ),
} as const;

