import { sql } from 'kysely';
import type { Db } from './db';
import type { ReplayDialect } from './replay-dialect';
import { OLD_PREFIX, SHADOW_PREFIX } from './replay-names';
import { type LockTimes, timedWrite } from './replay-transaction';

/**
 * Replay's PostgreSQL side (platform/database/replay-dialect.ts). DDL is transactional here, and an index or constraint can be
 * renamed, so the swap leaves every name as the migrations made it: the shadows' indexes are built under a prefix
 * and take the live names inside the swap's transaction, where the replaced table's step aside.
 */

/** PostgreSQL truncates longer names silently, and two truncated names could meet. */
const MAX_IDENTIFIER_BYTES = 63;
const IDENT = String.raw`(?:"(?:[^"]|"")+"|[\w$]+)`;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function prefixed(prefix: string, name: string): string {
  const full = prefix + name;
  if (Buffer.byteLength(full) > MAX_IDENTIFIER_BYTES)
    throw new Error(`replay needs the name ${full}, longer than PostgreSQL keeps: shorten ${name}`);
  return full;
}

type IndexRow = { name: string; definition: string; constraint_definition: string | null };

/** A table's indexes; those behind a PRIMARY KEY, UNIQUE or EXCLUDE constraint come with its definition. */
async function indexesOf(db: Db, table: string): Promise<IndexRow[]> {
  const { rows } = await sql<IndexRow>`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition,
      pg_get_constraintdef(c.oid) AS constraint_definition
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    LEFT JOIN pg_constraint c ON c.conindid = i.oid AND c.conrelid = t.oid AND c.contype IN ('p', 'u', 'x')
    WHERE t.relname = ${table} AND n.nspname = current_schema()
    ORDER BY i.relname`.execute(db);
  return rows;
}

/** Triggers are the table's own (a rename keeps them on the replaced table), so the swap makes them again. */
async function triggersOf(db: Db, tables: string[]): Promise<{ definition: string }[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_triggerdef(tg.oid) AS definition
    FROM pg_trigger tg
    JOIN pg_class t ON t.oid = tg.tgrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE NOT tg.tgisinternal AND t.relname IN (${sql.join(tables)}) AND n.nspname = current_schema()
    ORDER BY t.relname, tg.tgname`.execute(db);
  return rows;
}

/** pg_get_indexdef's statement, naming the shadow's index and table instead. */
function shadowIndexSql(index: IndexRow, table: string): string {
  const pattern = new RegExp(
    `^(CREATE (?:UNIQUE )?INDEX )${IDENT}( ON (?:ONLY )?)(?:${IDENT}\\.)?${IDENT}( USING )`,
  );
  if (!pattern.test(index.definition)) throw new Error(`replay cannot read the definition of ${index.name}`);
  return index.definition.replace(
    pattern,
    `$1${quote(prefixed(SHADOW_PREFIX, index.name))}$2${quote(prefixed(SHADOW_PREFIX, table))}$3`,
  );
}

async function createShadowTables(db: Db, tables: string[], times: LockTimes): Promise<void> {
  const plans: { table: string; indexes: IndexRow[] }[] = [];
  for (const table of tables) plans.push({ table, indexes: await indexesOf(db, table) });
  await timedWrite(db, times, 'create', async (trx) => {
    for (const { table, indexes } of plans) {
      const shadow = prefixed(SHADOW_PREFIX, table);
      // Columns, defaults, NOT NULL and CHECK constraints (by their own names), identity and generated columns.
      await sql`CREATE TABLE ${sql.id(shadow)} (LIKE ${sql.id(table)} INCLUDING ALL EXCLUDING INDEXES)`.execute(
        trx,
      );
      for (const index of indexes) {
        if (index.constraint_definition)
          await sql`ALTER TABLE ${sql.id(shadow)} ADD CONSTRAINT ${sql.id(prefixed(SHADOW_PREFIX, index.name))}
            ${sql.raw(index.constraint_definition)}`.execute(trx);
        else await sql.raw(shadowIndexSql(index, table)).execute(trx);
      }
    }
  });
}

async function refuseForeignKeys(db: Db, tables: string[]): Promise<void> {
  const { rows } = await sql<{ name: string; parent: string }>`
    SELECT child.relname AS name, parent.relname AS parent
    FROM pg_constraint c
    JOIN pg_class child ON child.oid = c.conrelid
    JOIN pg_class parent ON parent.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE c.contype = 'f' AND n.nspname = current_schema()`.execute(db);
  const touching = rows.find((row) => tables.includes(row.name) || tables.includes(row.parent));
  if (touching)
    throw new Error(
      `replay cannot swap tables joined by a foreign key (${touching.name} → ${touching.parent}); see ADR 019`,
    );
}

/** DROP TABLE here unlinks files: quick, and its lock is on a table nobody reads any more. */
async function dropTable(db: Db, table: string, times: LockTimes): Promise<void> {
  await timedWrite(db, times, 'drop', (trx) => sql`DROP TABLE ${sql.id(table)}`.execute(trx));
}

async function dropLeftovers(db: Db, times: LockTimes): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables
    WHERE schemaname = current_schema() AND (starts_with(tablename, ${SHADOW_PREFIX})
      OR starts_with(tablename, ${OLD_PREFIX}))
    ORDER BY tablename`.execute(db);
  for (const { name } of rows) await dropTable(db, name, times);
  return rows.map((row) => row.name);
}

/**
 * A swap renames the live tables, which waits for every transaction reading them. A server transaction that read
 * one and then waits for the append lock the swap holds would deadlock with it; giving up before PostgreSQL's
 * deadlock_timeout (1 s) makes the swap the one that yields and tries again (events/replay.ts), never a request.
 */
async function beginSwap(trx: Db): Promise<void> {
  await sql`SET LOCAL lock_timeout = '500ms'`.execute(trx);
}

async function swapTables(trx: Db, tables: string[]): Promise<void> {
  // Read before the renames: each definition names the live table, which is the new one once they are done.
  const triggers = await triggersOf(trx, tables);
  for (const table of tables) {
    const indexes = await indexesOf(trx, table);
    await sql`ALTER TABLE ${sql.id(table)} RENAME TO ${sql.id(prefixed(OLD_PREFIX, table))}`.execute(trx);
    await sql`ALTER TABLE ${sql.id(prefixed(SHADOW_PREFIX, table))} RENAME TO ${sql.id(table)}`.execute(trx);
    // Renaming an index renames the constraint it backs too.
    for (const { name } of indexes) {
      await sql`ALTER INDEX ${sql.id(name)} RENAME TO ${sql.id(prefixed(OLD_PREFIX, name))}`.execute(trx);
      await sql`ALTER INDEX ${sql.id(prefixed(SHADOW_PREFIX, name))} RENAME TO ${sql.id(name)}`.execute(trx);
    }
  }
  for (const { definition } of triggers) await sql.raw(definition).execute(trx);
}

export const postgresReplay: ReplayDialect = {
  // Replay's writes go to tables only it uses, and hold back no server write until the swap: nothing to tune.
  tune: async () => async () => {},
  refuseForeignKeys,
  dropLeftovers,
  createShadowTables,
  // Fresh tables have no statistics; the planner would otherwise guess at them until autovacuum's next visit.
  prepareSwap: async (db, tables) => {
    for (const table of tables) await sql`ANALYZE ${sql.id(prefixed(SHADOW_PREFIX, table))}`.execute(db);
  },
  beginSwap,
  swapTables,
  dropOld: dropTable,
};
