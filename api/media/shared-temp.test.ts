import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskStorage } from '../../platform/storage/disk';
import { openTempDatabase, type TestDatabase } from '../../tests/support/events/db';
import {
  MEDIA_GRACE_MS,
  removeLeftoverTemp,
  SHARED_TEMP_STALE_MS,
  startMediaSweep,
  startTempSweep,
} from './sweep';

// Several instances on one DATA_DIR (ADR 025): one starting, or elected, while another is mid-upload must not take
// that upload's temp files for a crash's leftovers.

let database: TestDatabase | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await database?.close();
  database = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const ID = '0123456789abcdef01234567';

function dataDirWith() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-shared-'));
  dirs.push(dataDir);
  const mediaDir = path.join(dataDir, 'public', 'media');
  fs.mkdirSync(path.join(mediaDir, ID.slice(0, 2)), { recursive: true });
  const files = {
    /** Another instance's upload, its body still arriving. */
    uploading: path.join(dataDir, 'tmp', 'upload-aaaaaaaaaaaaaaaa'),
    /** A crashed instance's upload, untouched since. */
    abandoned: path.join(dataDir, 'tmp', 'upload-bbbbbbbbbbbbbbbb'),
    /** Another instance's photo being written into its shard right now. */
    writing: path.join(mediaDir, ID.slice(0, 2), `.${ID}-320.webp.c0ffee.tmp`),
    /** A write a crash cut short, long ago. */
    cutShort: path.join(mediaDir, ID.slice(0, 2), `.${ID}-640.webp.dead00.tmp`),
  };
  for (const folder of [files.uploading, files.abandoned]) {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'cover_photo-0'), 'part of a photo');
  }
  fs.writeFileSync(files.writing, 'half');
  fs.writeFileSync(files.cutShort, 'half');
  return { dataDir, mediaDir, files };
}

function makeOlder(target: string, ms: number) {
  const when = new Date(Date.now() - ms);
  for (const entry of fs.statSync(target).isDirectory() ? fs.readdirSync(target) : [])
    fs.utimesSync(path.join(target, entry), when, when);
  fs.utimesSync(target, when, when);
}

describe('temp files on a DATA_DIR other instances share', () => {
  it('an instance starting removes only what no upload can still be writing', async () => {
    const { dataDir, mediaDir, files } = dataDirWith();
    makeOlder(files.abandoned, SHARED_TEMP_STALE_MS + 60_000);
    // The folder was made long ago, but its file is still being written: the upload is alive.
    makeOlder(files.uploading, SHARED_TEMP_STALE_MS + 60_000);
    fs.appendFileSync(path.join(files.uploading, 'cover_photo-0'), ' and more');

    expect(await removeLeftoverTemp(dataDir, mediaDir, { keepNewerThanMs: SHARED_TEMP_STALE_MS })).toBe(1);
    expect(fs.existsSync(path.join(files.uploading, 'cover_photo-0'))).toBe(true);
    expect(fs.existsSync(files.abandoned)).toBe(false);
  });

  it('a newly elected leader’s sweep leaves another instance’s write in progress, and removes an old one', async () => {
    const { dataDir, files } = dataDirWith();
    database = await openTempDatabase();
    makeOlder(files.writing, 5000);
    makeOlder(files.cutShort, MEDIA_GRACE_MS + 60_000);
    const storage = diskStorage(path.join(dataDir, 'public'));

    // Elected just now, it sweeps at once: the file being written is older than the election, but not a day old.
    const sweep = startMediaSweep({ db: database.db, storage, now: () => new Date() }, 3600_000, {
      othersShareDataDir: true,
    });
    await sweep.stop();
    expect(fs.existsSync(files.writing)).toBe(true);
    expect(fs.existsSync(files.cutShort)).toBe(false);
  });

  it('every instance removes later what its start had to leave, once nothing has written it for the bound', async () => {
    const { dataDir, mediaDir, files } = dataDirWith();
    const sweep = startTempSweep(dataDir, mediaDir, { everyMs: 20 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fs.existsSync(files.abandoned)).toBe(true);
      makeOlder(files.abandoned, SHARED_TEMP_STALE_MS + 60_000);
      const deadline = Date.now() + 2000;
      while (fs.existsSync(files.abandoned) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fs.existsSync(files.abandoned)).toBe(false);
      expect(fs.existsSync(path.join(files.uploading, 'cover_photo-0'))).toBe(true);
    } finally {
      await sweep.stop();
    }
  });
});
