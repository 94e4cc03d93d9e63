import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../events/db';
import { readAll } from '../events/store';
import { openTempDatabase, registerTestAccount, type TestDatabase } from '../tests/support/events/db';

// Runs in the PostgreSQL project only (vitest.config.ts): the command moves a SQLite file into the run's PostgreSQL.
const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

let target: TestDatabase;
beforeEach(async () => {
  target = await openTempDatabase();
});
afterEach(async () => {
  await target.close();
});

/** The run's PostgreSQL, with every connection in the test's own schema, as an operator's URL would name one. */
async function targetUrl(): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(target.db);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${rows[0]?.schema}`);
  return url.toString();
}

const migrate = (...args: string[]) =>
  run(tsx, ['scripts/migrate-to-postgres.ts', ...args], { env: { ...process.env, DATA_DIR: target.dir } });

const eventsOf = async (db: TestDatabase['db']) => {
  const events = [];
  for await (const event of readAll(db)) events.push(event);
  return events;
};

describe('npm run migrate-to-postgres, as run from the shell', () => {
  it('moves DATA_DIR’s SQLite database into the named PostgreSQL one, and refuses to do it twice', async () => {
    const source = await openDatabase(path.join(target.dir, 'app.db'));
    try {
      for (let i = 0; i < 3; i++) await registerTestAccount(source.db, i);
      const url = await targetUrl();
      const moved = await migrate('--to', url);
      expect(moved.stdout).toContain('Moved 3 events');
      expect(moved.stdout).toMatch(/Rebuilt from the log: users 3,/);
      expect(await eventsOf(target.db)).toEqual(await eventsOf(source.db));

      await expect(migrate('--to', url)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/Move refused: .*already has 3 events/),
      });
      expect(await eventsOf(target.db)).toHaveLength(3);
    } finally {
      await source.close();
    }
  });

  it('says how to name the database when neither --to nor DATABASE_URL does', async () => {
    await expect(
      run(tsx, ['scripts/migrate-to-postgres.ts'], {
        env: { ...process.env, DATA_DIR: target.dir, DATABASE_URL: '' },
      }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--to postgres://') });
  });
});
