/**
 * Numbered, forward-only migrations, one file each. `PRAGMA user_version` records the
 * schema version; a file newer than LATEST_SCHEMA_VERSION is refused.
 */
import type { Migration } from './migration';
import { migration001 } from './001-test-set';
import { migration002 } from './002-labeling';
import { migration003 } from './003-label-progress';
import { migration004 } from './004-calibration';
import { migration005 } from './005-agreement-index';
import { migration006 } from './006-conflict-resolutions';
import { migration007 } from './007-retrieval';
import { migration008 } from './008-diagnosis';
import { migration009 } from './009-blind-rounds';
import { migration010 } from './010-diagnosis-data';
import { migration011 } from './011-interchange';
import { migration012 } from './012-imported-files';
import { migration013 } from './013-retrieval-read';
import { migration014 } from './014-case-marks';
import { migration015 } from './015-holdout-openings';
import { migration016 } from './016-diagnosis-read-and-reask';
import { migration017 } from './017-label-merges';
import { migration018 } from './018-response-facts';
import { migration019 } from './019-import-publishing';
import { migration020 } from './020-diagnosis-basis';
import { migration021 } from './021-diagnosis-pages';
import { migration022 } from './022-diagnosis-reask-basis';

export type { Migration } from './migration';

export const MIGRATIONS: Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016,
  migration017,
  migration018,
  migration019,
  migration020,
  migration021,
  migration022,
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
