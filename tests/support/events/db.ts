import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import pg from 'pg';
import { accountDecider } from '../../../events/account/decider';
import { handleCommand } from '../../../events/command';
import { type Db, openDatabase } from '../../../events/db';
import type { GroupCommitDriver } from '../../../events/group-commit';
import { openPostgresDatabase } from '../../../events/postgres';

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
  close(): Promise<void>;
};

const SQLITE_ONLY = 'This test is about SQLite itself: it runs on SQLite only (vitest.config.ts).';

/** Drops a test's schema and all in it, so a run leaves the shared database as it found it. */
async function dropSchema(url: string, schema: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh database for one test: a SQLite file in a new temp folder, or a schema of its own in the PostgreSQL
 * database TEST_DATABASE_URL names (made empty, migrated, and dropped on close).
 */
export async function openTempDatabase(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-test-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const url = testDatabaseUrl();
  if (url) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const opened = await openPostgresDatabase(url, { schema });
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
      close: async () => {
        await opened.close();
        await dropSchema(url, schema);
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
