import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastGlobalPosition } from '../../events/store';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { fillDatabase as fill, freeDatabase as free } from '../../tests/support/api/full-database';
import { captureLogs } from '../../tests/support/observability/logs';
import { DISK_FULL_MESSAGE } from '../http/errors';

let t: Awaited<ReturnType<typeof createTestApp>>;
/** The data folder's free space as statfs reports it: the test fills and empties the disk by setting it. */
const disk = { freeMb: 10_000 };

beforeEach(async () => {
  disk.freeMb = 10_000;
  t = await createTestApp({
    readiness: {
      minFreeMb: 200,
      maxLagSeconds: 60,
      statfs: async () => ({ bavail: disk.freeMb * 256, bsize: 4096 }),
    },
  });
});
afterEach(async () => {
  await t.close();
});

const fillDatabase = () => fill(t);
const freeDatabase = () => free(t);
const onSqlite = () => t.dialect === 'sqlite';
/** What readiness says of a full database: SQLite's room to grow; PostgreSQL's refusal of the probe's write. */
const databaseFull = () =>
  onSqlite()
    ? 'the database can grow by only 0 MB (needs 200 MB)'
    : 'the database cannot save changes because the disk is full';

const ready = () => t.call('GET', '/api/ready');
const register = (i: number) =>
  t.call('POST', '/api/register', {
    name: 'Sam Spark',
    email: `sam${i}@example.com`,
    username: `sam${i}`,
    password: 'Plumber2026',
  });

/** Calls `attempt` until it answers something other than `usual`: what it answered then. */
async function untilRefused<T extends { status: number }>(usual: number, attempt: (i: number) => Promise<T>) {
  for (let i = 0; i < 200; i += 1) {
    const answer = await attempt(i);
    if (answer.status !== usual) return answer;
  }
  throw new Error(`still ${usual} after 200 attempts`);
}

describe('GET /api/health', () => {
  it('says the process is up, even when the disk is full and the database cannot save', async () => {
    disk.freeMb = 0;
    await fillDatabase();
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ ok: true });
    expect((await ready()).status).toBe(503);
  });
});

describe('GET /api/ready', () => {
  it('answers 200 with each check when the database saves, the disk has room and the pages are current', async () => {
    const answer = await ready();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      ok: true,
      checks: {
        // PostgreSQL grows on its server's disk, which the app can't see: the write is its whole check.
        database: onSqlite() ? { ok: true, roomMb: expect.any(Number) } : { ok: true },
        disk: { ok: true, freeMb: 10_000, minFreeMb: 200 },
        projector: { ok: true, lagEvents: 0, lagSeconds: 0, maxLagSeconds: 60 },
      },
    });
    // The database check is a write that commits, not a read.
    const probe = await t.db
      .selectFrom('projector_checkpoints')
      .select('position')
      .where('name', '=', 'readiness-probe')
      .executeTakeFirstOrThrow();
    expect(probe.position).toBe(t.deps.now().getTime());
  });

  it('says whether this instance leads, and a follower is ready all the same', async () => {
    let leading = true;
    t.deps.readiness.leading = () => leading;
    expect((await ready()).body.checks).toMatchObject({ leader: { ok: true, leading: true } });
    leading = false;
    const follower = await ready();
    expect(follower.status).toBe(200);
    expect(follower.body.checks).toMatchObject({ leader: { ok: true, leading: false } });
  });

  it('answers 503 with the reason while the data folder is short of space, and 200 once it has room again', async () => {
    disk.freeMb = 150;
    const low = await ready();
    expect(low.status).toBe(503);
    expect(low.body.error).toBe(
      "The service is not ready: the data folder's disk has 150 MB free (needs 200 MB).",
    );
    expect(low.body.checks.disk).toEqual({
      ok: false,
      freeMb: 150,
      minFreeMb: 200,
      problem: "the data folder's disk has 150 MB free (needs 200 MB)",
    });
    expect(low.body.checks.database.ok).toBe(true);

    disk.freeMb = 200;
    expect((await ready()).status).toBe(200);
  });

  it('answers 503 while profile pages are too far behind the log, and 200 once they are rendered', async () => {
    await t.signUp('dana');
    const behind = await lastGlobalPosition(t.db);
    // No projector runs in the test app: the events wait, but not yet for long.
    const fresh = await ready();
    expect(fresh.status).toBe(200);
    expect(fresh.body.checks.projector).toEqual({
      ok: true,
      lagEvents: behind,
      lagSeconds: 0,
      maxLagSeconds: 60,
    });

    t.advance(61_000);
    const late = await ready();
    expect(late.status).toBe(503);
    expect(late.body.error).toBe(
      `The service is not ready: profile pages are 61 seconds behind (${behind} events to render; the limit is 60 seconds).`,
    );

    await catchUp(t.db, { ...t.renderTarget });
    const caughtUp = await ready();
    expect(caughtUp.status).toBe(200);
    expect(caughtUp.body.checks.projector).toMatchObject({ lagEvents: 0, lagSeconds: 0 });
  });

  it('names every failing check in one sentence', async () => {
    disk.freeMb = 12;
    await fillDatabase();
    const answer = await ready();
    expect(answer.status).toBe(503);
    expect(answer.body.error).toBe(
      `The service is not ready: ${databaseFull()}; the data folder's disk has 12 MB free (needs 200 MB).`,
    );
    expect(answer.body.checks.database).toEqual({
      ok: false,
      ...(onSqlite() ? { roomMb: 0 } : {}),
      problem: databaseFull(),
    });
  });

  it('logs when it stops being ready and when it is ready again, not at every poll', async () => {
    const logs = captureLogs('info');
    try {
      await ready();
      disk.freeMb = 10;
      await ready();
      await ready();
      disk.freeMb = 10_000;
      await ready();
      const said = logs.lines().filter((line) => line.msg !== 'request');
      expect(said.map((line) => [line.level, line.msg])).toEqual([
        ['warn', "The service is not ready: the data folder's disk has 10 MB free (needs 200 MB)."],
        ['info', 'Ready again'],
      ]);
    } finally {
      logs.restore();
    }
  });
});

describe('a full disk', () => {
  it('makes register and login answer 503 with a readable error, and readiness say why; all recover without a restart', async () => {
    const logs = captureLogs('info');
    try {
      await t.signUp('dana');
      expect((await ready()).status).toBe(200);

      await fillDatabase();
      const notReady = await ready();
      expect(notReady.status).toBe(503);
      expect(notReady.body.error).toBe(`The service is not ready: ${databaseFull()}.`);

      // Writes that still fit in pages the database has go through; the first that needs a new page is refused.
      const refusedRegister = await untilRefused(201, register);
      expect(refusedRegister.status).toBe(503);
      expect(refusedRegister.body).toEqual({ error: DISK_FULL_MESSAGE });
      expect(refusedRegister.headers.get('retry-after')).toBe('60');
      const login = () =>
        t.call('POST', '/api/login', { email: 'dana@example.com', password: 'Plumber2026' });
      const refusedLogin = await untilRefused(200, login);
      expect(refusedLogin.status).toBe(503);
      expect(refusedLogin.body).toEqual({ error: DISK_FULL_MESSAGE });

      // Each refusal is one error line with the real cause (SQLITE_FULL, PostgreSQL's disk_full), not the failed
      // rollback after it.
      const errors = logs.lines().filter((line) => line.level === 'error');
      expect(errors).toHaveLength(2);
      for (const line of errors) {
        expect(line.msg).toBe('Could not save: the disk is full or failing');
        expect(line.err).toMatchObject(
          onSqlite()
            ? { code: 'SQLITE_FULL', message: 'database or disk is full' }
            : { code: '53100', message: 'could not extend file: No space left on device' },
        );
      }
      expect(errors.map((line) => line.route)).toEqual(['/api/register', '/api/login']);

      await freeDatabase();
      expect((await ready()).status).toBe(200);
      expect((await register(1000)).status).toBe(201);
      expect((await login()).status).toBe(200);
    } finally {
      logs.restore();
    }
  });
});
