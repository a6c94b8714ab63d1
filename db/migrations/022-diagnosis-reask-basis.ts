import type { Migration } from './migration';

/**
 * The Diagnosis figures leave out a "claims this answer states" label given before its case's content
 * changed for every reviewer (case_content_changes: the step asks it again), so a change there moves
 * the generation of what the page reads, as the tables of migration 020 do.
 */
const MOVE = 'UPDATE diagnosis_basis SET generation = generation + 1, kept = 0 WHERE id = 1';
const WHEN_KEPT = '(SELECT kept FROM diagnosis_basis WHERE id = 1) = 1';

export const migration022: Migration = {
  version: 22,
  name: 'a label asked again moves what the Diagnosis page reads',
  sql: (['INSERT', 'UPDATE', 'DELETE'] as const)
    .map((event) => `CREATE TRIGGER diagnosis_basis_case_content_changes_${event.toLowerCase()} AFTER ${event} ON case_content_changes WHEN ${WHEN_KEPT} BEGIN ${MOVE}; END;`)
    .join('\n'),
};
