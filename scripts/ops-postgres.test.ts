import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanupServers, type ServerProcess, startServerProcess } from '../tests/support/api/server-process';
import { leads, waitUntil } from '../tests/support/cluster/instances';
import {
  openTempDatabase,
  registerTestAccount,
  schemaUrl,
  type TestDatabase,
} from '../tests/support/events/db';
import { runScript } from '../tests/support/scripts/run';

// Runs in the PostgreSQL project only (vitest.config.ts): the ops commands with DATABASE_URL set.

let t: TestDatabase;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

const script = async (name: string, ...args: string[]) =>
  runScript(name, args, { DATA_DIR: t.dir, DATABASE_URL: await schemaUrl(t.db) });

describe('ops commands on a PostgreSQL install, as run from the shell', () => {
  it('dumps the database and copies the photos, then restores both, keeping the replaced schema', async () => {
    for (let i = 0; i < 3; i++) await registerTestAccount(t.db, i);
    const mediaDir = path.join(t.dir, 'public', 'media');
    fs.mkdirSync(mediaDir, { recursive: true });
    fs.writeFileSync(path.join(mediaDir, `${'a'.repeat(24)}-320.webp`), 'a photo');
    const backup = path.join(t.dir, 'backups', 'nightly.dump');

    const backedUp = await script('backup', backup);
    expect(backedUp.stdout).toMatch(/Backed up 3 events \(PostgreSQL schema \w+, pg_dump custom format\)/);
    expect(backedUp.stdout).toContain('and 1 new photo files');
    fs.rmSync(mediaDir, { recursive: true });
    await registerTestAccount(t.db, 'late');

    const restored = await script('restore', backup);
    expect(restored.stdout).toContain('Restored 3 events and 1 photo files');
    expect(fs.readFileSync(path.join(mediaDir, 'aa', `${'a'.repeat(24)}-320.webp`), 'utf8')).toBe('a photo');
    expect(fs.existsSync(path.join(t.dir, 'public', 'u', 'user0', 'index.html'))).toBe(true);
    const kept = /kept as (\w+);/.exec(restored.stdout)?.[1];
    expect(kept).toMatch(/_before_restore_\d{14}$/);
    expect(
      (await t.db.selectFrom('users').select('id').orderBy('id').execute()).map((user) => user.id),
    ).toEqual(['u0', 'u1', 'u2']);
    await sql`DROP SCHEMA ${sql.id(kept ?? '')} CASCADE`.execute(t.db);
  });

  it('refuses to restore while an instance is connected, naming it, and restores once it has stopped', async () => {
    for (let i = 0; i < 2; i++) await registerTestAccount(t.db, i);
    const url = await schemaUrl(t.db);
    const backup = path.join(t.dir, 'nightly.dump');
    await script('backup', backup);
    await registerTestAccount(t.db, 'late');
    const userIds = async () =>
      (await t.db.selectFrom('users').select('id').orderBy('id').execute()).map((user) => user.id);
    const keptSchemas = async () =>
      (
        await sql<{ name: string }>`SELECT nspname AS name FROM pg_namespace
          WHERE nspname LIKE ${'%_before_restore_%'} AND nspname LIKE current_schema() || '%'`.execute(t.db)
      ).rows.map((row) => row.name);
    const servers: ServerProcess[] = [];
    // Someone at psql (or a dashboard) on the same database: not an instance of ours, so no reason to refuse.
    const psql = new pg.Client({ connectionString: url, application_name: 'psql' });
    await psql.connect();
    try {
      const server = await startServerProcess({ env: { DATABASE_URL: url } });
      servers.push(server);
      // Leading, it holds its election connection for good; an idle instance's pool may have closed every other.
      await waitUntil('the instance to lead', () => leads(server), 20_000);

      const refused = await script('restore', backup).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toContain(`${os.hostname()} pid ${server.child.pid}`);
      expect(refused?.stderr).toMatch(/from (127\.0\.0\.1|a local socket), connected since \d{4}-\d\d-\d\dT/);
      expect(refused?.stderr).toContain('Stop every instance');
      expect(refused?.stderr).not.toContain('psql');
      // Nothing changed: the account made after the backup is there, and no schema was put aside.
      expect(await userIds()).toEqual(['u0', 'u1', 'ulate']);
      expect(await keptSchemas()).toEqual([]);

      expect((await server.stop()).code).toBe(0);
      const restored = await script('restore', backup);
      expect(restored.stdout).toContain('Restored 2 events');
      expect(await userIds()).toEqual(['u0', 'u1']);
      for (const kept of await keptSchemas()) await sql`DROP SCHEMA ${sql.id(kept)} CASCADE`.execute(t.db);
    } finally {
      await psql.end();
      await cleanupServers(servers);
    }
  });

  it('refuses to restore a file that is not a backup, saying why', async () => {
    await registerTestAccount(t.db, 1);
    fs.writeFileSync(path.join(t.dir, 'notes.txt'), 'hello');
    await expect(script('restore', path.join(t.dir, 'notes.txt'))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not a PostgreSQL backup'),
    });
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([{ id: 'u1' }]);
  });

  it('replays the read models and re-renders every page from PostgreSQL', async () => {
    for (let i = 0; i < 3; i++) await registerTestAccount(t.db, i);
    await t.db.deleteFrom('users').execute();

    const replayed = await script('replay');
    expect(replayed.stdout).toMatch(/Replayed 3 events .* users: 3/);
    expect(
      (await t.db.selectFrom('users').select('id').orderBy('id').execute()).map((user) => user.id),
    ).toEqual(['u0', 'u1', 'u2']);
    const rebuilt = await script('rebuild');
    expect(rebuilt.stdout).toMatch(/Rebuilt read models from 3 events and rendered 3 profile pages/);
    // Written by the rebuild's page writer thread (renderer/page-writer.ts), with every representation.
    for (let i = 0; i < 3; i++)
      expect(fs.readdirSync(path.join(t.dir, 'public', 'u', `user${i}`)).sort()).toEqual([
        'index.html',
        'index.html.br',
        'index.html.gz',
        'index.html.variants',
      ]);
  });
});
