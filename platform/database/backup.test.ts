import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountDecider } from '../../events/account/decider';
import { handleCommand } from '../../events/command';
import { readAll } from '../../events/store';
import { openTempDatabase, registerTestAccount } from '../../tests/support/events/db';
import { backupDatabase, checkBackup, restoreDatabase } from './backup';
import { openDatabase } from './db';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

const register = (i: number) => registerTestAccount(t.db, i);

const eventsIn = async (file: string) => {
  const database = await openDatabase(file);
  const events = [];
  for await (const event of readAll(database.db)) events.push(event);
  const users = await database.db.selectFrom('users').selectAll().orderBy('id').execute();
  await database.close();
  return { events, users };
};

describe('backup and restore', () => {
  it('takes a consistent online backup while writes continue, and restores it', async () => {
    for (let i = 0; i < 50; i++) await register(i);
    const backupFile = path.join(t.dir, 'backups', 'app-backup.db');
    // Writes keep landing while the backup runs; the copy holds a consistent prefix of the log.
    const writing = (async () => {
      for (let i = 50; i < 100; i++) await register(i);
    })();
    await backupDatabase(t.sqlite, backupFile);
    await writing;
    const { events } = checkBackup(backupFile);
    expect(events).toBeGreaterThanOrEqual(50);

    const liveDir = path.join(t.dir, 'restored');
    fs.mkdirSync(liveDir);
    const target = path.join(liveDir, 'app.db');
    const replaced = await openDatabase(target);
    await handleCommand(replaced.db, {
      decider: accountDecider,
      streamId: 'account-old',
      command: {
        type: 'RegisterAccount',
        accountId: 'old',
        name: 'Old',
        email: 'old@example.com',
        username: 'old',
      },
      now: new Date(),
    });
    await replaced.close();
    const restored = restoreDatabase(backupFile, target, new Date('2026-11-22T12:00:00Z'));
    expect(restored.events).toBe(events);
    expect((await eventsIn(restored.previous ?? '')).users.map((u) => u.id)).toEqual(['old']);

    const copy = await eventsIn(target);
    expect(copy.events).toHaveLength(events);
    const live = [];
    for await (const event of readAll(t.db)) live.push(event);
    expect(copy.events).toEqual(live.slice(0, events));
    expect(copy.users).toHaveLength(events);
  });

  it('refuses to restore something that is not one of our databases', () => {
    const notDb = path.join(t.dir, 'notes.txt');
    fs.writeFileSync(notDb, 'hello');
    expect(() => restoreDatabase(notDb, path.join(t.dir, 'other.db'), new Date())).toThrow(
      /not a SQLite database/,
    );
    expect(() =>
      restoreDatabase(path.join(t.dir, 'missing.db'), path.join(t.dir, 'other.db'), new Date()),
    ).toThrow(/No backup/);
    expect(fs.existsSync(path.join(t.dir, 'other.db'))).toBe(false);
  });
});
