import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import type { Db } from '../../events/db';
import { replay } from '../../events/replay';
import { appendToStream } from '../../events/store';
import { atLeast, type Benchmark, type BenchRow, info } from './report';
import { type BenchDialect, postgresOrLeftOut, withTempDatabase } from './temp-db';

const WARM_UP_COMMANDS = 300;
const TIMED_COMMANDS = 3_000;
const REPLAY_ACCOUNTS = 25_000;
const EVENTS_PER_ACCOUNT = 4;
const REPLAY_RUNS = 5;

const register = (id: string) => ({
  type: 'RegisterAccount' as const,
  accountId: id,
  name: `Sam Spark ${id}`,
  email: `${id}@example.com`,
  username: id,
});

const run = (db: Db, accountId: string, command: Parameters<typeof accountDecider.decide>[0]) =>
  handleCommand(db, {
    decider: accountDecider,
    streamId: accountStreamId(accountId),
    command,
    now: new Date(),
  });

/**
 * `count` commands through the real path, each its own transaction: a third register accounts, the rest rename
 * them round-robin (each name new, so each appends an event), so streams grow and the users read model is
 * upserted as in production.
 */
async function commands(db: Db, prefix: string, count: number): Promise<void> {
  const accounts = Math.ceil(count / 3);
  for (let i = 0; i < accounts; i++) await run(db, `${prefix}${i}`, register(`${prefix}${i}`));
  for (let i = 0; i < count - accounts; i++) {
    await run(db, `${prefix}${i % accounts}`, { type: 'ChangeDisplayName', name: `Renamed ${i}` });
  }
}

/** Commands a second, each its own durable commit, one after another. */
async function durableAppends(dialect: BenchDialect): Promise<number> {
  return withTempDatabase(async ({ db }) => {
    // The first commands pay for JIT and the database's page cache; production runs warm.
    await commands(db, 'warm', WARM_UP_COMMANDS);
    const started = performance.now();
    await commands(db, 'timed', TIMED_COMMANDS);
    return TIMED_COMMANDS / ((performance.now() - started) / 1000);
  }, dialect);
}

const finalName = (i: number) => `Second rename ${i}`;

/** Writes the log directly (one transaction, no read models) so only replay builds the users table. */
async function generateLog(db: Db): Promise<void> {
  const now = new Date('2026-11-01T00:00:00Z');
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < REPLAY_ACCOUNTS; i++) {
      const accountId = `r${i}`;
      await appendToStream(
        trx,
        accountStreamId(accountId),
        0,
        [
          { type: 'AccountRegistered', data: register(accountId) },
          { type: 'EmailVerified', data: { accountId } },
          { type: 'DisplayNameChanged', data: { accountId, name: `First rename ${i}` } },
          { type: 'DisplayNameChanged', data: { accountId, name: finalName(i) } },
        ],
        { now },
      );
    }
  });
}

/** A fast replay of a wrong result is worthless: check every row, not only the count. */
async function checkReplayed(db: Db, events: number): Promise<void> {
  const expectedEvents = REPLAY_ACCOUNTS * EVENTS_PER_ACCOUNT;
  if (events !== expectedEvents) throw new Error(`replay read ${events} events, expected ${expectedEvents}`);
  const users = await db.selectFrom('users').select(['id', 'name', 'is_verified']).execute();
  if (users.length !== REPLAY_ACCOUNTS) {
    throw new Error(`replay built ${users.length} users, expected ${REPLAY_ACCOUNTS}`);
  }
  for (const user of users) {
    const i = Number(user.id.slice(1));
    if (user.name !== finalName(i) || user.is_verified !== 1) {
      throw new Error(`replay built a wrong row for ${user.id}: ${JSON.stringify(user)}`);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The median full replay of the generated log, in ms. */
async function fullReplay(dialect: BenchDialect): Promise<number> {
  return withTempDatabase(async ({ db, settle }) => {
    await generateLog(db);
    // A production log has long since settled (SQLite's WAL folded in, PostgreSQL's statistics gathered).
    await settle();
    // Replay is idempotent, so run it a few times and take the median: one run on a busy machine is noise.
    const times: number[] = [];
    for (let run = 0; run < REPLAY_RUNS; run++) {
      const started = performance.now();
      const report = await replay(db);
      times.push(performance.now() - started);
      await checkReplayed(db, report.events);
    }
    return median(times);
  }, dialect);
}

const REPLAYED_EVENTS = REPLAY_ACCOUNTS * EVENTS_PER_ACCOUNT;

/**
 * Issue 15: the same figures on PostgreSQL in the same run, beside SQLite's (the machine's own server, local
 * socket-free TCP, default durability). SQLite's budgets stand; PostgreSQL's rows carry no budget of their own but
 * their ratio to SQLite, since both share this noisy machine.
 */
async function onPostgres(sqliteAppends: number, sqliteReplayMs: number): Promise<BenchRow[]> {
  if (!(await postgresOrLeftOut('event store'))) return [];
  const appends = await durableAppends('postgres');
  const replayMs = await fullReplay('postgres');
  return [
    info('PostgreSQL: durable event appends', appends, 'commits/s'),
    info('PostgreSQL ÷ SQLite: durable event appends', appends / sqliteAppends, '×'),
    info('PostgreSQL: full replay', REPLAYED_EVENTS / (replayMs / 1000), 'events/s'),
    info('PostgreSQL ÷ SQLite: full replay speed', sqliteReplayMs / replayMs, '×'),
  ];
}

export const eventStoreBenchmark: Benchmark = {
  name: 'event store',
  run: async () => {
    const appends = await durableAppends('sqlite');
    const replayMs = await fullReplay('sqlite');
    return [
      atLeast('durable event appends', appends, 'commits/s', 1_000),
      atLeast('full replay', REPLAYED_EVENTS / (replayMs / 1000), 'events/s', 100_000),
      info(
        `full replay of ${REPLAYED_EVENTS.toLocaleString('en-US')} events (median of ${REPLAY_RUNS})`,
        replayMs,
        'ms',
      ),
      ...(await onPostgres(appends, replayMs)),
    ];
  },
};
