import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountDecider } from '../events/account/decider';
import { handleCommand } from '../events/command';
import { openDatabase } from '../platform/database/db';
import { headersFor, mediaKey, pageKey } from '../platform/storage/key-layout';
import { type S3Settings, s3Storage } from '../platform/storage/s3';
import { compiledCommand } from '../tests/support/compiled';
import { registerTestAccount } from '../tests/support/events/db';
import { freshBucketSettings, s3EnvOf } from '../tests/support/storage/bucket';

const run = promisify(execFile);

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-ops-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const script = (name: string, ...args: string[]) =>
  run(process.execPath, [compiledCommand(name), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, ...extraEnv },
  });

let extraEnv: Record<string, string> = {};
afterEach(() => {
  extraEnv = {};
});

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

/** STORAGE=s3 on a new, empty bucket of the test server, as the scripts read it from the environment. */
async function useFreshBucket(): Promise<S3Settings> {
  const settings = await freshBucketSettings('tc/');
  extraEnv = s3EnvOf(settings);
  return settings;
}

describe('moving a disk install into a bucket', () => {
  it('copies every photo and renders every page into the bucket, and copies only what is new a second time', async () => {
    await (await seed(2)).close();
    const shard = path.join(dataDir, 'public', 'media', 'c1');
    fs.mkdirSync(shard, { recursive: true });
    const photo = `c1${'0'.repeat(22)}`;
    fs.writeFileSync(path.join(shard, `${photo}-640.webp`), 'a photo on the disk');
    const settings = await useFreshBucket();

    const moved = await script('migrate-to-bucket');
    expect(moved.stdout).toContain('Copied 1 photo files');
    expect(moved.stdout).toContain('rendered 2 profile pages into the bucket');
    const bucket = s3Storage(settings);
    const copied = await bucket.get(mediaKey(photo, 640));
    if (!copied || copied === 'not-modified') throw new Error('the photo is not in the bucket');
    expect(copied.body.toString()).toBe('a photo on the disk');
    expect(copied.headers?.contentType).toBe('image/webp');
    for (const username of ['user0', 'user1']) expect(await bucket.head(pageKey(username))).not.toBeNull();
    // The disk is only read.
    expect(fs.existsSync(path.join(shard, `${photo}-640.webp`))).toBe(true);

    expect((await script('migrate-to-bucket')).stdout).toContain('Copied 0 photo files');
  });

  it('refuses without STORAGE=s3, naming what to set', async () => {
    await (await seed(1)).close();
    const refused = await script('migrate-to-bucket').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain('Set STORAGE=s3 and the S3_* variables');
  });
});

describe('backup and restore with STORAGE=s3', () => {
  it('copy the photos from the bucket into the backup, and back into the bucket, then render the pages there', async () => {
    const settings = await useFreshBucket();
    const bucket = s3Storage(settings);
    const photos = [mediaKey('a'.repeat(24), 320), mediaKey(`b${'0'.repeat(23)}`, 640)];
    for (const [index, key] of photos.entries()) await bucket.put(key, `photo ${index}`, headersFor(key));
    await (await seed(2)).close();

    const backup = path.join(dataDir, 'backups', 'nightly.db');
    expect((await script('backup', backup)).stdout).toContain('and 2 new photo files');
    expect(fs.readFileSync(path.join(`${backup}.media`, 'b0', `b${'0'.repeat(23)}-640.webp`), 'utf8')).toBe(
      'photo 1',
    );
    // A second backup into the same folder fetches nothing again.
    expect((await script('backup', backup)).stdout).toContain('and 0 new photo files');

    // The bucket loses a photo (a bad lifecycle rule, a deleted bucket): the restore brings it back.
    await bucket.delete(photos[1] as string);
    const restored = await script('restore', backup);
    expect(restored.stdout).toContain('Restored 2 events and 1 photo files');
    const back = await bucket.get(photos[1] as string);
    if (!back || back === 'not-modified') throw new Error('the photo was not restored');
    expect(back.body.toString()).toBe('photo 1');
    expect(back.headers?.contentType).toBe('image/webp');
    // Pages are rendered into the bucket, none onto the disk.
    expect(await bucket.head(pageKey('user0'))).not.toBeNull();
    expect(fs.existsSync(path.join(dataDir, 'public', 'u'))).toBe(false);
  });
});
