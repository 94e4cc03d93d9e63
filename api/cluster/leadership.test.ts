import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdKeyLock, LEADER_LOCK_CLASS } from '../../platform/database/dialect';
import {
  openTempDatabase,
  registerTestAccount,
  type TestDatabase,
  testDatabaseUrl,
} from '../../tests/support/events/db';
import { startTcpProxy } from '../../tests/support/leadership/tcp-proxy';
import { captureLogs } from '../../tests/support/observability/logs';
import { enqueueMail } from '../mail/queue';
import { type ElectionOptions, type Leadership, RETRY_MS, startElection } from './leadership';

// ADR 025. On real PostgreSQL, two electors in this process, each with a connection of its own, as two instances.
const url = testDatabaseUrl();

type Elector = {
  name: string;
  leadership: Leadership;
  timeline: string[];
  wakes: string[];
  working: boolean;
};

let database: TestDatabase;
let schema: string;
const started: Elector[] = [];

beforeEach(async () => {
  log.length = 0;
  t0 = Date.now();
  if (!url) return;
  database = await openTempDatabase();
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(database.db);
  schema = rows[0]?.schema as string;
});
afterEach(async () => {
  if (!url) return;
  await Promise.all(started.splice(0).map((elector) => elector.leadership.stop()));
  await database.close();
});

/** The shared record of who started and stopped leader work, in order, with the time since the test began. */
const log: string[] = [];
let t0 = Date.now();

function elect(name: string, options: Partial<ElectionOptions> = {}): Elector {
  const state = { name, timeline: [] as string[], wakes: [] as string[], working: false };
  const note = (what: string) => {
    state.timeline.push(what);
    log.push(`${Date.now() - t0} ${name} ${what}`);
  };
  const leadership = startElection({
    url: url as string,
    schema,
    instanceId: name,
    retryMs: 200,
    checkMs: 200,
    checkTimeoutMs: 500,
    onElected: () => {
      state.working = true;
      note('elected');
    },
    onDeposed: async () => {
      state.working = false;
      note('deposed');
    },
    onWake: (kind) => state.wakes.push(kind),
    ...options,
  });
  const elector = Object.assign(state, { leadership });
  started.push(elector);
  return elector;
}

async function waitFor(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<number> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs)
      throw new Error(`Not within ${timeoutMs} ms: ${what}\n${log.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - start;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The backend holding this schema's leader lock, as pg_locks tells it. */
async function leaderBackend(): Promise<number | null> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_locks
    WHERE locktype = 'advisory' AND classid = ${LEADER_LOCK_CLASS} AND objid::int = hashtext(${schema}) AND granted`.execute(
    database.db,
  );
  return rows[0]?.pid ?? null;
}

const leaders = (electors: Elector[]) => electors.filter((elector) => elector.leadership.leading);

describe.skipIf(!url)('leader election on PostgreSQL', () => {
  it('elects exactly one of two instances, and the other keeps asking without winning', async () => {
    const electors = [elect('a'), elect('b')];
    await waitFor('a leader', () => leaders(electors).length === 1);
    // Several of the follower's retries.
    await pause(1000);
    expect(leaders(electors)).toHaveLength(1);
    expect(electors.filter((elector) => elector.working)).toHaveLength(1);
    expect(await leaderBackend()).not.toBeNull();
  });

  it('never holds up a transaction locking a key whose hash is the schema’s (the leader lock’s own)', async () => {
    const electors = [elect('a')];
    await waitFor('a leader', () => leaders(electors).length === 1);
    // holdKeyLock(key) locks (class, hashtext(key)); the leader holds (class, hashtext(schema)) for as long as it
    // leads. In one class, a key whose hash met the schema's would wait for the leader to go: a request hung.
    const started = Date.now();
    await database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = '2s'`.execute(trx);
      await holdKeyLock(trx, schema);
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('moves to the other instance within the bound when the leader’s backend is terminated', async () => {
    // The production retry: this is the takeover an operator gets. Checks far apart, so the step-down measured is
    // the connection's own report of its end, not the next check failing.
    const timings = { retryMs: RETRY_MS, checkMs: 10_000 };
    const electors = [elect('a', timings), elect('b', timings)];
    await waitFor('a leader', () => leaders(electors).length === 1);
    const [first] = leaders(electors) as [Elector];
    const other = electors.find((elector) => elector !== first) as Elector;
    const pid = await leaderBackend();
    const terminated = Date.now();
    await sql`SELECT pg_terminate_backend(${pid})`.execute(database.db);
    const steppedDown = await waitFor(
      'the old leader to stop its work',
      () => first.timeline.length === 2,
      1000,
    );
    // The old leader tries again only after its 10 s check interval, so the other wins the next round.
    await waitFor('the other to lead', () => other.working, RETRY_MS + 1000);
    const tookOver = Date.now() - terminated;
    expect(first.timeline).toEqual(['elected', 'deposed']);
    expect(leaders(electors)).toHaveLength(1);
    console.info(
      `takeover after pg_terminate_backend: stepped down ${steppedDown} ms, successor ${tookOver} ms`,
    );
  });

  it('steps down when its connection goes silent, before the lock can pass to another', async () => {
    const proxy = await startTcpProxy({
      host: '127.0.0.1',
      port: Number(new URL(url as string).port || 5432),
    });
    try {
      const proxied = new URL(url as string);
      proxied.host = `127.0.0.1:${proxy.port}`;
      const first = elect('silent', { url: proxied.toString() });
      await waitFor('the proxied instance to lead', () => first.working);
      const other = elect('other');
      proxy.freeze();
      // checkMs + checkTimeoutMs, and a margin for a busy machine.
      await waitFor('the silent leader to step down', () => !first.working, 200 + 500 + 500);
      expect(other.working).toBe(false);
      // PostgreSQL's keepalive would now drop the partitioned session; the proxy does it at once.
      proxy.cut();
      await waitFor('the other to lead', () => other.working);
      expect(log.indexOf(`${log.find((line) => line.endsWith('silent deposed'))}`)).toBeLessThan(
        log.findIndex((line) => line.endsWith('other elected')),
      );
    } finally {
      await proxy.close();
    }
  });

  it('leads again after losing the lock, once its connection is back', async () => {
    const only = elect('only');
    await waitFor('it to lead', () => only.working);
    await sql`SELECT pg_terminate_backend(${await leaderBackend()})`.execute(database.db);
    await waitFor('it to lead again', () => only.timeline.length === 3);
    expect(only.timeline).toEqual(['elected', 'deposed', 'elected']);
  });

  it('is woken by events and mail committed on another connection, and not by a rollback', async () => {
    const leader = elect('leader');
    await waitFor('it to lead', () => leader.working);
    await registerTestAccount(database.db, 1);
    await waitFor('a wake for the events', () => leader.wakes.includes('events'), 2000);
    await enqueueMail(
      database.db,
      { to: 'sam@example.test', subject: 'Code', text: 'Code 123456', html: '<p>Code 123456</p>' },
      new Date(),
    );
    await waitFor('a wake for the mail', () => leader.wakes.includes('mail'), 2000);

    leader.wakes.length = 0;
    await database.db
      .transaction()
      .execute(async (trx) => {
        await registerTestAccount(trx, 2);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await pause(500);
    expect(leader.wakes).toEqual([]);
  });

  it('keeps trying without PostgreSQL, says so once, and leads once PostgreSQL answers', async () => {
    const proxy = await startTcpProxy({
      host: '127.0.0.1',
      port: Number(new URL(url as string).port || 5432),
    });
    const logs = captureLogs('info');
    try {
      const proxied = new URL(url as string);
      proxied.host = `127.0.0.1:${proxy.port}`;
      // Nothing passes: every connection attempt times out, as with PostgreSQL down behind a silent network.
      proxy.freeze();
      const alone = elect('alone', { url: proxied.toString() });
      await pause(2000);
      expect(alone.working).toBe(false);
      const said = (msg: string) => logs.lines().filter((line) => line.msg === msg);
      expect(said('The leader election cannot reach PostgreSQL; retrying')).toHaveLength(1);
      proxy.thaw();
      await waitFor('it to lead', () => alone.working, 5000);
      expect(said('The leader election reaches PostgreSQL again')).toHaveLength(1);
      expect(said('This instance leads')).toEqual([
        expect.objectContaining({ instanceId: 'alone', leading: true }),
      ]);
    } finally {
      logs.restore();
      await proxy.close();
    }
  });

  it('stops its work and releases the lock when stopped, so the follower takes over', async () => {
    const electors = [elect('a'), elect('b')];
    await waitFor('a leader', () => leaders(electors).length === 1);
    const [first] = leaders(electors) as [Elector];
    const other = electors.find((elector) => elector !== first) as Elector;
    await first.leadership.stop();
    expect(first.working).toBe(false);
    await waitFor('the other to lead', () => other.working, 2000);
  });
});
