import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase, schemaUrl, type TestDatabase } from '../../tests/support/events/db';
import { connectedInstances } from './connected-instances';
import { instanceName } from './instance-name';
import { openPostgresDatabase } from './postgres';

// Runs in the PostgreSQL project only (vitest.config.ts): pg_stat_activity of the run's PostgreSQL.
let t: TestDatabase;
const opened: { end(): Promise<void> }[] = [];
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((connection) => connection.end()));
  await t.close();
});

/** A connection named as a process elsewhere names its own: another host's instance, psql, an older release. */
async function connectAs(applicationName: string) {
  const client = new pg.Client({
    connectionString: await schemaUrl(t.db),
    application_name: applicationName,
  });
  await client.connect();
  opened.push(client);
  return client;
}

const schemaOf = async () =>
  (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(t.db)).rows[0]?.schema ?? '';

describe('the instances connected to an install on PostgreSQL', () => {
  it('names each instance of the schema once, from its pool and its election’s connection, and nothing else', async () => {
    const schema = await schemaOf();
    const before = new Date(Date.now() - 1000);
    await connectAs(instanceName('tradecard', schema, 'web-1', 4242));
    await connectAs(instanceName('tradecard', schema, 'web-1', 4242));
    await connectAs(instanceName('tradecard-leadership', schema, 'web-1', 4242));
    // Another install sharing the database, someone at psql, a test's own pool (t.db): none of them counts.
    await connectAs(instanceName('tradecard', `${schema}_other`, 'web-2', 7));
    await connectAs('psql');
    const checking = await connectAs('tradecard-restore');

    const instances = await connectedInstances(checking, schema);
    expect(instances).toEqual([
      {
        host: 'web-1',
        pid: 4242,
        clientAddresses: [expect.stringMatching(/^(127\.0\.0\.1|::1|a local socket)$/)],
        since: expect.any(Date),
        names: [`tradecard ${schema} web-1:4242`, `tradecard-leadership ${schema} web-1:4242`],
      },
    ]);
    expect(instances[0]?.since?.getTime()).toBeGreaterThan(before.getTime());
  });

  it('counts a connection that says no schema (an older release), and never its own process or connection', async () => {
    const schema = await schemaOf();
    // This process's own pool, named as the server names it: the restore's own, were it to hold one.
    const own = await openPostgresDatabase(await schemaUrl(t.db));
    opened.push({ end: own.close });
    await sql`SELECT 1`.execute(own.db);
    const checking = await connectAs(instanceName('tradecard', schema, 'elsewhere', 1));
    expect(await connectedInstances(checking, schema)).toEqual([]);

    await connectAs('tradecard');
    expect(await connectedInstances(checking, schema)).toMatchObject([
      { host: null, pid: null, names: ['tradecard'] },
    ]);
  });
});
