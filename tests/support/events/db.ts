import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { accountDecider } from '../../../events/account/decider';
import { handleCommand } from '../../../events/command';
import { type Db, openDatabase } from '../../../events/db';
import type { GroupCommitDriver } from '../../../events/group-commit';
import { type OpenedPostgres, openPostgresDatabase } from '../../../events/postgres';
import { testPostgresUrl } from './postgres-url';

/**
 * Which database the integration tests run on: SQLite by default; PostgreSQL when TEST_DATABASE_URL names one
 * (vitest.config.ts runs the suites listed there a second time that way, when PostgreSQL is reachable).
 */
export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || null;

export type TestDatabase = {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  /** A temp folder of the test's own, for files beside the database (and the SQLite file itself). */
  dir: string;
  /** The SQLite file; empty on PostgreSQL. */
  file: string;
  /** SQLite's own connection and driver, for a test about SQLite itself; such a test runs on SQLite only. */
  readonly sqlite: SQLite.Database;
  readonly driver: GroupCommitDriver;
  /** Another connection to the same database, as a second process (a server beside a script) would have. */
  openAnother(): Promise<{ db: Db; sqlite?: SQLite.Database; close(): Promise<void> }>;
  close(): Promise<void>;
};

const SQLITE_ONLY = 'This test is about SQLite itself: it runs on SQLite only (vitest.config.ts).';

/**
 * Schemas this test process has made, free for its next test. A worker runs one test file at a time, so a schema
 * named after the worker (VITEST_POOL_ID) is only ever used by one test at once; it is emptied when taken, so a
 * test never sees another's rows, even after a run that was killed half-way. Making and migrating a schema takes
 * seconds; emptying one, milliseconds. `npm test` drops them all at the end (tests/support/events/postgres-teardown.ts).
 */
const freeSchemas: string[] = [];
let schemasMade = 0;
export const TEST_SCHEMA_PREFIX = 'tradecard_test_';

async function takeSchema(url: string): Promise<{ opened: OpenedPostgres; schema: string }> {
  const schema =
    freeSchemas.pop() ?? `${TEST_SCHEMA_PREFIX}w${process.env.VITEST_POOL_ID ?? '0'}_${schemasMade++}`;
  const opened = await openPostgresDatabase(url, { schema });
  const { rows } = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables
    WHERE schemaname = ${schema} AND tablename NOT LIKE 'kysely_migration%'`.execute(opened.db);
  if (rows.length > 0)
    await sql`TRUNCATE ${sql.join(rows.map((row) => sql.table(`${schema}.${row.name}`)))} RESTART IDENTITY`.execute(
      opened.db,
    );
  return { opened, schema };
}

/**
 * A fresh database for one test: a SQLite file in a new temp folder, or an empty schema of its own in the
 * PostgreSQL database TEST_DATABASE_URL names (SQLite whatever it names, with `dialect: 'sqlite'`).
 */
export async function openTempDatabase(options: { dialect?: 'sqlite' } = {}): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-test-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  // A test about both databases at once (the move to PostgreSQL) asks for SQLite beside the run's PostgreSQL.
  const url = options.dialect === 'sqlite' ? null : testDatabaseUrl();
  if (url) {
    const { opened, schema } = await takeSchema(url);
    return {
      db: opened.db,
      dialect: 'postgres',
      dir,
      file: '',
      get sqlite(): SQLite.Database {
        throw new Error(SQLITE_ONLY);
      },
      get driver(): GroupCommitDriver {
        throw new Error(SQLITE_ONLY);
      },
      openAnother: () => openPostgresDatabase(url, { schema }),
      close: async () => {
        await opened.close();
        freeSchemas.push(schema);
        removeDir();
      },
    };
  }
  const file = path.join(dir, 'app.db');
  const opened = await openDatabase(file);
  return {
    db: opened.db,
    dialect: 'sqlite',
    dir,
    file,
    sqlite: opened.sqlite,
    driver: opened.driver,
    openAnother: () => openDatabase(file),
    close: async () => {
      await opened.close();
      removeDir();
    },
  };
}

/** Registers test account `u<i>` (user<i>, u<i>@example.com) through the real command path. */
export async function registerTestAccount(db: Db, i: number | string, now = new Date()) {
  return handleCommand(db, {
    decider: accountDecider,
    streamId: `account-u${i}`,
    command: {
      type: 'RegisterAccount',
      accountId: `u${i}`,
      name: `User ${i}`,
      email: `u${i}@example.com`,
      username: `user${i}`,
    },
    now,
  });
}

/**
 * A URL for the run's PostgreSQL whose every connection works in the schema `db` works in (a test's own), as an
 * operator's DATABASE_URL names one database: for scripts run from the shell.
 */
export async function schemaUrl(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const url = new URL(testPostgresUrl());
  // Percent-encoded: libpq, unlike URLSearchParams, reads no + as a space.
  url.search = `options=${encodeURIComponent(`-c search_path=${rows[0]?.schema}`)}`;
  return url.toString();
}
