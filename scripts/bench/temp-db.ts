import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { type Db, openDatabase } from '../../platform/database/db';
import { openPostgresDatabase, withPostgresClient } from '../../platform/database/postgres';
import { readBenchEnv } from './env';

export type BenchDialect = 'sqlite' | 'postgres';

const benchPostgresUrl = () => readBenchEnv().BENCH_POSTGRES_URL;

export type BenchDatabase = {
  db: Db;
  dialect: BenchDialect;
  /** Settle what a fresh bulk write leaves behind, as a production database long since has (SQLite's WAL). */
  settle(): Promise<void>;
};

const withAdmin = <T>(work: (client: pg.Client) => Promise<T>) =>
  withPostgresClient(benchPostgresUrl(), work);

/** Whether the bench's PostgreSQL answers; its rows are left out, and say so, when it does not. */
async function benchPostgresReachable(): Promise<boolean> {
  return withAdmin(async () => true).catch(() => false);
}

const leftOut: string[] = [];

/**
 * Whether the PostgreSQL rows of `what` can be measured. When not, says so at once on stderr and keeps it for
 * `postgresLeftOut()`, which scripts/bench.ts prints under the table: a run without PostgreSQL still completes,
 * and the missing rows are not mistaken for rows nobody wrote.
 */
export async function postgresOrLeftOut(what: string): Promise<boolean> {
  if (await benchPostgresReachable()) return true;
  leftOut.push(what);
  process.stderr.write(`PostgreSQL did not answer (BENCH_POSTGRES_URL): its ${what} rows are left out.\n`);
  return false;
}

export const postgresLeftOut = (): readonly string[] => leftOut;

/**
 * Runs `work` with the URL of a new, empty PostgreSQL database of its own on the bench's server, dropped
 * afterwards even when `work` throws (with FORCE: a server process killed half-way may still hold connections).
 */
export async function withTempPostgresUrl<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `tradecard_bench_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  try {
    const url = new URL(benchPostgresUrl());
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

/**
 * The database a server on `dir` would open: PostgreSQL at `databaseUrl` when given, else the SQLite file in `dir`
 * (WAL, synchronous=FULL: a bench on :memory: would hide the fsync cost; PostgreSQL keeps its defaults, fsync and
 * synchronous_commit on). Closed by `work`'s end, even when it throws.
 */
export async function withBenchDatabase<T>(
  where: { dir: string; databaseUrl?: string },
  work: (opened: BenchDatabase) => Promise<T>,
): Promise<T> {
  if (where.databaseUrl) {
    const opened = await openPostgresDatabase(where.databaseUrl);
    try {
      return await work({
        db: opened.db,
        dialect: 'postgres',
        settle: async () => {
          await opened.pool.query('VACUUM ANALYZE');
        },
      });
    } finally {
      await opened.close();
    }
  }
  const opened = await openDatabase(path.join(where.dir, 'app.db'));
  try {
    return await work({
      db: opened.db,
      dialect: 'sqlite',
      settle: async () => {
        opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      },
    });
  } finally {
    await opened.close();
  }
}

/** Runs `work` against a real, empty database of `dialect` (withBenchDatabase), removed afterwards. */
export async function withTempDatabase<T>(
  work: (opened: BenchDatabase) => Promise<T>,
  dialect: BenchDialect = 'sqlite',
): Promise<T> {
  if (dialect === 'postgres')
    return withTempPostgresUrl((databaseUrl) => withBenchDatabase({ dir: '', databaseUrl }, work));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-'));
  try {
    return await withBenchDatabase({ dir }, work);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
