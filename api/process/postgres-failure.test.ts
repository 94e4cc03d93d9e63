import { describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../../platform/database/postgres';
import { describePostgresUrl, postgresOpenFailure } from './postgres-failure';

describe('describePostgresUrl', () => {
  it('names the user, host and database but never the password', () => {
    const described = describePostgresUrl('postgres://app:s3cret@db.internal:5433/cards?sslmode=require');
    expect(described).toBe('postgres://app@db.internal:5433/cards');
    expect(described).not.toContain('s3cret');
  });
});

describe('postgresOpenFailure', () => {
  const attempt = async (url: string) => {
    try {
      const opened = await openPostgresDatabase(url);
      await opened.close();
      return null;
    } catch (error) {
      return postgresOpenFailure(url, error);
    }
  };

  it('says a server that is not listening refused the connection, without the password', async () => {
    // Port 1 is never PostgreSQL's: the kernel refuses the connection at once.
    const problem = await attempt('postgres://app:s3cret@127.0.0.1:1/cards');
    expect(problem?.message).toBe(
      'The database at postgres://app@127.0.0.1:1/cards (DATABASE_URL) refused the connection: is PostgreSQL running and listening there?',
    );
  });

  it('says a database that does not exist should be created', async ({ skip }) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return skip('needs PostgreSQL (the postgres project)');
    const missing = new URL(url);
    missing.pathname = '/tradecard_no_such_database';
    const problem = await attempt(missing.toString());
    expect(problem?.message).toMatch(/tradecard_no_such_database \(DATABASE_URL\) does not exist: create it/);
  });

  it('leaves an error it does not know alone, so it keeps its stack', () => {
    expect(postgresOpenFailure('postgres://x@h/db', new Error('something else'))).toBeNull();
  });
});
