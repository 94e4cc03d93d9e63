import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { migration as m0001 } from './0001-event-log';
import { migration as m0002 } from './0002-accounts';
import { migration as m0003 } from './0003-trials-and-cards';
import { migration as m0004 } from './0004-orders';
import { migration as m0005 } from './0005-local-payments';
import { migration as m0006 } from './0006-mail-outbox';
import { migration as m0007 } from './0007-reserved-usernames';
import { migration as m0008 } from './0008-media-uploads';
import { migration as m0009 } from './0009-session-idle';
import { migration as m0010 } from './0010-media-files';
import { migration as m0011 } from './0011-snapshots';
import { migration as m0012 } from './0012-drop-local-payments';
import { migration as m0013 } from './0013-visits';
import { migration as m0014 } from './0014-nfc-cards';
import { migration as m0015 } from './0015-weekly-summary';
import { migration as m0016 } from './0016-throttle-addresses-hashed';
import { migration as m0017 } from './0017-live-pages-and-preview-images';
import { migration as m0018 } from './0018-quote-enquiries';
import { migration as m0019 } from './0019-mail-about';

// One file a migration, named by its order; listed here, in order, so the bundle carries them and no file-system
// scan is needed. A migration, once shipped, never changes: a new change is a new file.
const migrations: Record<string, Migration> = {
  '0001-event-log': m0001,
  '0002-accounts': m0002,
  '0003-trials-and-cards': m0003,
  '0004-orders': m0004,
  '0005-local-payments': m0005,
  '0006-mail-outbox': m0006,
  '0007-reserved-usernames': m0007,
  '0008-media-uploads': m0008,
  '0009-session-idle': m0009,
  '0010-media-files': m0010,
  '0011-snapshots': m0011,
  '0012-drop-local-payments': m0012,
  '0013-visits': m0013,
  '0014-nfc-cards': m0014,
  '0015-weekly-summary': m0015,
  '0016-throttle-addresses-hashed': m0016,
  '0017-live-pages-and-preview-images': m0017,
  '0018-quote-enquiries': m0018,
  '0019-mail-about': m0019,
};

/**
 * `schema`: on PostgreSQL, the schema the migrations' own bookkeeping lives in. Kysely otherwise looks for its tables
 * in every schema, and would take another schema's (another test run's, say) for this one's.
 */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
