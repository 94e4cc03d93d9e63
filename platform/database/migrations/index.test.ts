import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { TEST_SCHEMA_PREFIX } from '../../../tests/support/events/db';
import { testPostgresUrl } from '../../../tests/support/events/postgres-url';
import { type OpenedPostgres, openPostgresDatabase, withPostgresClient } from '../postgres';
import { migrateToLatest } from './index';

// Run by the PostgreSQL project only (tests/support/postgres-suites.ts): the race is PostgreSQL's.

const schema = `${TEST_SCHEMA_PREFIX}migrate_race_${process.pid}`;
const elsewhere = `${schema}_elsewhere`;
let opened: OpenedPostgres | undefined;
let dropper: pg.Client | undefined;
afterEach(async () => {
  await dropper?.end();
  await opened?.close();
  dropper = undefined;
  opened = undefined;
  await withPostgresClient(testPostgresUrl(), async (client) => {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS ${elsewhere} CASCADE`);
    // The schemas the second test drops, should it stop before it has.
    for (let i = 0; i < SCHEMAS; i += 1)
      await client.query(`DROP SCHEMA IF EXISTS ${elsewhere}_${i} CASCADE`);
  });
});

const TABLES = 300;
const SCHEMAS = 200;

it('migrates while another session drops tables of another schema, as the table swap of a replay does', async () => {
  opened = await openPostgresDatabase(testPostgresUrl(), { schema });
  dropper = new pg.Client({ connectionString: testPostgresUrl() });
  await dropper.connect();
  await dropper.query(`CREATE SCHEMA ${elsewhere}`);
  for (let i = 0; i < TABLES; i += 1)
    await dropper.query(`CREATE TABLE ${elsewhere}.replay_old_${i} (id integer, name text, at timestamptz)`);

  // Each drop commits on its own while the migrator lists every table of every schema, again and again.
  let dropping = true;
  const drops = (async (client: pg.Client) => {
    for (let i = TABLES - 1; i >= 0; i -= 1) await client.query(`DROP TABLE ${elsewhere}.replay_old_${i}`);
    dropping = false;
  })(dropper);
  let runs = 0;
  try {
    while (dropping) {
      await migrateToLatest(opened.db as Kysely<unknown>, schema);
      runs += 1;
    }
  } finally {
    await drops;
  }
  expect(runs).toBeGreaterThan(0);
});

it('migrates while another session drops whole schemas, as each test run does with its own when it ends', async () => {
  opened = await openPostgresDatabase(testPostgresUrl(), { schema });
  dropper = new pg.Client({ connectionString: testPostgresUrl() });
  await dropper.connect();
  const doomed = (i: number) => `${elsewhere}_${i}`;
  for (let i = 0; i < SCHEMAS; i += 1) {
    await dropper.query(`CREATE SCHEMA ${doomed(i)}`);
    await dropper.query(`CREATE TABLE ${doomed(i)}.t (id integer)`);
  }
  let dropping = true;
  const drops = (async (client: pg.Client) => {
    for (let i = SCHEMAS - 1; i >= 0; i -= 1) await client.query(`DROP SCHEMA ${doomed(i)} CASCADE`);
    dropping = false;
  })(dropper);
  let runs = 0;
  try {
    while (dropping) {
      // Each run from nothing, so that each lists the tables of every schema while they go.
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(opened.db);
      await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(opened.db);
      await migrateToLatest(opened.db as Kysely<unknown>, schema);
      runs += 1;
    }
  } finally {
    await drops;
  }
  expect(runs).toBeGreaterThan(0);
});
