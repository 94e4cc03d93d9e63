import pg from 'pg';

/** The PostgreSQL the test run uses: TEST_DATABASE_URL, else the machine's own (trust auth, database `test`). */
export const testPostgresUrl = () =>
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** One short-lived connection, for a test's setup outside the database under test (making a schema, say). */
export async function withPostgresClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
