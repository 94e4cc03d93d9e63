import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { fileChanged } from '../renderer/write-file';
import { openTempDatabase, type TestDatabase, testDatabaseUrl } from '../tests/support/events/db';
import { announceChangedFiles, changedFilesIn, changedFilesPayloads } from './changed-files';
import { type Leadership, startElection } from './leadership';

describe('the changed-files payload', () => {
  it('splits many paths into payloads under the limit, each path whole', () => {
    const paths = Array.from({ length: 50 }, (_, i) => `u/someone-${i}/index.html.gz`);
    const payloads = changedFilesPayloads(paths, 200);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(200);
    expect(payloads.flatMap((payload) => payload.split('\n'))).toEqual(paths);
  });

  it('names files under the public folder only', () => {
    const publicDir = path.resolve('/srv/data/public');
    expect(changedFilesIn('u/ana/index.html\nu/ana\n../secret.key\nu/../../app.db', publicDir)).toEqual([
      path.join(publicDir, 'u', 'ana', 'index.html'),
      path.join(publicDir, 'u', 'ana'),
    ]);
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

  it('tells every other instance which public files this one changed', async () => {
    database = await openTempDatabase();
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(database.db);
    const publicDir = path.join(database.dir, 'public');
    const heard: string[] = [];
    follower = startElection({
      url: url as string,
      schema: rows[0]?.schema,
      instanceId: 'follower',
      retryMs: 200,
      onElected: () => {},
      onDeposed: async () => {},
      onWake: () => {},
      onFilesChanged: (payload) => heard.push(...changedFilesIn(payload, publicDir)),
    });
    // Its first round has connected and listens.
    await new Promise((resolve) => setTimeout(resolve, 500));
    stopAnnouncing = announceChangedFiles(database.db, publicDir);
    fileChanged(path.join(publicDir, 'u', 'ana', 'index.html'));
    fileChanged(path.join(publicDir, 'u', 'ana', 'index.html.gz'));
    fileChanged(path.join(database.dir, 'app.db'));
    const deadline = Date.now() + 2000;
    while (heard.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual([
      path.join(publicDir, 'u', 'ana', 'index.html'),
      path.join(publicDir, 'u', 'ana', 'index.html.gz'),
    ]);
  });
});
