import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { profileDir } from '../../renderer/render-account';
import { peakRssMb, type RunningChild, resetPeakRss, startTsChild } from './child-process';
import { atMost, type BenchRow, info } from './report';

const PUBLIC_URL = 'https://tradecard.bench';
const WARM_UP_SECONDS = 2;
const TIMED_SECONDS = 10;
const CONNECTIONS = 10;
const START_TIMEOUT_MS = 60_000;
const GZIP = { 'accept-encoding': 'gzip' };

type Fetched = { status: number; encoding: string | undefined; body: Buffer };

/** One GET on 127.0.0.1, the body as sent (still gzipped if the server gzipped it). */
function get(port: number, pathname: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, headers: GZIP }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${pathname} timed out`)));
  });
}

/** The projector renders /u/demo just after the server starts: ask until it answers 200, for a bounded time. */
async function waitForPage(port: number, pathname: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = 0;
  while (performance.now() < deadline) {
    last = (await get(port, pathname)).status;
    if (last === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`GET ${pathname} still answered ${last} after ${timeoutMs} ms`);
}

/** The page as gzip on the wire, unpacked: both servers must send gzip, and the same page. */
async function gzippedPage(port: number, label: string): Promise<string> {
  const page = await get(port, '/u/demo');
  if (page.status !== 200) throw new Error(`${label}: GET /u/demo answered ${page.status}`);
  if (page.encoding !== 'gzip')
    throw new Error(`${label}: /u/demo was sent as ${page.encoding ?? 'identity'}`);
  return gunzipSync(page.body).toString('utf8');
}

/** requests/s over TIMED_SECONDS after a warm-up, every answer a 2xx. */
async function load(port: number, label: string): Promise<number> {
  const options = { url: `http://127.0.0.1:${port}/u/demo`, connections: CONNECTIONS, headers: GZIP };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: TIMED_SECONDS });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${label}: ${result.errors} errors and ${result.non2xx} non-2xx answers under load`);
  }
  return result.requests.average;
}

const portOf = (match: RegExpMatchArray) => Number(match[1]);

/**
 * `npm start` (as `node --import tsx api/server.ts`, so the pid is the server's own) over a fresh data folder
 * that it seeds with /u/demo, against a bench-only server that renders the same page per request from the same
 * database. Also the demo page's gzip size and the server's peak memory after the load.
 */
export async function serving(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-serve-'));
  const config = { DATA_DIR: dir, PORT: '0', PUBLIC_URL, PAYMENTS: 'local', MAIL: 'outbox' };
  const children: RunningChild[] = [];
  try {
    const server = startTsChild('api/server.ts', { ...config, SEED_DEMO: 'true' });
    children.push(server);
    const staticPort = portOf(
      await server.waitFor(/TradeCard is running at http:\/\/localhost:(\d+)/, START_TIMEOUT_MS),
    );
    await waitForPage(staticPort, '/u/demo', START_TIMEOUT_MS);

    const demoDir = profileDir(path.join(dir, 'public'), 'demo');
    const html = fs.readFileSync(path.join(demoDir, 'index.html'));
    const gzipBytes = fs.statSync(path.join(demoDir, 'index.html.gz')).size;
    const gzip9Bytes = gzipSync(html, { level: 9 }).length;
    if (gzipBytes !== gzip9Bytes)
      throw new Error(`index.html.gz is ${gzipBytes} B, gzip -9 gives ${gzip9Bytes} B`);

    const ssr = startTsChild('scripts/bench/ssr-server.ts', config);
    children.push(ssr);
    const ssrPort = portOf(await ssr.waitFor(/running at http:\/\/127\.0\.0\.1:(\d+)/, START_TIMEOUT_MS));

    const [staticPage, ssrPage] = [
      await gzippedPage(staticPort, 'npm start'),
      await gzippedPage(ssrPort, 'SSR'),
    ];
    if (staticPage !== ssrPage)
      throw new Error('the static and the SSR server send different pages for /u/demo');
    if (staticPage !== html.toString('utf8'))
      throw new Error('npm start did not send index.html as rendered');

    // The peak since start-up (seeding the demo included), then the peak under load alone.
    const startupPeak = peakRssMb(server.pid);
    resetPeakRss(server.pid);
    const staticRate = await load(staticPort, 'npm start');
    const ssrRate = await load(ssrPort, 'SSR');
    const loadPeak = peakRssMb(server.pid);
    const ssrPeak = peakRssMb(ssr.pid);

    return [
      atMost('demo page gzip size (index.html.gz)', gzipBytes / 1024, 'KB', 14),
      info(`demo page uncompressed (index.html)`, html.length / 1024, 'KB'),
      info(
        `serving /u/demo, static files (npm start, ${CONNECTIONS} connections, gzip)`,
        staticRate,
        'req/s',
      ),
      info('serving /u/demo, SSR per request (same db, gzip)', ssrRate, 'req/s'),
      info('static ÷ SSR', staticRate / ssrRate, '×'),
      atMost(
        'server peak memory while serving (VmHWM since start)',
        Math.max(startupPeak, loadPeak),
        'MB',
        256,
      ),
      info('server peak memory: start-up, seeding the demo', startupPeak, 'MB'),
      info('server peak memory: during the load test (VmHWM reset first)', loadPeak, 'MB'),
      info('SSR bench server peak memory (VmHWM)', ssrPeak, 'MB'),
    ];
  } finally {
    for (const child of children.reverse()) await child.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
