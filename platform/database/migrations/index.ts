import { type Kysely, sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE as MIGRATION_TABLE, type Migration, Migrator } from 'kysely/migration';
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
import { migration as m0020 } from './0020-enquiries-kept';
import { migration as m0021 } from './0021-visit-allowances';
import { migration as m0022 } from './0022-reviews';
import { migration as m0023 } from './0023-domains';
import { migration as m0024 } from './0024-firms';
import { migration as m0025 } from './0025-firm-brands';
import { migration as m0026 } from './0026-firm-plans';

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
  '0020-enquiries-kept': m0020,
  '0021-visit-allowances': m0021,
  '0022-reviews': m0022,
  '0023-domains': m0023,
  '0024-firms': m0024,
  '0025-firm-brands': m0025,
  '0026-firm-plans': m0026,
};

/**
 * `schema`: on PostgreSQL, the schema the migrations' own bookkeeping lives in. Kysely otherwise looks for its tables
 * in every schema, and would take another schema's (another test run's, say) for this one's.
 */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
  if (await upToDate(db, schema)) return;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // A first start or an upgrade lists the tables (below); a drop that races it is over in milliseconds.
  for (let attempt = 1; ; attempt += 1) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    const code = (error as { code?: unknown }).code;
    if (attempt === LISTING_ATTEMPTS || !(code === UNDEFINED_TABLE || code === INVALID_SCHEMA_NAME))
      throw error;
    await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
  }
}

const UNDEFINED_TABLE = '42P01';
/** The same when another session drops a whole schema (a test run its own, when it ends). */
const INVALID_SCHEMA_NAME = '3F000';
const LISTING_ATTEMPTS = 5;

/**
 * Whether every migration is applied, read from the migrations' own table. Kysely's migrator finds that table by
 * listing every table of every schema, and on PostgreSQL the listing fails (undefined_table) when another session
 * drops a table while it runs: replay's table swap beside an instance that is starting, say. A start on a database
 * already up to date, nearly every start, so never lists them. Any failure here leaves the answer to the migrator.
 */
async function upToDate(db: Kysely<unknown>, schema: string | undefined): Promise<boolean> {
  try {
    const table = sql.table(schema ? `${schema}.${MIGRATION_TABLE}` : MIGRATION_TABLE);
    const { rows } = await sql<{ name: string }>`SELECT name FROM ${table}`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return Object.keys(migrations).every((name) => applied.has(name));
  } catch {
    return false;
  }
}
