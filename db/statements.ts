import type { Statement } from 'better-sqlite3';
import type { Db } from './open';

const caches = new WeakMap<Db, Map<string, Statement>>();

/**
 * A prepared statement kept per connection, for SQL run once per case or per
 * event in a loop (a pack merge touches thousands of cases): preparing costs
 * more than running such a statement.
 */
export function statement(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}
