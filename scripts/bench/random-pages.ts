import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { defaultSiteDir } from '../../api/static/site-files';
import { lastGlobalPosition } from '../../events/store';
import { openDatabase } from '../../platform/database/db';
import { saveCheckpoint } from '../../renderer/projector';
import { profileDir } from '../../renderer/render-account';
import { NGINX, type RunningNginx, startNginx } from '../../tests/support/deploy/nginx';
import { REPO_ROOT, type RunningChild, startTsChild } from './child-process';
import { prepareDataDir, rebuildInChild } from './full-rebuild';
import { atLeast, atMost, type BenchOptions, type BenchRow, info } from './report';
import { get, HSTS, portOf, staticPageNginxConfig } from './serving';
import { percentile } from './stats';
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
 * A rebuild leaves the projector's checkpoint where it was (ADR 019): moved to the log's end, as a server that has
 * followed the log all along has it, so the server measured renders nothing while it serves.
 */
async function projectorAtTheEnd(dir: string): Promise<void> {
  const opened = await openDatabase(path.join(dir, 'app.db'));
  try {
    await saveCheckpoint(opened.db, await lastGlobalPosition(opened.db));
  } finally {
    await opened.close();
  }
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

/**
 * Pages spread over every tradesperson (issue 29): `npm run rebuild` renders `profiles` published cards, then the
 * product (`npm start`'s server) and nginx sending the same files from disk take wrk's random /u/tradeN in
 * interleaved rounds at -c10 and -c50, each request a phone visitor the product counts. Then the product alone
 * for `soakSeconds` of the same traffic, and its memory: idle before, resident after.
 */
export async function randomPages({ quick }: BenchOptions): Promise<BenchRow[]> {
  const sizes = quick ? QUICK : FULL;
  if (!fs.existsSync(NGINX)) throw new Error(`the random pages bench needs Debian's nginx at ${NGINX}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-pages-'));
  let server: RunningChild | undefined;
  let nginx: RunningNginx | undefined;
  try {
    const preparing = performance.now();
    await prepareDataDir(dir, sizes.profiles);
    const rebuilt = await rebuildInChild(dir);
    await projectorAtTheEnd(dir);
    process.stderr.write(
      `  ${sizes.profiles} profiles seeded and rendered in ${((performance.now() - preparing) / 1000).toFixed(0)} s\n`,
    );
    server = startTsChild('api/server.ts', {
      DATA_DIR: dir,
      PORT: '0',
      PUBLIC_URL,
      PAYMENTS: 'local',
      MAIL: 'outbox',
      METRICS_PORT: 'off',
      // random-pages.lua sends each visitor's address as the one proxy in front would.
      TRUST_PROXY: '1',
    });
    const port = portOf(
      await server.waitFor(/TradeCard is running at http:\/\/localhost:(\d+)/, START_TIMEOUT_MS),
    );
    nginx = await startNginx({
      dataDir: dir,
      siteDir: defaultSiteDir(),
      upstreamPort: port,
      hsts: HSTS,
      template: staticPageNginxConfig(),
    });
    const ports: Record<Target, number> = { product: port, nginx: nginx.port };
    await checkSamePages(ports, path.join(dir, 'public'), sizes.profiles);
    const idleRss = rssMb(server.pid);

    const runs = new Map<string, WrkResult[]>();
    const random = (target: Target, connections: number, seconds: number) =>
      wrk({
        url: `http://127.0.0.1:${ports[target]}/`,
        connections,
        seconds,
        headers: GZIP,
        script: SCRIPT,
        scriptArgs: [String(sizes.profiles)],
      });
    const etags = { product: await etagOf(port, '/u/trade1'), nginx: await etagOf(nginx.port, '/u/trade1') };
    const revalidate = (target: Target, connections: number, seconds: number) =>
      wrk({
        url: `http://127.0.0.1:${ports[target]}/u/trade1`,
        connections,
        seconds,
        headers: { ...GZIP, 'if-none-match': etags[target] },
      });
    for (let round = 0; round < sizes.rounds; round++) {
      for (const connections of CONCURRENCY) {
        for (const target of Object.keys(ports) as Target[]) {
          const key = `${target} ${connections}`;
          runs.set(key, [...(runs.get(key) ?? []), await random(target, connections, sizes.roundSeconds)]);
        }
      }
      for (const target of Object.keys(ports) as Target[]) {
        const key = `${target} 304`;
        runs.set(key, [...(runs.get(key) ?? []), await revalidate(target, 10, sizes.roundSeconds)]);
      }
    }
    const median = (key: string, figure: (run: WrkResult) => number) =>
      percentile((runs.get(key) ?? []).map(figure), 50);
    const rate = (key: string) => median(key, (run) => run.requestsPerSecond);
    const p99 = (key: string) => median(key, (run) => run.p99Ms);

    await random('product', 50, sizes.soakSeconds);
    const soakedRss = rssMb(server.pid);

    const over = `${sizes.profiles.toLocaleString('en-US')} profiles`;
    const perRound = `median of ${sizes.rounds} interleaved ${sizes.roundSeconds} s rounds`;
    return [
      info(`random pages: ${over} rendered by the rebuild`, rebuilt.renderMs / 1000, 's'),
      ...CONCURRENCY.flatMap((c) => [
        info(`random pages over ${over} -c${c}: product, ${perRound}`, rate(`product ${c}`), 'req/s'),
        info(`random pages -c${c}: nginx sending the same files from disk`, rate(`nginx ${c}`), 'req/s'),
        atLeast(`random pages -c${c}: product ÷ nginx`, rate(`product ${c}`) / rate(`nginx ${c}`), '×', 0.5),
        info(
          `random pages -c${c}: product p99 (nginx ${p99(`nginx ${c}`).toFixed(1)} ms)`,
          p99(`product ${c}`),
          'ms',
        ),
        atMost(
          `random pages -c${c}: product p99 ÷ nginx p99`,
          p99(`product ${c}`) / p99(`nginx ${c}`),
          '×',
          3,
        ),
      ]),
      info('304 revalidation -c10: product', rate('product 304'), 'req/s'),
      info('304 revalidation -c10: nginx', rate('nginx 304'), 'req/s'),
      atLeast('304 revalidation -c10: product ÷ nginx', rate('product 304') / rate('nginx 304'), '×', 0.5),
      atMost(`server memory idle over ${over} (RSS)`, idleRss, 'MB', 200),
      atMost(`server memory after ${sizes.soakSeconds} s more of random pages (RSS)`, soakedRss, 'MB', 256),
    ];
  } finally {
    await nginx?.stop();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
