import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headersFor, mediaKey, pageKey } from '../api/storage/key-layout';
import { s3Storage } from '../api/storage/s3';
import { accountDecider } from '../events/account/decider';
import { handleCommand } from '../events/command';
import { openDatabase } from '../events/db';
import { registerTestAccount } from '../tests/support/events/db';
import { freshBucketSettings } from '../tests/support/storage/bucket';

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
  run(tsx, [`scripts/${name}.ts`, ...args], { env: { ...process.env, DATA_DIR: dataDir, ...extraEnv } });

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

describe('backup and restore with STORAGE=s3', () => {
  it('copy the photos from the bucket into the backup, and back into the bucket, then render the pages there', async () => {
    const settings = await freshBucketSettings('tc/');
    extraEnv = {
      STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: settings.prefix,
    };
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
