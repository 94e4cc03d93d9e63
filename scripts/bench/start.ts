import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startTsChild } from './child-process';
import { childEnv } from './env';
import { atMost, type BenchOptions, type BenchRow, info } from './report';
import { SITE_ORIGIN, SITE_PORT } from './site-build';
import { percentile } from './stats';

/** Fixed, so every warm run finds the site's pages written for its address already (ADR 040). */
const PORT = SITE_PORT;
const ORIGIN = SITE_ORIGIN;
const RUNS = { full: 7, quick: 1 };
/** Issue 26: a warm `npm start` serves its first page within 1.5 s, and a test server answers within 1 s. */
const NPM_START_BUDGET_MS = 1500;
const TEST_SERVER_BUDGET_MS = 1000;
const STAMP = path.join(REPO_ROOT, 'site/dist/.build-stamp');

const config = (dataDir: string, publicUrl = ORIGIN) => ({
  DATA_DIR: dataDir,
  PORT: String(PORT),
  PUBLIC_URL: publicUrl,
  SEED_DEMO: 'false',
  METRICS_PORT: 'off',
  LOG_LEVEL: 'warn',
});

/** Polls `url` until it answers 200; the milliseconds since `started`. */
async function untilServing(url: string, started: number, gone: () => string | null): Promise<number> {
  for (;;) {
    const why = gone();
    if (why) throw new Error(why);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    if (performance.now() - started > 120_000) throw new Error(`${url} did not answer within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** `npm start` as a person types it, to its first page (the home page); then its whole process group is stopped. */
async function npmStartToFirstPage(publicUrl?: string): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-start-'));
  const started = performance.now();
  const npm = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: childEnv(config(dataDir, publicUrl)),
    stdio: 'ignore',
    detached: true,
  });
  let exit: string | null = null;
  const exited = new Promise<void>((resolve) =>
    npm.once('exit', (code, signal) => {
      exit = `npm start exited (${code ?? signal}) before serving`;
      resolve();
    }),
  );
  try {
    return await untilServing(`${ORIGIN}/`, started, () => exit);
  } finally {
    if (npm.pid !== undefined && exit === null) process.kill(-npm.pid, 'SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A compiled entry (as the test servers start: tests/support/api/server-process.ts) to /api/health. */
async function entryToHealth(entry: string): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-start-'));
  const started = performance.now();
  const child = startTsChild(entry, config(dataDir));
  let gone: string | null = null;
  void child.exited.then((code) => {
    gone = `${entry} exited (${code}) before serving:\n${child.output()}`;
  });
  try {
    return await untilServing(`${ORIGIN}/api/health`, started, () => gone);
  } finally {
    await child.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The peer: the least a Node process can do to answer HTTP, started the same way. */
async function minimalNodeServer(): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${PORT}, '127.0.0.1')`],
    { stdio: 'ignore' },
  );
  let gone: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      gone = 'the minimal server exited before serving';
      resolve();
    }),
  );
  try {
    return await untilServing(`${ORIGIN}/`, started, () => gone);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Issue 26: a warm `npm start` (compiled code current, site unchanged) to its first page, and the server as the
 * test suites start it (its compiled file) to /api/health, each beside a minimal Node HTTP server started the same
 * way. Also what a start costs when the site must be rebuilt.
 */
export async function startBenchmark({ quick }: BenchOptions): Promise<BenchRow[]> {
  const runs = quick ? RUNS.quick : RUNS.full;
  fs.rmSync(STAMP, { force: true });
  const rebuilding = await npmStartToFirstPage();
  // An address this build has not served: its pages are written, nothing is built.
  const newAddress = await npmStartToFirstPage(`https://start-bench-${Date.now()}.example`);
  const warm: number[] = [];
  const server: number[] = [];
  const peer: number[] = [];
  // Interleaved, so a busy moment on a shared machine lands on every side alike.
  for (let run = 0; run < runs; run += 1) {
    warm.push(await npmStartToFirstPage());
    server.push(await entryToHealth('api/server.ts'));
    peer.push(await minimalNodeServer());
  }
  const warmMs = percentile(warm, 50);
  const serverMs = percentile(server, 50);
  const peerMs = percentile(peer, 50);
  return [
    atMost(`npm start to its first page, warm (median of ${runs})`, warmMs, 'ms', NPM_START_BUDGET_MS),
    atMost(`test server to /api/health, compiled (median of ${runs})`, serverMs, 'ms', TEST_SERVER_BUDGET_MS),
    info(`minimal Node HTTP server to its first answer (peer, median of ${runs})`, peerMs, 'ms'),
    info('npm start ÷ minimal Node server', warmMs / peerMs, '×'),
    info('test server ÷ minimal Node server', serverMs / peerMs, '×'),
    info('npm start to its first page when the site must be rebuilt', rebuilding, 'ms'),
    info('npm start to its first page on a new PUBLIC_URL (pages written, nothing built)', newAddress, 'ms'),
  ];
}
