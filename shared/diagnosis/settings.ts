import { z } from 'zod';
import { DEFAULT_DIAGNOSIS_SETTINGS, DEPENDENCIES, type DiagnosisSettings } from './types';

const share = z.number().min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1');

/** The Diagnosis settings as Settings saves them; anything left out takes its default. */
export const DiagnosisSettingsSchema = z.strictObject({
  recallThreshold: share.default(DEFAULT_DIAGNOSIS_SETTINGS.recallThreshold),
  utilisationThreshold: share.default(DEFAULT_DIAGNOSIS_SETTINGS.utilisationThreshold),
  faithfulnessThreshold: share.default(DEFAULT_DIAGNOSIS_SETTINGS.faithfulnessThreshold),
  dependency: z.record(z.string().min(1).max(200), z.enum(DEPENDENCIES)).default({}),
});

export function parseDiagnosisSettings(stored: unknown): DiagnosisSettings {
  const parsed = DiagnosisSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_DIAGNOSIS_SETTINGS };
}
