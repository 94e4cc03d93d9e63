import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../platform/database/db';
import { catchUp } from '../renderer/projector';
import { createTestApp } from '../tests/support/api/app';
import { jpegFile } from '../tests/support/api/media/images';
import { buyCardsAtHostedCheckout, subscribeAtHostedCheckout } from '../tests/support/api/payments/flows';
import { openTempDatabase, registerTestAccount, type TestDatabase } from '../tests/support/events/db';
import { diskTarget } from '../tests/support/renderer/disk-target';
import { filesUnder } from '../tests/support/renderer/files';
import { readModelRows } from '../tests/support/replay/log';
import { COPIED_TABLES, moveToPostgres } from './move-to-postgres';
import { readAll } from './store';

// Runs in the PostgreSQL project only (vitest.config.ts): a SQLite install moves into the run's PostgreSQL.
let before: Awaited<ReturnType<typeof createTestApp>>;
let target: TestDatabase;
beforeEach(async () => {
  before = await createTestApp({}, { dialect: 'sqlite' });
  target = await openTempDatabase();
});
afterEach(async () => {
  await before.close();
  await target.close();
});

const log = async (db: Db) => {
  const events = [];
  for await (const event of readAll(db)) events.push(event);
  return events;
};

const copiedRows = async (db: Db) => {
  const all: Record<string, unknown[]> = {};
  for (const [table, key] of Object.entries(COPIED_TABLES))
    all[table] = (
      await sql`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.join((key ?? []).map((c) => sql.ref(c)))}`.execute(
        db,
      )
    ).rows;
  return all;
};

const countEvents = async (db: Db) =>
  Number((await sql<{ n: number }>`SELECT count(*) AS n FROM events`.execute(db)).rows[0]?.n);

/** A history through the app's own routes: accounts, cards with a photo, orders, a deletion, mail, throttles. */
async function history() {
  const dana = await before.signUp('dana');
  const published = await before.publishForm(dana, [
    ['full_name', 'Dana Pipe'],
    ['job_title', 'Gas engineer'],
    ['phone_number', '0117 496 0456'],
    ['services', JSON.stringify([{ name: 'Boiler service', price: '£80' }])],
    ['cover_photo', await jpegFile('#204080', 1600, 900)],
  ]);
  expect(published.status).toBe(200);
  await subscribeAtHostedCheckout(before, dana);
  await buyCardsAtHostedCheckout(before, dana, 2);
  const sam = await before.signUp('sam');
  await before.publishForm(sam, [['full_name', 'Sam Spark']]);
  expect((await before.call('DELETE', '/api/profile', undefined, sam)).status).toBe(200);
  await before.call('POST', '/api/register', {
    name: 'Lee Unverified',
    email: 'lee@example.com',
    username: 'lee',
    password: 'Plumber2026',
  });
  await before.call('POST', '/api/login', { email: 'dana@example.com', password: 'wrong-password' });
  await before.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
  await before.call('POST', '/api/contact', {
    name: 'Chris Client',
    email: 'chris@example.com',
    reason: 'Other',
    message: 'Call me back.',
    agree: true,
  });
  await before.deliverMail();
  return { dana };
}

/** Renders every page from `db` into a folder of its own, beside a copy of the install's photos (vCards embed them). */
async function renderAll(db: Db, name: string): Promise<string> {
  const publicDir = path.join(before.dir, name);
  fs.cpSync(path.join(before.deps.publicDir, 'media'), path.join(publicDir, 'media'), { recursive: true });
  await catchUp(db, diskTarget(publicDir));
  return publicDir;
}

describe('npm run migrate-to-postgres', () => {
  it('moves a SQLite install whose pages, reads and log come out the same from PostgreSQL', async () => {
    const { dana } = await history();
    const report = await moveToPostgres(before.db, target.db);

    expect(report.events).toBe(await countEvents(before.db));
    expect(await log(target.db)).toEqual(await log(before.db));
    expect(await copiedRows(target.db)).toEqual(await copiedRows(before.db));
    expect(await readModelRows(target.db)).toEqual(await readModelRows(before.db));
    expect(report.copied.sessions).toBeGreaterThan(0);
    expect(report.copied.media_files).toBe(1);
    expect(report.rebuilt.orders).toBe(2);
    expect(report.rebuilt.reserved_usernames).toBe(1);

    const fromSqlite = filesUnder(await renderAll(before.db, 'from-sqlite'));
    const fromPostgres = filesUnder(await renderAll(target.db, 'from-postgres'));
    expect([...fromSqlite.keys()]).toEqual(expect.arrayContaining(['u/dana/index.html', 'u/sam/index.html']));
    expect(fromPostgres).toEqual(fromSqlite);

    // The same session token works on the moved install, and every read answers alike.
    const after = await createTestApp({}, { database: target });
    try {
      for (const url of [
        '/api/profile',
        '/api/business-card/my_card',
        '/api/business-card/by_username/dana',
        '/api/business-card/by_username/sam',
        '/api/me/orders',
      ]) {
        const [was, is] = [
          await before.call('GET', url, undefined, dana),
          await after.call('GET', url, undefined, dana),
        ];
        expect({ url, status: is.status, body: is.body }).toEqual({
          url,
          status: was.status,
          body: was.body,
        });
      }
      // The identity column goes on after the copied positions.
      const next = await registerTestAccount(target.db, 'new');
      expect(next.events[0]?.globalPosition).toBe(report.events + 1);
      await expect(moveToPostgres(before.db, target.db)).rejects.toThrow(
        /already has \d+ events.*Nothing was written/,
      );
      expect(await countEvents(target.db)).toBe(report.events + 1);
    } finally {
      // The moved database is the second app's to close now.
      target = await openTempDatabase();
      await after.close();
    }
  });

  it('killed half-way leaves the target empty, and runs again from the start', async () => {
    await history();
    await expect(
      moveToPostgres(before.db, target.db, {
        onProgress: (step) => {
          if (step === 'sessions') throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await countEvents(target.db)).toBe(0);
    expect(await target.db.selectFrom('credentials').selectAll().execute()).toEqual([]);

    const report = await moveToPostgres(before.db, target.db);
    expect(report.events).toBe(await countEvents(before.db));
    expect(await copiedRows(target.db)).toEqual(await copiedRows(before.db));
  });

  it('refuses a SQLite database with a table it does not know, writing nothing', async () => {
    await registerTestAccount(before.db, 1);
    await sql`CREATE TABLE notes (id TEXT PRIMARY KEY)`.execute(before.db);
    await expect(moveToPostgres(before.db, target.db)).rejects.toThrow(/\(notes\).*Nothing was written/);
    expect(await countEvents(target.db)).toBe(0);
  });
});
