import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import {
  openTempDatabase,
  registerTestAccount,
  schemaUrl,
  type TestDatabase,
} from '../../tests/support/events/db';
import {
  backupPostgres,
  checkPostgresBackup,
  requirePostgresTools,
  restorePostgres,
} from './backup-postgres';

// Runs in the PostgreSQL project only (vitest.config.ts): pg_dump and pg_restore against the run's PostgreSQL.
let t: TestDatabase;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

const schemaOf = async () =>
  (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(t.db)).rows[0]?.schema ?? '';
const eventsIn = async () => {
  const events = [];
  for await (const event of readAll(t.db)) events.push(event);
  return events;
};

describe('backups of a PostgreSQL install', () => {
  it('dumps one moment while writes continue, and restores it, keeping the replaced schema', async () => {
    for (let i = 0; i < 50; i++) await registerTestAccount(t.db, i);
    const url = await schemaUrl(t.db);
    const file = path.join(t.dir, 'backups', 'nightly.dump');
    const writing = (async () => {
      for (let i = 50; i < 100; i++) await registerTestAccount(t.db, i);
    })();
    const { events, schema } = await backupPostgres(url, file);
    await writing;
    expect(schema).toBe(await schemaOf());
    expect(events).toBeGreaterThanOrEqual(50);
    expect(await checkPostgresBackup(file)).toEqual({ schema });
    const live = await eventsIn();
    await registerTestAccount(t.db, 'old');

    const { previous } = await restorePostgres(url, file, new Date('2026-11-22T12:00:00Z'));
    expect(previous).toBe(`${schema}_before_restore_20261122120000`);
    try {
      // The count is the dump's own: exactly the events of the snapshot it was taken from.
      expect(await eventsIn()).toEqual(live.slice(0, events));
      expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(events);
      const kept = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM ${sql.table(`${previous}.events`)}`.execute(t.db);
      expect(kept.rows[0]?.n).toBe(live.length + 1);
      // Sequences, triggers and indexes came back too: the next append follows the restored log.
      const next = await registerTestAccount(t.db, 'after');
      expect(next.events[0]?.globalPosition).toBe(events + 1);
      await expect(registerTestAccount(t.db, 'again')).resolves.toBeDefined();
      await expect(
        sql`INSERT INTO users (id, name, email, username, created_at, updated_at)
          VALUES ('x', 'X', 'u1@example.com', 'x', '', '')`.execute(t.db),
      ).rejects.toThrow(/unique/);
    } finally {
      await sql`DROP SCHEMA ${sql.id(previous ?? '')} CASCADE`.execute(t.db);
    }
  });

  it('refuses what is not a backup of ours, and a missing one, changing nothing', async () => {
    await registerTestAccount(t.db, 1);
    const url = await schemaUrl(t.db);
    const notes = path.join(t.dir, 'notes.txt');
    fs.writeFileSync(notes, 'hello');
    await expect(restorePostgres(url, notes, new Date())).rejects.toThrow(/not a PostgreSQL backup/);
    await expect(restorePostgres(url, path.join(t.dir, 'missing.dump'), new Date())).rejects.toThrow(
      /No backup/,
    );
    expect(await eventsIn()).toHaveLength(1);
  });

  it('refuses a backup of another schema than the URL’s, changing nothing', async () => {
    await registerTestAccount(t.db, 1);
    const file = path.join(t.dir, 'other.dump');
    await backupPostgres(await schemaUrl(t.db), file);
    const other = await openTempDatabase();
    try {
      await registerTestAccount(other.db, 2);
      await expect(restorePostgres(await schemaUrl(other.db), file, new Date())).rejects.toThrow(
        /holds the schema .* nothing changed/,
      );
      expect((await other.db.selectFrom('users').select('id').execute()).map((user) => user.id)).toEqual([
        'u2',
      ]);
    } finally {
      await other.close();
    }
  });

  it('says what to install when pg_dump is missing', async () => {
    const pathBefore = process.env.PATH;
    process.env.PATH = t.dir;
    try {
      await expect(requirePostgresTools()).rejects.toThrow(/pg_dump is not installed.*client tools/);
    } finally {
      process.env.PATH = pathBefore;
    }
  });
});
