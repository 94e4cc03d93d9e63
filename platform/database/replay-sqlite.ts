import { sql } from 'kysely';
import type { Db } from './db';
import type { ReplayDialect } from './replay-dialect';
import { OLD_PREFIX, SHADOW_PREFIX } from './replay-names';
import { adaptiveBatch, type LockTimes, timedWrite } from './replay-transaction';

/** Replay's SQLite side (platform/database/replay-dialect.ts): the schema read from sqlite_master, tables emptied by rowid. */
/**
 * Index names are global in a schema and SQLite cannot rename an index, so a shadow table's indexes cannot take
 * the live ones' names, and re-creating them at the swap would sort every row under the lock (41 ms for 50k
 * users). Each replay's indexes take the other of two names instead: `x` and `x__replayed`.
 */
const INDEX_SUFFIX = '__replayed';

type TableSchema = { table: string; sql: string; indexes: { name: string; sql: string }[] };
type TriggerSchema = { name: string; sql: string };

type MasterRow = { type: string; name: string; tbl_name: string; sql: string | null };

const IDENT = String.raw`(?:"(?:[^"]|"")+"|\[[^\]]+\]|\x60[^\x60]+\x60|[\w$]+)`;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function master(db: Db): Promise<MasterRow[]> {
  const { rows } = await sql<MasterRow>`SELECT type, name, tbl_name, sql FROM sqlite_master`.execute(db);
  return rows;
}

const otherIndexName = (name: string) =>
  name.endsWith(INDEX_SUFFIX) ? name.slice(0, -INDEX_SUFFIX.length) : `${name}${INDEX_SUFFIX}`;

/** Each table's CREATE statement and its explicit indexes (UNIQUE and PRIMARY KEY ones come with the table). */
async function readTableSchemas(db: Db, tables: string[]): Promise<TableSchema[]> {
  const rows = await master(db);
  return tables.map((table) => {
    const created = rows.find((row) => row.type === 'table' && row.name === table);
    if (!created?.sql) throw new Error(`replay: no table ${table}`);
    const indexes = rows
      .filter((row) => row.type === 'index' && row.tbl_name === table && row.sql)
      .map((row) => ({ name: row.name, sql: row.sql as string }));
    return { table, sql: created.sql, indexes };
  });
}

async function readTriggers(db: Db, tables: string[]): Promise<TriggerSchema[]> {
  return (await master(db))
    .filter((row) => row.type === 'trigger' && tables.includes(row.tbl_name) && row.sql)
    .map((row) => ({ name: row.name, sql: row.sql as string }));
}

/**
 * Renaming a table with foreign_keys=ON rewrites other tables' REFERENCES to follow it (whatever
 * legacy_alter_table says), so a child would end up pointing at the dropped old table. No read model has a foreign
 * key today; one that gains one must change how replay swaps it, so replay refuses rather than corrupt.
 */
async function refuseForeignKeys(db: Db, tables: string[]): Promise<void> {
  const { rows } = await sql<{ name: string; parent: string }>`
    SELECT m.name AS name, f."table" AS parent FROM sqlite_master m, pragma_foreign_key_list(m.name) f
    WHERE m.type = 'table'`.execute(db);
  const touching = rows.find((row) => tables.includes(row.name) || tables.includes(row.parent));
  if (touching)
    throw new Error(
      `replay cannot swap tables joined by a foreign key (${touching.name} → ${touching.parent}); see ADR 019`,
    );
}

function shadowTableSql(schema: TableSchema): string {
  const pattern = new RegExp(`^(\\s*CREATE\\s+TABLE\\s+)${IDENT}`, 'i');
  if (!pattern.test(schema.sql))
    throw new Error(`replay cannot read the CREATE statement of ${schema.table}`);
  return schema.sql.replace(pattern, `$1${quote(SHADOW_PREFIX + schema.table)}`);
}

function shadowIndexSql(schema: TableSchema, index: { name: string; sql: string }): string {
  const pattern = new RegExp(`^(\\s*CREATE\\s+(?:UNIQUE\\s+)?INDEX\\s+)${IDENT}(\\s+ON\\s+)${IDENT}`, 'i');
  if (!pattern.test(index.sql)) throw new Error(`replay cannot read the CREATE statement of ${index.name}`);
  return index.sql.replace(
    pattern,
    `$1${quote(otherIndexName(index.name))}$2${quote(SHADOW_PREFIX + schema.table)}`,
  );
}

/** Empty shadow tables, with indexes, beside the live ones. Cheap: a few pages each. */
async function createShadowTables(db: Db, tables: string[], times: LockTimes): Promise<void> {
  const schemas = await readTableSchemas(db, tables);
  await timedWrite(db, times, 'create', async (trx) => {
    for (const schema of schemas) {
      await sql.raw(shadowTableSql(schema)).execute(trx);
      for (const index of schema.indexes) await sql.raw(shadowIndexSql(schema, index)).execute(trx);
    }
  });
}

/**
 * DROP TABLE frees every page in one statement: 104 ms for 50k cards. Emptying the table in short transactions
 * first keeps each hold of the lock short; dropping the empty table is then a few pages.
 */
async function dropInBatches(db: Db, table: string, times: LockTimes): Promise<void> {
  const batch = adaptiveBatch(15, 100);
  for (;;) {
    const deleted = await timedWrite(db, times, 'drop', async (trx) => {
      const result = await sql`DELETE FROM ${sql.table(table)} WHERE rowid IN
        (SELECT rowid FROM ${sql.table(table)} LIMIT ${batch.size()})`.execute(trx);
      return Number(result.numAffectedRows ?? 0);
    });
    batch.took(deleted, times.lastMs);
    if (deleted === 0) break;
  }
  await timedWrite(db, times, 'drop', (trx) => sql`DROP TABLE ${sql.table(table)}`.execute(trx));
}

/** Tables a killed replay left behind: a half-built shadow, or a replaced table not yet dropped. */
async function dropLeftovers(db: Db, times: LockTimes): Promise<string[]> {
  const leftovers = (await master(db))
    .filter((row) => row.type === 'table')
    .map((row) => row.name)
    .filter((name) => name.startsWith(SHADOW_PREFIX) || name.startsWith(OLD_PREFIX));
  for (const table of leftovers) await dropInBatches(db, table, times);
  return leftovers;
}

/**
 * Inside the swap's transaction: the live tables step aside (renamed, O(1)), the shadows take their names, and
 * the triggers are made again on the new tables. Triggers go first and legacy_alter_table is on, so no rename
 * rewrites a trigger's body to point at a table about to be dropped (users_username_not_reserved reads
 * reserved_usernames).
 */
async function swapTables(trx: Db, tables: string[]): Promise<void> {
  const triggers = await readTriggers(trx, tables);
  await sql`PRAGMA legacy_alter_table = ON`.execute(trx);
  try {
    for (const trigger of triggers) await sql`DROP TRIGGER ${sql.id(trigger.name)}`.execute(trx);
    for (const table of tables) {
      await sql`ALTER TABLE ${sql.table(table)} RENAME TO ${sql.id(OLD_PREFIX + table)}`.execute(trx);
      await sql`ALTER TABLE ${sql.table(SHADOW_PREFIX + table)} RENAME TO ${sql.id(table)}`.execute(trx);
    }
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
  } finally {
    await sql`PRAGMA legacy_alter_table = OFF`.execute(trx);
  }
}

/** Negative: KiB, as SQLite reads it. */
const REPLAY_CACHE_KIB = -65_536;

/**
 * While replay runs, on its own connection:
 * - synchronous=NORMAL: a commit then waits for no fsync under the lock. Nothing replay writes needs to survive
 *   a power cut: a lost batch or swap leaves the old tables, which the server kept in step, and a leftover the
 *   next replay drops; in WAL this loses only recent commits, never consistency.
 * - no automatic checkpoint: one run by a COMMIT would count in that transaction's lock time; replay runs them
 *   itself, between its transactions (platform/database/replay-transaction.ts).
 * - a bigger page cache: the shadows' indexes take rows in random key order (ids are UUIDs), and with SQLite's
 *   default 2 MB inserts read index pages back from the OS while holding the lock.
 * Returns what puts the connection back as it was: it is the server's own in production.
 */
async function tune(db: Db): Promise<() => Promise<void>> {
  const before = await pragmas(db);
  await sql`PRAGMA synchronous = NORMAL`.execute(db);
  await sql`PRAGMA wal_autocheckpoint = 0`.execute(db);
  await sql.raw(`PRAGMA cache_size = ${REPLAY_CACHE_KIB}`).execute(db);
  return async () => {
    await sql.raw(`PRAGMA synchronous = ${before.synchronous}`).execute(db);
    await sql.raw(`PRAGMA wal_autocheckpoint = ${before.autocheckpoint}`).execute(db);
    await sql.raw(`PRAGMA cache_size = ${before.cacheSize}`).execute(db);
  };
}

async function pragmas(db: Db): Promise<{ synchronous: number; autocheckpoint: number; cacheSize: number }> {
  const synchronous = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
  const checkpoint = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db);
  const cache = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
  return {
    synchronous: Number(synchronous.rows[0]?.synchronous ?? 2),
    autocheckpoint: Number(checkpoint.rows[0]?.wal_autocheckpoint ?? 1000),
    cacheSize: Number(cache.rows[0]?.cache_size ?? -2000),
  };
}

export const sqliteReplay: ReplayDialect = {
  tune,
  refuseForeignKeys,
  dropLeftovers,
  createShadowTables,
  // SQLite's planner reads no statistics replay could leave stale.
  prepareSwap: async () => {},
  beginSwap: async () => {},
  swapTables,
  dropOld: dropInBatches,
};
