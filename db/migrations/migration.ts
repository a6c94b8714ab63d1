/** One forward-only step of the schema; `PRAGMA user_version` records the last one applied. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
