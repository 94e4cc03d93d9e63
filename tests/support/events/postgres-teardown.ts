import pg from 'pg';
import { TEST_SCHEMA_PREFIX } from './db';
import { testPostgresUrl } from './postgres-url';

/**
 * vitest's global setup for the PostgreSQL run: drops the test schemas a run leaves (tests/support/events/db.ts
 * reuses them between tests), at its start, for those of a run that was killed, and at its end.
 */
async function dropTestSchemas() {
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)',
      [TEST_SCHEMA_PREFIX],
    );
    for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function setup() {
  await dropTestSchemas();
}

export async function teardown() {
  await dropTestSchemas();
}
