import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, openDatabase } from '../../events/db';
import { openPostgresDatabase } from '../../events/postgres';

export type BenchDialect = 'sqlite' | 'postgres';
export const BENCH_DIALECTS: BenchDialect[] = ['sqlite', 'postgres'];

/**
 * The PostgreSQL server the bench measures: BENCH_POSTGRES_URL, else the machine's own (trust auth). The bench
 * makes a database of its own there for each measurement and drops it afterwards.
 */
const benchPostgresUrl = () =>
  process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export type BenchDatabase = {
  db: Db;
  dialect: BenchDialect;
  /** Settle what a fresh bulk write leaves behind, as a production database long since has (SQLite's WAL). */
  settle(): Promise<void>;
};

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: benchPostgresUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Whether the bench's PostgreSQL answers; its rows are left out, and say so, when it does not. */
export async function benchPostgresReachable(): Promise<boolean> {
  return withAdmin(async () => true).catch(() => false);
}

/**
 * Runs `work` against a real, empty database as production runs it, removed afterwards even when `work` throws:
 * a SQLite file in a temp folder (WAL, synchronous=FULL: a bench on :memory: would hide the fsync cost), or a
 * PostgreSQL database of its own (default settings: fsync and synchronous_commit on).
 */
export async function withTempDatabase<T>(
  work: (opened: BenchDatabase) => Promise<T>,
  dialect: BenchDialect = 'sqlite',
): Promise<T> {
  if (dialect === 'postgres') {
    const name = `tradecard_bench_${process.pid}_${Date.now()}`;
    await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
    try {
      const url = new URL(benchPostgresUrl());
      url.pathname = `/${name}`;
      const opened = await openPostgresDatabase(url.toString());
      try {
        return await work({
          db: opened.db,
          dialect,
          settle: async () => {
            await opened.pool.query('VACUUM ANALYZE');
          },
        });
      } finally {
        await opened.close();
      }
    } finally {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-'));
  try {
    const opened = await openDatabase(path.join(dir, 'app.db'));
    try {
      return await work({
        db: opened.db,
        dialect,
        settle: async () => {
          opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
        },
      });
    } finally {
      await opened.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
