import { withPostgresClient } from '../../../platform/database/postgres';
import { TEST_SCHEMA_PREFIX } from '../events/db';

/**
 * A schema of its own in the test database for a cluster of server processes, and the DATABASE_URL that puts every
 * connection of theirs in it (libpq's `options`). Named with the test prefix, so a run killed half-way leaves
 * nothing the next run's teardown does not drop.
 */
export async function clusterSchema(url: string) {
  const schema = `${TEST_SCHEMA_PREFIX}cluster_${process.pid}_${Date.now() % 100_000}`;
  await withPostgresClient(url, (client) => client.query(`CREATE SCHEMA ${schema}`));
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    databaseUrl: databaseUrl.toString(),
    query: <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
      withPostgresClient(url, async (client) => {
        await client.query(`SET search_path TO ${schema}`);
        return (await client.query<Row>(text, values)).rows;
      }),
    drop: () => withPostgresClient(url, (client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)),
  };
}
