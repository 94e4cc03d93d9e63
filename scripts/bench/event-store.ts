import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import { replay } from '../../events/replay';
import { appendToStream } from '../../events/store';
import type { Db } from '../../platform/database/db';
import { atLeast, type Benchmark, type BenchOptions, type BenchRow, info } from './report';
import { type BenchDialect, postgresOrLeftOut, withTempDatabase } from './temp-db';

type Sizes = { warmUpCommands: number; timedCommands: number; replayAccounts: number; replayRuns: number };
const FULL: Sizes = { warmUpCommands: 300, timedCommands: 3_000, replayAccounts: 25_000, replayRuns: 5 };
const QUICK: Sizes = { warmUpCommands: 30, timedCommands: 300, replayAccounts: 500, replayRuns: 1 };
const EVENTS_PER_ACCOUNT = 4;

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
async function durableAppends(dialect: BenchDialect, sizes: Sizes): Promise<number> {
  return withTempDatabase(async ({ db }) => {
    // The first commands pay for JIT and the database's page cache; production runs warm.
    await commands(db, 'warm', sizes.warmUpCommands);
    const started = performance.now();
    await commands(db, 'timed', sizes.timedCommands);
    return sizes.timedCommands / ((performance.now() - started) / 1000);
  }, dialect);
}

const finalName = (i: number) => `Second rename ${i}`;

/** Writes the log directly (one transaction, no read models) so only replay builds the users table. */
async function generateLog(db: Db, accounts: number): Promise<void> {
  const now = new Date('2026-11-01T00:00:00Z');
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < accounts; i++) {
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
async function checkReplayed(db: Db, events: number, accounts: number): Promise<void> {
  const expectedEvents = accounts * EVENTS_PER_ACCOUNT;
  if (events !== expectedEvents) throw new Error(`replay read ${events} events, expected ${expectedEvents}`);
  const users = await db.selectFrom('users').select(['id', 'name', 'is_verified']).execute();
  if (users.length !== accounts) {
    throw new Error(`replay built ${users.length} users, expected ${accounts}`);
  }
  for (const user of users) {
    const i = Number(user.id.slice(1));
    if (user.name !== finalName(i) || user.is_verified !== 1) {
      throw new Error(`replay built a wrong row for ${user.id}: ${JSON.stringify(user)}`);
    }
  }
}

const replayedEvents = (sizes: Sizes) => sizes.replayAccounts * EVENTS_PER_ACCOUNT;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The median full replay of the generated log, in ms. */
async function fullReplay(dialect: BenchDialect, sizes: Sizes): Promise<number> {
  return withTempDatabase(async ({ db, settle }) => {
    await generateLog(db, sizes.replayAccounts);
    // A production log has long since settled (SQLite's WAL folded in, PostgreSQL's statistics gathered).
    await settle();
    // Replay is idempotent, so run it a few times and take the median: one run on a busy machine is noise.
    const times: number[] = [];
    for (let run = 0; run < sizes.replayRuns; run++) {
      const started = performance.now();
      const report = await replay(db);
      times.push(performance.now() - started);
      await checkReplayed(db, report.events, sizes.replayAccounts);
    }
    return median(times);
  }, dialect);
}

/**
 * Issue 15: the same figures on PostgreSQL in the same run, beside SQLite's (the machine's own server, local
 * socket-free TCP, default durability). SQLite's budgets stand; PostgreSQL's rows carry no budget of their own but
 * their ratio to SQLite, since both share this noisy machine.
 */
async function onPostgres(sizes: Sizes, sqliteAppends: number, sqliteReplayMs: number): Promise<BenchRow[]> {
  if (!(await postgresOrLeftOut('event store'))) return [];
  const appends = await durableAppends('postgres', sizes);
  const replayMs = await fullReplay('postgres', sizes);
  return [
    info('PostgreSQL: durable event appends', appends, 'commits/s'),
    info('PostgreSQL ÷ SQLite: durable event appends', appends / sqliteAppends, '×'),
    info('PostgreSQL: full replay', replayedEvents(sizes) / (replayMs / 1000), 'events/s'),
    info('PostgreSQL ÷ SQLite: full replay speed', sqliteReplayMs / replayMs, '×'),
  ];
}

export const eventStoreBenchmark: Benchmark = {
  name: 'event store',
  run: async ({ quick }: BenchOptions) => {
    const sizes = quick ? QUICK : FULL;
    const appends = await durableAppends('sqlite', sizes);
    const replayMs = await fullReplay('sqlite', sizes);
    const events = replayedEvents(sizes);
    return [
      atLeast('durable event appends', appends, 'commits/s', 1_000),
      atLeast('full replay', events / (replayMs / 1000), 'events/s', 100_000),
      info(
        `full replay of ${events.toLocaleString('en-US')} events (median of ${sizes.replayRuns})`,
        replayMs,
        'ms',
      ),
      ...(await onPostgres(sizes, appends, replayMs)),
    ];
  },
};
