import { DEFAULT_DIMENSIONS, DimensionSchema, type Dimension } from '../shared/domain/dimensions';
import type { Db } from './open';

/** The test set's label dimensions in labeling order: the saved definitions, or the SPEC defaults when none are saved. */
export function listDimensions(db: Db): Dimension[] {
  const rows = db.prepare('SELECT definition FROM dimensions ORDER BY position, name').pluck().all() as string[];
  if (rows.length === 0) return DEFAULT_DIMENSIONS.map((d) => structuredClone(d));
  return rows.map((row) => DimensionSchema.parse(JSON.parse(row)));
}
