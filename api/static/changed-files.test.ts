import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { diskStorage } from '../../platform/storage/disk';
import { gzipKey, headersFor, mediaKey, pageKey } from '../../platform/storage/key-layout';
import { fileChanged } from '../../platform/storage/write-file';
import { openTempDatabase, type TestDatabase, testDatabaseUrl } from '../../tests/support/events/db';
import { freshBucket } from '../../tests/support/storage/bucket';
import { type Leadership, startElection } from '../cluster/leadership';
import {
  announceChangedFiles,
  CHANGED_FILES_CHANNEL,
  changedFilesPayloads,
  changedKeysIn,
} from './changed-files';

describe('the changed-files payload', () => {
  it('splits many keys into payloads under the limit, each key whole', () => {
    const keys = Array.from({ length: 50 }, (_, i) => `u/someone-${i}/index.html.gz`);
    const payloads = changedFilesPayloads(keys, 200);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(200);
    expect(payloads.flatMap((payload) => payload.split('\n'))).toEqual(keys);
  });

  it('names keys and prefixes a store accepts, nothing that could leave its root', () => {
    expect(
      changedKeysIn('u/ana/index.html\nu/ben/\n../secret.key\nu/../../app.db\nu/.hidden\n/etc/passwd\n'),
    ).toEqual(['u/ana/index.html', 'u/ben/']);
  });
});

const url = testDatabaseUrl();

describe.skipIf(!url)('on PostgreSQL', () => {
  let database: TestDatabase;
  let follower: Leadership | undefined;
  let stopAnnouncing: (() => void) | undefined;
  afterEach(async () => {
    stopAnnouncing?.();
    await follower?.stop();
    await database.close();
  });

  /** A follower listening for notices, and what it heard, as the keys a payload names. */
  async function listening() {
    database = await openTempDatabase();
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(database.db);
    const heard: string[] = [];
    follower = startElection({
      url: url as string,
      schema: rows[0]?.schema,
      instanceId: 'follower',
      retryMs: 200,
      onElected: () => {},
      onDeposed: async () => {},
      onWake: () => {},
      onFilesChanged: (payload) => heard.push(...changedKeysIn(payload)),
    });
    // Its first round has connected and listens: a probe notice, sent until one is heard.
    const probe = 'u/listening-probe/';
    for (
      let sent = Date.now();
      !heard.includes(probe);
      await new Promise((resolve) => setTimeout(resolve, 20))
    ) {
      if (Date.now() - sent > 10_000) throw new Error('The follower never listened.');
      await sql`SELECT pg_notify(${CHANGED_FILES_CHANNEL}, current_schema() || ':' || ${probe})`.execute(
        database.db,
      );
    }
    // Notices sent apart may arrive in any order, and a key changed twice within one gathering is sent once.
    const heardAll = async (expected: string[]) => {
      const deadline = Date.now() + 2000;
      while (!expected.every((key) => heard.includes(key)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      // A probe sent twice may be heard again late: it is none of the test's keys.
      return [...new Set(heard)].filter((key) => key !== probe).sort();
    };
    return { db: database.db, dir: database.dir, heardAll };
  }

  const photo = mediaKey('ab'.repeat(12), 640);

  it('tells every other instance which keys this one wrote or removed on the disk', async () => {
    const { db, dir, heardAll } = await listening();
    const disk = diskStorage(path.join(dir, 'public'));
    stopAnnouncing = announceChangedFiles(db, disk);
    await disk.put(pageKey('ana'), 'one', headersFor(pageKey('ana')));
    await disk.put(photo, Buffer.from('webp'), headersFor(photo), { durable: true });
    await disk.put(pageKey('ben'), 'one', headersFor(pageKey('ben')));
    await disk.deletePrefix('u/ben/');
    // A file written beside the store, not through it, is none of the other instances' business.
    fileChanged(path.join(dir, 'app.db'));
    // The photo by its key, not by its path in the shard.
    const expected = [pageKey('ana'), photo, pageKey('ben'), 'u/ben/'];
    expect(await heardAll(expected)).toEqual(expected.sort());
  });

  it('tells every other instance which keys this one wrote or removed in the bucket', async () => {
    const { db, heardAll } = await listening();
    const bucket = await freshBucket();
    stopAnnouncing = announceChangedFiles(db, bucket);
    await bucket.put(pageKey('ana'), 'one', headersFor(pageKey('ana')));
    await bucket.put(gzipKey(pageKey('ana')), 'one', headersFor(gzipKey(pageKey('ana'))));
    await bucket.delete(pageKey('ana'));
    await bucket.deletePrefix('u/ana/');
    const expected = [pageKey('ana'), gzipKey(pageKey('ana')), 'u/ana/'];
    expect(await heardAll(expected)).toEqual(expected.sort());
  });
});
