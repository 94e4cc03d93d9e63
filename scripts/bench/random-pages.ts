import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { defaultSiteDir } from '../../api/static/site-files';
import { lastGlobalPosition } from '../../events/store';
import { saveCheckpoint } from '../../renderer/projector';
import { profileDir } from '../../renderer/render-account';
import { freePort, NGINX, type RunningNginx, startNginx } from '../../tests/support/deploy/nginx';
import { REPO_ROOT, type RunningChild, startTsChild } from './child-process';
import { prepareDataDir, rebuildInChild } from './full-rebuild';
import { atLeast, atMost, type BenchOptions, type BenchRow, info } from './report';
import { get, HSTS, NGINX_WORKERS, portOf, staticPageNginxConfig } from './serving';
import { percentile } from './stats';
import { postgresOrLeftOut, withBenchDatabase, withTempPostgresUrl } from './temp-db';
import { type WrkResult, wrk } from './wrk';

const PUBLIC_URL = 'https://tradecard.bench';
const START_TIMEOUT_MS = 120_000;
const SCRIPT = path.join(REPO_ROOT, 'scripts/bench/random-pages.lua');
const CONCURRENCY = [10, 50] as const;
const GZIP = { 'accept-encoding': 'gzip' };

type Sizes = {
  profiles: number;
  rounds: number;
  roundSeconds: number;
  /** Random traffic on the product alone after the rounds, before its memory is read (issue 29: 5 minutes). */
  soakSeconds: number;
};
const FULL: Sizes = { profiles: 100_000, rounds: 3, roundSeconds: 10, soakSeconds: 300 };
const QUICK: Sizes = { profiles: 1_000, rounds: 1, roundSeconds: 2, soakSeconds: 3 };

type Target = 'product' | 'nginx';

const rssMb = (pid: number): number => {
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) / 1024;
};

/**
 * `profiles` published tradespeople in `dir` (on PostgreSQL at `databaseUrl` when given), every page rendered by
 * `npm run rebuild`, and the projector's checkpoint at the log's end, as a server that has followed the log all
 * along has it (a rebuild leaves it where it was, ADR 019), so the servers measured render nothing while they serve.
 */
async function preparePages(dir: string, profiles: number, databaseUrl?: string) {
  const preparing = performance.now();
  await prepareDataDir(dir, profiles, databaseUrl);
  const rebuilt = await rebuildInChild(dir, databaseUrl);
  await withBenchDatabase({ dir, databaseUrl }, async ({ db }) =>
    saveCheckpoint(db, await lastGlobalPosition(db)),
  );
  const seconds = (performance.now() - preparing) / 1000;
  process.stderr.write(`  ${profiles} profiles seeded and rendered in ${seconds.toFixed(0)} s\n`);
  return rebuilt;
}

/** Both servers must send each sampled page as rendered, gzipped: a fast wrong answer is no figure. */
async function checkSamePages(ports: Record<Target, number>, publicDir: string, profiles: number) {
  for (const i of [0, Math.floor(profiles / 3), profiles - 1]) {
    const html = fs.readFileSync(path.join(profileDir(publicDir, `trade${i}`), 'index.html'), 'utf8');
    for (const [target, port] of Object.entries(ports)) {
      const page = await get(port, `/u/trade${i}`, GZIP);
      if (page.status !== 200 || page.headers['content-encoding'] !== 'gzip')
        throw new Error(
          `${target}: /u/trade${i} answered ${page.status} ${page.headers['content-encoding']}`,
        );
      if (gunzipSync(page.body).toString('utf8') !== html)
        throw new Error(`${target}: /u/trade${i} is not the page as rendered`);
    }
  }
}

/** The pages nginx sent itself must have been counted (ADR 045): a page served and not counted is no figure. */
async function checkCounted(dir: string, databaseUrl: string) {
  const views = await withBenchDatabase({ dir, databaseUrl }, async ({ db }) => {
    const row = await db
      .selectFrom('visit_counts')
      .select((eb) => eb.fn.sum<number | string>('hits').as('hits'))
      .where('action', '=', 'view')
      .executeTakeFirst();
    return Number(row?.hits ?? 0);
  });
  if (!(views > 0)) throw new Error('no page view was counted: nginx told the instances of none');
  process.stderr.write(`  ${views} page views counted from nginx's lines\n`);
}

/** The ETag each server gives one page, gzipped: what a CDN or a browser sends back to revalidate. */
async function etagOf(port: number, pathname: string): Promise<string> {
  const page = await get(port, pathname, GZIP);
  const etag = page.headers.etag;
  if (page.status !== 200 || typeof etag !== 'string')
    throw new Error(`${pathname}: no ETag (${page.status})`);
  const again = await get(port, pathname, { ...GZIP, 'if-none-match': etag });
  if (again.status !== 304)
    throw new Error(`${pathname} with its own ETag answered ${again.status}, not 304`);
  return etag;
}

type Measured = {
  rate: (key: string) => number;
  p99: (key: string) => number;
  soakedRss: number;
};

/**
 * wrk's random /u/tradeN on the product and on nginx sending the same files, in interleaved rounds at -c10 and
 * -c50, and a 304 revalidation of one page on each; then the product alone for `soakSeconds` of the same traffic,
 * and the largest resident memory of its processes after.
 */
async function measure(ports: Record<Target, number>, pids: number[], sizes: Sizes): Promise<Measured> {
  const runs = new Map<string, WrkResult[]>();
  const record = (key: string, result: WrkResult) => runs.set(key, [...(runs.get(key) ?? []), result]);
  const random = (target: Target, connections: number, seconds: number) =>
    wrk({
      url: `http://127.0.0.1:${ports[target]}/`,
      connections,
      seconds,
      headers: GZIP,
      script: SCRIPT,
      scriptArgs: [String(sizes.profiles)],
    });
  const etags = {
    product: await etagOf(ports.product, '/u/trade1'),
    nginx: await etagOf(ports.nginx, '/u/trade1'),
  };
  const revalidate = (target: Target, seconds: number) =>
    wrk({
      url: `http://127.0.0.1:${ports[target]}/u/trade1`,
      connections: 10,
      seconds,
      headers: { ...GZIP, 'if-none-match': etags[target] },
    });
  // A first round for each, not counted: the product's code is compiled as it runs (JIT).
  for (const target of Object.keys(ports) as Target[]) await random(target, 10, 1);
  for (let round = 0; round < sizes.rounds; round++) {
    for (const connections of CONCURRENCY)
      for (const target of Object.keys(ports) as Target[])
        record(`${target} ${connections}`, await random(target, connections, sizes.roundSeconds));
    for (const target of Object.keys(ports) as Target[])
      record(`${target} 304`, await revalidate(target, sizes.roundSeconds));
  }
  const median = (key: string, figure: (run: WrkResult) => number) =>
    percentile((runs.get(key) ?? []).map(figure), 50);
  await random('product', 50, sizes.soakSeconds);
  return {
    rate: (key) => median(key, (run) => run.requestsPerSecond),
    p99: (key) => median(key, (run) => run.p99Ms),
    soakedRss: Math.max(...pids.map(rssMb)),
  };
}

/** The rows both setups print, `label` naming the setup. */
function rows(label: string, sizes: Sizes, measured: Measured, idleRss: number, budgets: boolean) {
  const { rate, p99 } = measured;
  const over = `${sizes.profiles.toLocaleString('en-US')} profiles`;
  const perRound = `median of ${sizes.rounds} interleaved ${sizes.roundSeconds} s rounds`;
  const atLeastIf = budgets
    ? atLeast
    : (figure: string, value: number, unit: string) => info(figure, value, unit);
  const atMostIf = budgets
    ? atMost
    : (figure: string, value: number, unit: string) => info(figure, value, unit);
  return [
    ...CONCURRENCY.flatMap((c) => [
      info(`${label}random pages over ${over} -c${c}: product, ${perRound}`, rate(`product ${c}`), 'req/s'),
      info(
        `${label}random pages -c${c}: nginx sending the same files from disk (${NGINX_WORKERS} workers)`,
        rate(`nginx ${c}`),
        'req/s',
      ),
      atLeastIf(
        `${label}random pages -c${c}: product ÷ nginx`,
        rate(`product ${c}`) / rate(`nginx ${c}`),
        '×',
        0.5,
      ),
      info(
        `${label}random pages -c${c}: product p99 (nginx ${p99(`nginx ${c}`).toFixed(1)} ms)`,
        p99(`product ${c}`),
        'ms',
      ),
      atMostIf(
        `${label}random pages -c${c}: product p99 ÷ nginx p99`,
        p99(`product ${c}`) / p99(`nginx ${c}`),
        '×',
        3,
      ),
    ]),
    info(`${label}304 revalidation -c10: product`, rate('product 304'), 'req/s'),
    info(`${label}304 revalidation -c10: nginx`, rate('nginx 304'), 'req/s'),
    atLeastIf(
      `${label}304 revalidation -c10: product ÷ nginx`,
      rate('product 304') / rate('nginx 304'),
      '×',
      0.5,
    ),
    atMostIf(`${label}server memory idle over ${over} (RSS)`, idleRss, 'MB', 200),
    atMostIf(
      `${label}server memory after ${sizes.soakSeconds} s more of random pages (RSS)`,
      measured.soakedRss,
      'MB',
      256,
    ),
  ];
}

const START = /TradeCard is running at http:\/\/localhost:(\d+)/;

/** The product's own config for a bench server on `dir`. */
const serverConfig = (dir: string, more: Record<string, string> = {}) => ({
  DATA_DIR: dir,
  PORT: '0',
  PUBLIC_URL,
  PAYMENTS: 'local',
  MAIL: 'outbox',
  METRICS_PORT: 'off',
  DATABASE_URL: '',
  STORAGE: 'disk',
  // random-pages.lua sends each visitor's address as the one proxy in front would.
  TRUST_PROXY: '1',
  ...more,
});

/**
 * Pages spread over every tradesperson (issue 29), on SQLite: `npm run rebuild` renders `profiles` published
 * cards, then the product (`npm start`'s server, alone) and nginx sending the same files from disk take wrk's
 * random /u/tradeN (measure), each request a phone visitor the product counts.
 */
export async function randomPages({ quick }: BenchOptions): Promise<BenchRow[]> {
  const sizes = quick ? QUICK : FULL;
  if (!fs.existsSync(NGINX)) throw new Error(`the random pages bench needs Debian's nginx at ${NGINX}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-pages-'));
  let server: RunningChild | undefined;
  let nginx: RunningNginx | undefined;
  try {
    const rebuilt = await preparePages(dir, sizes.profiles);
    server = startTsChild('api/server.ts', serverConfig(dir));
    const port = portOf(await server.waitFor(START, START_TIMEOUT_MS));
    nginx = await startNginx({
      dataDir: dir,
      siteDir: defaultSiteDir(),
      upstreamPort: port,
      hsts: HSTS,
      template: staticPageNginxConfig(),
      workers: NGINX_WORKERS,
    });
    const ports: Record<Target, number> = { product: port, nginx: nginx.port };
    await checkSamePages(ports, path.join(dir, 'public'), sizes.profiles);
    const idleRss = rssMb(server.pid);
    const measured = await measure(ports, [server.pid], sizes);
    return [
      info(
        `random pages: ${sizes.profiles.toLocaleString('en-US')} profiles rendered by the rebuild`,
        rebuilt.renderMs / 1000,
        's',
      ),
      ...rows('', sizes, measured, idleRss, true),
    ];
  } finally {
    await nginx?.stop();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same on PostgreSQL with two instances sharing the data folder behind deploy/nginx.conf (issue 29's "done
 * when"): the product's figure is deploy/nginx.conf sending the pages and telling the two of each (ADR 045), against
 * nginx sending the same files with nothing else.
 */
export async function randomPagesBehindNginx({ quick }: BenchOptions): Promise<BenchRow[]> {
  if (!(await postgresOrLeftOut('random pages behind nginx'))) return [];
  const sizes = quick ? QUICK : FULL;
  return withTempPostgresUrl(async (databaseUrl) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-pages-pg-'));
    const servers: RunningChild[] = [];
    const nginxes: RunningNginx[] = [];
    try {
      await preparePages(dir, sizes.profiles, databaseUrl);
      // nginx adds the address it saw (127.0.0.1) after the visitor's: the visitor is two hops back.
      const config = serverConfig(dir, {
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: '2',
        // Instances behind one address share the secret their codes are hashed with (README, configuration).
        APP_SECRET: 'bench-cluster-secret-bench-cluster-secret-0123',
      });
      const upstreamPorts: number[] = [];
      // Both hear of the pages nginx sends itself at one address, each line by one of them (ADR 045).
      const visitsPort = await freePort();
      for (let i = 0; i < 2; i++) {
        const server = startTsChild('api/server.ts', { ...config, NGINX_VISITS: `127.0.0.1:${visitsPort}` });
        servers.push(server);
        upstreamPorts.push(portOf(await server.waitFor(START, START_TIMEOUT_MS)));
      }
      const proxy = await startNginx({
        dataDir: dir,
        siteDir: defaultSiteDir(),
        upstreamPort: upstreamPorts,
        visitsPort,
        // wrk asks for 127.0.0.1: the service's host here.
        publicHost: '127.0.0.1',
        hsts: HSTS,
        workers: NGINX_WORKERS,
      });
      nginxes.push(proxy);
      const direct = await startNginx({
        dataDir: dir,
        siteDir: defaultSiteDir(),
        upstreamPort: upstreamPorts,
        hsts: HSTS,
        template: staticPageNginxConfig(),
        workers: NGINX_WORKERS,
      });
      nginxes.push(direct);
      const ports: Record<Target, number> = { product: proxy.port, nginx: direct.port };
      await checkSamePages(ports, path.join(dir, 'public'), sizes.profiles);
      const pids = servers.map((server) => server.pid);
      const idleRss = Math.max(...pids.map(rssMb));
      const measured = await measure(ports, pids, sizes);
      await checkCounted(dir, databaseUrl);
      return rows('PostgreSQL, 2 instances behind nginx: ', sizes, measured, idleRss, false);
    } finally {
      for (const nginx of nginxes) await nginx.stop();
      for (const server of servers.reverse()) await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
