import { trigger } from './020-diagnosis-basis';
import type { Migration } from './migration';

/**
 * The Diagnosis figures leave out a "claims this answer states" label given before its case's content
 * changed for every reviewer (case_content_changes: the step asks it again), so a change there moves
 * the generation of what the page reads, as the tables of migration 020 do.
 */
export const migration022: Migration = {
  version: 22,
  name: 'a label asked again moves what the Diagnosis page reads',
  sql: (['INSERT', 'UPDATE', 'DELETE'] as const).map((event) => trigger('case_content_changes', event)).join('\n'),
};
