import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { measurePostgresPoolWith, registry } from '../observability/metrics';
import { withPostgresClient } from '../platform/database/postgres';
import { TEST_SCHEMA_PREFIX } from '../tests/support/events/db';
import { captureLogs } from '../tests/support/observability/logs';
import { sampleValue } from '../tests/support/observability/metrics';
import { readEnv } from './env';
import { type DataDatabase, openDataDatabase } from './runtime';

// Issue 27: the PostgreSQL pool as the server opens it (openDataDatabase) and exports it, so an operator sees a
// pool run dry (queries waiting) and connections the database drops, from the first one. PostgreSQL only.

const url = process.env.TEST_DATABASE_URL as string;
const schema = `${TEST_SCHEMA_PREFIX}pool_${process.pid}`;
let dataDir: string;
let database: DataDatabase;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-pool-'));
  await withPostgresClient(url, (client) => client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`));
  const inSchema = new URL(url);
  inSchema.searchParams.set('options', `-c search_path=${schema}`);
  database = await openDataDatabase(
    readEnv({ DATA_DIR: dataDir, READY_MIN_FREE_MB: '0', DATABASE_URL: inSchema.toString() }),
  );
  // As api/server.ts does once the database is open.
  measurePostgresPoolWith(database.pool ?? null);
});
afterEach(async () => {
  measurePostgresPoolWith(null);
  await database.close();
  await withPostgresClient(url, (client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sample = async (name: string) => sampleValue(await registry.metrics(), name);

async function until(condition: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('exports the pool’s clients, idle and lent out, and the queries waiting when every one is lent', async () => {
  const pool = database.pool;
  if (!pool) throw new Error('PostgreSQL opened without its pool');
  const max = pool.options.max as number;
  const held = await Promise.all(Array.from({ length: max }, () => pool.connect()));
  const waiting = pool.query('SELECT 1');
  expect(await sample('postgres_pool_clients')).toBe(max);
  expect(await sample('postgres_pool_idle_clients')).toBe(0);
  expect(await sample('postgres_pool_waiting_clients')).toBe(1);

  for (const client of held) client.release();
  await waiting;
  expect(await sample('postgres_pool_clients')).toBe(max);
  expect(await sample('postgres_pool_idle_clients')).toBe(max);
  expect(await sample('postgres_pool_waiting_clients')).toBe(0);

  // Once the server lets go of the pool (it stops), the gauges say nothing is there rather than the last counts.
  measurePostgresPoolWith(null);
  expect(await sample('postgres_pool_clients')).toBe(0);
});

it('counts a connection PostgreSQL drops under the pool, and logs it once, while the pool carries on', async () => {
  const pool = database.pool;
  if (!pool) throw new Error('PostgreSQL opened without its pool');
  const client = await pool.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  client.release();
  const before = await sample('postgres_connection_errors_total');
  const logs = captureLogs('warn');
  try {
    // What a restart, a failover or an idle reaper does to an idle connection.
    await withPostgresClient(url, (admin) => admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]));
    await until(
      async () => (await sample('postgres_connection_errors_total')) === before + 1,
      'the dropped connection is counted',
    );
    expect(logs.lines()).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'A PostgreSQL connection was dropped; it is replaced.',
        err: expect.objectContaining({ code: '57P01' }),
      }),
    ]);
  } finally {
    logs.restore();
  }
  expect((await database.db.selectFrom('events').select('global_position').execute()).length).toBe(0);
  expect(await sample('postgres_connection_errors_total')).toBe(before + 1);
});
