/** The PostgreSQL the test run uses: TEST_DATABASE_URL, else the machine's own (trust auth, database `test`). */
export const testPostgresUrl = () =>
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
