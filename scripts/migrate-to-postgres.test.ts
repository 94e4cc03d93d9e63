import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAll } from '../events/store';
import { openDatabase } from '../platform/database/db';
import {
  openTempDatabase,
  registerTestAccount,
  schemaUrl,
  type TestDatabase,
} from '../tests/support/events/db';
import { runScript } from '../tests/support/scripts/run';

// Runs in the PostgreSQL project only (vitest.config.ts): the command moves a SQLite file into the run's PostgreSQL.

let target: TestDatabase;
beforeEach(async () => {
  target = await openTempDatabase();
});
afterEach(async () => {
  await target.close();
});

const migrate = (...args: string[]) => runScript('migrate-to-postgres', args, { DATA_DIR: target.dir });

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
      const url = await schemaUrl(target.db);
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
      runScript('migrate-to-postgres', [], { DATA_DIR: target.dir, DATABASE_URL: '' }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--to postgres://') });
  });
});
