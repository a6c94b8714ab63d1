import type { Migration } from './migration';

export const migration005: Migration = {
  version: 5,
  name: 'agreement: current labels of a dimension read in one pass (index only)',
  sql: `
-- Judge vs human reads the current label of every item of a dimension (per reviewer and item, the
-- event with the highest id): this index hands a dimension's events over grouped by reviewer and
-- item, in id order, so the last of each group is the current label (db/agreement.ts,
-- currentLabelColumns). It carries the value too, sparing a table lookup per event, but only a
-- short one: a longer value (claims with their evidence) is '' here and read from the table, so
-- large values are not stored twice. The query names this very expression.
CREATE INDEX label_events_dimension ON label_events(dimension, reviewer_id, case_seq, response_seq, id, iif(length(value) > 200, '', value));
`,
};
