import type { Migration } from './migration';

/**
 * The Diagnosis page keeps what it read of one system (db/diagnosis-inputs.ts) and, while people
 * label, reads only the labels, adjudications and verdicts added since (label_events and
 * adjudications are append-only; a verdict is only ever added). Everything else it read moves
 * `generation` here, so a kept read knows it must be read again whole, whichever code or process
 * wrote: the tables below on any write, the three label tables when a row goes (an unfinished
 * import or label merge taken back), the one setting it reads into its cases.
 *
 * `kept` is 1 while some reader keeps the current generation: only then does a write move it, so an
 * import of a million rows costs one update, not one per row. A reader sets it back to 1 for the
 * generation it read.
 */
export const DIAGNOSIS_BASIS_TABLES = [
  'responses', 'cases', 'claims', 'evidence', 'conflict_resolutions', 'documents', 'dimensions',
  'retrieval_units', 'retrieval_lists', 'retrieval_holds', 'case_slices',
] as const;

export const DIAGNOSIS_DELTA_TABLES = ['label_events', 'adjudications', 'verdicts'] as const;

const MOVE = 'UPDATE diagnosis_basis SET generation = generation + 1, kept = 0 WHERE id = 1';
const WHEN_KEPT = '(SELECT kept FROM diagnosis_basis WHERE id = 1) = 1';

/** A trigger moving the generation after `event` on `table`, while a reader keeps it (later migrations add tables the page reads). */
export const trigger = (table: string, event: 'INSERT' | 'UPDATE' | 'DELETE', extra = ''): string =>
  `CREATE TRIGGER diagnosis_basis_${table}_${event.toLowerCase()} AFTER ${event} ON ${table} WHEN ${WHEN_KEPT}${extra} BEGIN ${MOVE}; END;`;

export const migration020: Migration = {
  version: 20,
  name: 'the generation of what the Diagnosis page reads, for its kept read',
  sql: `
CREATE TABLE diagnosis_basis (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation INTEGER NOT NULL,
  kept INTEGER NOT NULL
) STRICT;
INSERT INTO diagnosis_basis (id, generation, kept) VALUES (1, 0, 0);
${DIAGNOSIS_BASIS_TABLES.flatMap((table) => (['INSERT', 'UPDATE', 'DELETE'] as const).map((event) => trigger(table, event))).join('\n')}
${DIAGNOSIS_DELTA_TABLES.flatMap((table) => (['UPDATE', 'DELETE'] as const).map((event) => trigger(table, event))).join('\n')}
${(['INSERT', 'UPDATE'] as const).map((event) => trigger('settings', event, " AND NEW.key = 'must_retrieve_types'")).join('\n')}
${trigger('settings', 'DELETE', " AND OLD.key = 'must_retrieve_types'")}
`,
};
