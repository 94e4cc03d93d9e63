import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountDecider } from '../events/account/decider';
import { handleCommand } from '../events/command';
import { openDatabase } from '../events/db';
import { registerTestAccount } from '../tests/support/events/db';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-ops-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const script = (name: string, ...args: string[]) =>
  run(tsx, [`scripts/${name}.ts`, ...args], { env: { ...process.env, DATA_DIR: dataDir } });

async function seed(count: number) {
  const database = await openDatabase(path.join(dataDir, 'app.db'));
  for (let i = 0; i < count; i++) await registerTestAccount(database.db, i);
  return database;
}

describe('ops commands, as run from the shell', () => {
  it('backs up, restores (keeping the replaced database) and replays', async () => {
    const database = await seed(3);
    const mediaDir = path.join(dataDir, 'public', 'media');
    fs.mkdirSync(mediaDir, { recursive: true });
    fs.writeFileSync(path.join(mediaDir, `${'a'.repeat(24)}-320.webp`), 'a photo');
    const backup = path.join(dataDir, 'backups', 'nightly.db');
    const backedUp = await script('backup', backup);
    expect(backedUp.stdout).toContain('Backed up 3 events');
    expect(backedUp.stdout).toContain('and 1 new photo files');
    fs.rmSync(mediaDir, { recursive: true });

    await handleCommand(database.db, {
      decider: accountDecider,
      streamId: 'account-late',
      command: {
        type: 'RegisterAccount',
        accountId: 'late',
        name: 'Late',
        email: 'late@example.com',
        username: 'late',
      },
      now: new Date(),
    });
    await database.close();

    const restored = await script('restore', backup);
    expect(restored.stdout).toContain('Restored 3 events and 1 photo files');
    // Restored into its shard (api/media/stored.ts), wherever the backup had it.
    expect(fs.readFileSync(path.join(mediaDir, 'aa', `${'a'.repeat(24)}-320.webp`), 'utf8')).toBe('a photo');
    expect(fs.existsSync(path.join(dataDir, 'public', 'u', 'user0', 'index.html'))).toBe(true);
    expect(restored.stdout).toMatch(/kept at .*app\.db\.before-restore-/);
    const after = await openDatabase(path.join(dataDir, 'app.db'));
    expect(await after.db.selectFrom('users').select('id').orderBy('id').execute()).toEqual([
      { id: 'u0' },
      { id: 'u1' },
      { id: 'u2' },
    ]);
    await after.db.deleteFrom('users').execute();
    await after.close();

    const replayed = await script('replay');
    expect(replayed.stdout).toMatch(/Replayed 3 events .* users: 3/);
    expect(replayed.stdout).toMatch(
      /Held the write lock at most [\d.]+ ms \(\d+ transactions; the swap [\d.]+ ms;/,
    );
  });

  it('refuses to restore while a server runs on the data folder', async () => {
    await (await seed(1)).close();
    await script('backup', path.join(dataDir, 'b.db'));
    fs.writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
    await expect(script('restore', path.join(dataDir, 'b.db'))).rejects.toMatchObject({
      stderr: expect.stringContaining('Stop it (Ctrl-C) before restoring'),
    });
  });

  it('grants admin by email and explains a missing account', async () => {
    await (await seed(1)).close();
    expect((await script('grant-admin', 'U0@example.com')).stdout).toContain(
      'u0@example.com is now an admin.',
    );
    await expect(script('grant-admin', 'ghost@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('No account with the email ghost@example.com.'),
    });
  });
});
