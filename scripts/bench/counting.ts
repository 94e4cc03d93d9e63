import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { COUNTED_PER_ADDRESS_PER_DAY } from '../../events/visit/kinds';
import { REPO_ROOT, type RunningChild, startTsChild } from './child-process';
import { atLeast, type BenchOptions, type BenchRow, info } from './report';
import { percentile } from './stats';
import { type WrkResult, wrk } from './wrk';

const START_TIMEOUT_MS = 60_000;
type Sizes = { warmUpSeconds: number; rounds: number; roundSeconds: number };
const FULL: Sizes = { warmUpSeconds: 2, rounds: 3, roundSeconds: 5 };
const QUICK: Sizes = { warmUpSeconds: 1, rounds: 1, roundSeconds: 1 };
const CONCURRENCY = [10, 50] as const;
const VISITORS_SCRIPT = path.join(REPO_ROOT, 'scripts/bench/visitors.lua');
/** The visitors visitors.lua takes turns with, one address each. */
const CROWD = 50_000;

/**
 * The views a wrk run of `requests` gave each visitor: visitors.lua's nth request (from 1, afresh in each run) is
 * visitor n mod CROWD's.
 */
function addViews(viewsByVisitor: Int32Array, requests: number) {
  const everyone = Math.floor(requests / CROWD);
  for (let visitor = 0; visitor < CROWD; visitor++) {
    // Visitors 1 … requests mod CROWD (0 stands for CROWD) came once more than the rest.
    const more = visitor >= 1 && visitor <= requests % CROWD ? 1 : 0;
    viewsByVisitor[visitor] = (viewsByVisitor[visitor] ?? 0) + everyone + more;
  }
}

/** What the counter may count of them (issue 27): each address's first COUNTED_PER_ADDRESS_PER_DAY views a day. */
function countableViews(viewsByVisitor: Int32Array): number {
  let countable = 0;
  for (const views of viewsByVisitor) countable += Math.min(views, COUNTED_PER_ADDRESS_PER_DAY);
  return countable;
}

/**
 * How long the counted views may take to reach the database after the load stops: the counter flushes each second,
 * so this only bounds a flush that never comes (the ratio row then shows what was lost).
 */
const FLUSH_TIMEOUT_MS = 15_000;

type Side = 'on' | 'off';

async function startServer(counting: boolean): Promise<{ child: RunningChild; port: number; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tradecard-bench-count-${counting ? 'on' : 'off'}-`));
  const child = startTsChild('api/server.ts', {
    DATA_DIR: dir,
    PORT: '0',
    PUBLIC_URL: 'https://tradecard.bench',
    PAYMENTS: 'local',
    MAIL: 'outbox',
    METRICS_PORT: 'off',
    SEED_DEMO: 'true',
    // visitors.lua sends each visitor's address as the one proxy in front would.
    TRUST_PROXY: '1',
    VISIT_COUNTING: String(counting),
  });
  const match = await child.waitFor(/TradeCard is running at http:\/\/localhost:(\d+)/, START_TIMEOUT_MS);
  const port = Number(match[1]);
  const deadline = performance.now() + START_TIMEOUT_MS;
  while ((await fetch(`http://127.0.0.1:${port}/u/demo`)).status !== 200) {
    if (performance.now() > deadline) throw new Error('/u/demo was not rendered in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, dir };
}

/** Views of /u/demo in the counting server's database, by any source. */
function countedViews(dir: string): number {
  const db = new SQLite(path.join(dir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("SELECT coalesce(sum(hits), 0) AS views FROM visit_counts WHERE action = 'view'")
      .get() as {
      views: number;
    };
    return row.views;
  } finally {
    db.close();
  }
}

/** The views counted once every answered one is in, or whatever is in when FLUSH_TIMEOUT_MS has passed. */
async function countedOnceFlushed(dir: string, answered: number): Promise<number> {
  const deadline = performance.now() + FLUSH_TIMEOUT_MS;
  for (;;) {
    const counted = countedViews(dir);
    if (counted >= answered || performance.now() > deadline) return counted;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Issue 16's budget: counting may add at most 10% to the cost of serving /u/<name>. Two `npm start` servers, each
 * with its own seeded /u/demo, one counting (VISIT_COUNTING=true, the default) and one not; wrk on each in turn,
 * round after round, at -c10 and -c50, each request another of 50,000 phone visitors (visitors.lua), so the counter
 * hashes and writes visitors as in use. Then every countable view must be in the database: an address's first
 * COUNTED_PER_ADDRESS_PER_DAY views of the page a day (issue 27), all of them in a quick run's few.
 */
export async function counting({ quick }: BenchOptions): Promise<BenchRow[]> {
  const sizes = quick ? QUICK : FULL;
  const servers: Partial<Record<Side, Awaited<ReturnType<typeof startServer>>>> = {};
  try {
    servers.on = await startServer(true);
    servers.off = await startServer(false);
    const ports: Record<Side, number> = { on: servers.on.port, off: servers.off.port };
    const runs = new Map<string, WrkResult[]>();
    let answeredByCounting = 0;
    const viewsByVisitor = new Int32Array(CROWD);
    const load = async (side: Side, connections: number, seconds: number) => {
      const result = await wrk({
        url: `http://127.0.0.1:${ports[side]}/u/demo`,
        connections,
        seconds,
        headers: { 'accept-encoding': 'gzip' },
        script: VISITORS_SCRIPT,
      });
      if (side === 'on') {
        answeredByCounting += result.requests;
        addViews(viewsByVisitor, result.requests);
      }
      return result;
    };
    for (const side of ['on', 'off'] as const) await load(side, 10, sizes.warmUpSeconds);
    for (let round = 0; round < sizes.rounds; round++)
      for (const connections of CONCURRENCY)
        for (const side of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
          const key = `${side} ${connections}`;
          runs.set(key, [...(runs.get(key) ?? []), await load(side, connections, sizes.roundSeconds)]);
        }
    const countable = countableViews(viewsByVisitor);
    const counted = await countedOnceFlushed(servers.on.dir, countable);
    const rate = (side: Side, connections: number) =>
      percentile(
        (runs.get(`${side} ${connections}`) ?? []).map((run) => run.requestsPerSecond),
        50,
      );
    const perRound = `median of ${sizes.rounds} interleaved ${sizes.roundSeconds} s rounds, 50,000 visitors`;
    return [
      ...CONCURRENCY.flatMap((c) => [
        info(`/u/demo -c${c} with visit counting on, ${perRound}`, rate('on', c), 'req/s'),
        info(`/u/demo -c${c} with visit counting off`, rate('off', c), 'req/s'),
        atLeast(`/u/demo -c${c}: counting on ÷ off`, rate('on', c) / rate('off', c), '×', 0.9),
      ]),
      info('views answered by the counting server (wrk)', answeredByCounting, ''),
      info(
        `of which countable: at most ${COUNTED_PER_ADDRESS_PER_DAY} a day from each of the ${CROWD.toLocaleString('en-US')} visitors' addresses`,
        countable,
        '',
      ),
      atLeast('views counted in the database ÷ countable', counted / countable, '×', 0.99),
    ];
  } finally {
    for (const server of [servers.on, servers.off]) {
      if (!server) continue;
      await server.child.stop();
      fs.rmSync(server.dir, { recursive: true, force: true });
    }
  }
}
