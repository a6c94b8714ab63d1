import { ApiError } from '../shared/api/contract';
import { describeIssue } from '../shared/import/issues';
import { text } from '../shared/messages/text';
import { DimensionSchema, valueProblem, type Dimension } from '../shared/domain/dimensions';
import { decodeLabelValue } from '../shared/labeling/values';
import { listDimensions } from './dimensions';
import { rebuildProgress } from './label-progress';
import type { Db } from './open';
import { invalidateQueues } from './queue-cache';

const shape = (dimensions: readonly Dimension[]) =>
  dimensions.map((d) => `${d.name}\u0000${d.scope}`).sort().join('\u0001');

const where = (index: number, field: string | null = null) => ({ file: 'dimensions.save', line: null, field: field === null ? `dimensions.${index}` : `dimensions.${index}.${field}` });

/**
 * Replaces the dimension definitions in one transaction. A dimension that
 * already has label events can be reordered and edited, but not removed, not
 * moved between case and response scope, and not changed so that a value
 * already given no longer fits it (for example removing an option in use).
 * Adding or removing steps re-derives which cases each reviewer has finished.
 */
export function saveDimensions(db: Db, input: readonly Dimension[]): Dimension[] {
  const dimensions = input.map((d, i) => {
    const parsed = DimensionSchema.safeParse(d);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError('invalid-input', text('err.dimension.numbered', { index: i + 1, problem: describeIssue(issue, DimensionSchema).message }), where(i, issue.path.map(String).join('.') || null));
    }
    return parsed.data;
  });
  if (dimensions.length === 0) throw new ApiError('invalid-input', text('err.dimension.none'), { file: 'dimensions.save', line: null, field: 'dimensions' });
  const seen = new Map<string, number>();
  dimensions.forEach((d, i) => {
    const key = d.name.toLowerCase();
    if (seen.has(key)) throw new ApiError('invalid-input', text('err.dimension.duplicate-name', { name: d.name }), where(i, 'name'));
    seen.set(key, i);
  });

  try {
    return replaceDimensions(db, dimensions);
  } finally {
    invalidateQueues(db);
  }
}

function replaceDimensions(db: Db, dimensions: Dimension[]): Dimension[] {
  return db.transaction(() => {
    const before = listDimensions(db);
    const used = db.prepare('SELECT dimension, count(*) AS n FROM label_events GROUP BY dimension').all() as { dimension: string; n: number }[];
    const distinctValues = db.prepare('SELECT DISTINCT value FROM label_events WHERE dimension = ? AND value IS NOT NULL').pluck();
    for (const { dimension, n } of used) {
      const index = dimensions.findIndex((d) => d.name === dimension);
      const old = before.find((d) => d.name === dimension);
      if (index < 0) {
        if (!old) continue; // events of a dimension that was already gone: nothing new is being removed
        throw new ApiError('conflict', text('err.dimension.has-labels', { dimension, count: n }), { file: 'dimensions.save', line: null, field: 'dimensions' });
      }
      const next = dimensions[index];
      if (old && old.scope !== next.scope) {
        throw new ApiError('conflict', text('err.dimension.scope-fixed', { dimension, scope: text(old.scope === 'case' ? 'err.kind.cases' : 'err.kind.responses') }), where(index, 'scope'));
      }
      for (const stored of distinctValues.all(dimension) as string[]) {
        const value = decodeLabelValue(stored);
        const problem = valueProblem(next, value);
        if (problem) {
          throw new ApiError('conflict', text('err.dimension.value-orphaned', { dimension, value: JSON.stringify(value), problem }), where(index, next.type === 'numeric' ? 'max' : 'options'));
        }
      }
    }
    db.prepare('DELETE FROM dimensions').run();
    const insert = db.prepare('INSERT INTO dimensions (name, position, definition) VALUES (?, ?, ?)');
    dimensions.forEach((d, position) => insert.run(d.name, position, JSON.stringify(d)));
    if (shape(before) !== shape(dimensions)) rebuildProgress(db);
    return listDimensions(db);
  }).immediate();
}
