import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { defaultSiteDir } from '../../api/static/site-files';
import { profileDir } from '../../renderer/render-account';
import { NGINX, type RunningNginx, startNginx, TEMPLATE } from '../../tests/support/deploy/nginx';
import { peakRssMb, type RunningChild, resetPeakRss, startTsChild } from './child-process';
import { atLeast, atMost, type BenchOptions, type BenchRow, info } from './report';
import { publish, signUpOverHttp } from './serving-account';
import { type RepublishResult, readWhileRepublishing } from './serving-republish';
import { percentile } from './stats';
import { type WrkResult, wrk } from './wrk';

const PUBLIC_URL = 'https://tradecard.bench';
/** What the product sends over https (api/http/security-headers.ts), so nginx sends the same. */
export const HSTS = 'max-age=63072000; includeSubDomains';
const START_TIMEOUT_MS = 60_000;
const GZIP = { 'accept-encoding': 'gzip' };
type Sizes = { warmUpSeconds: number; rounds: number; roundSeconds: number; republishSeconds: number };
const FULL: Sizes = { warmUpSeconds: 2, rounds: 3, roundSeconds: 5, republishSeconds: 10 };
const QUICK: Sizes = { warmUpSeconds: 1, rounds: 1, roundSeconds: 1, republishSeconds: 2 };
const CONCURRENCY = [10, 50] as const;
const REPUBLISH_PER_SECOND = 20;

type Fetched = {
  status: number;
  encoding: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};
/** `tapped`: the product, at /u/demo as a link tapped in Facebook reaches it (issue 29: half the plain rate before). */
type Target = 'product' | 'tapped' | 'nginx' | 'SSR';
const TAPPED_PATH = '/u/demo?fbclid=IwAR2F4xExampleClickId&utm_source=facebook&utm_medium=social';

/** One GET on 127.0.0.1, the body as sent (still gzipped if the server gzipped it). */
export function get(
  port: number,
  pathname: string,
  headers: Record<string, string> = GZIP,
): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers['content-encoding'],
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${pathname} timed out`)));
  });
}

/** The projector renders a page just after its event: ask until it answers 200, for a bounded time. */
export async function waitForPage(port: number, pathname: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = 0;
  while (performance.now() < deadline) {
    last = (await get(port, pathname)).status;
    if (last === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`GET ${pathname} still answered ${last} after ${timeoutMs} ms`);
}

/** The page as gzip on the wire, unpacked: every server must send gzip, and the same page. */
async function gzippedPage(port: number, label: string): Promise<string> {
  const page = await get(port, '/u/demo');
  if (page.status !== 200) throw new Error(`${label}: GET /u/demo answered ${page.status}`);
  if (page.encoding !== 'gzip')
    throw new Error(`${label}: /u/demo was sent as ${page.encoding ?? 'identity'}`);
  return gunzipSync(page.body).toString('utf8');
}

export const portOf = (match: RegExpMatchArray) => Number(match[1]);

/** The demo page's sizes on disk; the gzip copy must be gzip -9 of the page. */
function pageSizes(publicDir: string) {
  const demoDir = profileDir(publicDir, 'demo');
  const html = fs.readFileSync(path.join(demoDir, 'index.html'));
  const gzipBytes = fs.statSync(path.join(demoDir, 'index.html.gz')).size;
  const gzip9Bytes = gzipSync(html, { level: 9 }).length;
  if (gzipBytes !== gzip9Bytes)
    throw new Error(`index.html.gz is ${gzipBytes} B, gzip -9 gives ${gzip9Bytes} B`);
  const brotli = fs.statSync(path.join(demoDir, 'index.html.br'), { throwIfNoEntry: false });
  return { html, gzipBytes, brotliBytes: brotli?.size ?? null };
}

/**
 * wrk on each server in turn, round after round (a busy moment on a shared machine lands on all alike), at each
 * concurrency; the median of the rounds for each figure.
 */
async function interleavedLoad(ports: Record<Target, number>, sizes: Sizes) {
  const runs = new Map<string, WrkResult[]>();
  const load = (target: Target, connections: number, seconds: number) =>
    wrk({
      url: `http://127.0.0.1:${ports[target]}${target === 'tapped' ? TAPPED_PATH : '/u/demo'}`,
      connections,
      seconds,
      headers: GZIP,
    });
  for (const target of Object.keys(ports) as Target[]) await load(target, 10, sizes.warmUpSeconds);
  for (let round = 0; round < sizes.rounds; round++) {
    for (const connections of CONCURRENCY) {
      for (const target of Object.keys(ports) as Target[]) {
        const key = `${target} ${connections}`;
        runs.set(key, [...(runs.get(key) ?? []), await load(target, connections, sizes.roundSeconds)]);
      }
    }
  }
  const median = (target: Target, connections: number, figure: (run: WrkResult) => number) =>
    percentile((runs.get(`${target} ${connections}`) ?? []).map(figure), 50);
  return {
    rate: (target: Target, connections: number) =>
      median(target, connections, (run) => run.requestsPerSecond),
    p99: (target: Target, connections: number) => median(target, connections, (run) => run.p99Ms),
  };
}

/**
 * nginx's workers in every comparison: as many as the product has threads serving pages (SERVE_THREADS, ADR 044),
 * which is what `worker_processes auto` gives on this two-core machine.
 */
export const NGINX_WORKERS = 2;

/**
 * The peer: deploy/nginx.conf with its page location at its plainest: nginx sends the page from disk and does
 * nothing else (no line to the product, no check for a page moved to its owner's domain, ADR 045), as any static
 * host would. The product's figure is then against the cheapest way there is to send those bytes.
 */
export function staticPageNginxConfig(): string {
  const template = fs.readFileSync(TEMPLATE, 'utf8');
  const pageLocation = / {4}location ~ "\^\/\(\?<tc_via>\[uq\]\)[\s\S]*?\n {4}\}\n/;
  if (!pageLocation.test(template))
    throw new Error('deploy/nginx.conf no longer has the page location this peer replaces');
  return template.replace(
    pageLocation,
    // The same names for its captures: the template's log format names them.
    `    location ~ "^/(?<tc_via>u)/(?<tc_page>[a-z0-9_-]{1,30})/?$" {
      root {{DATA_DIR}}/public;
      set $tc_kind asset;
      gzip on;
      charset utf-8;
      types { }
      default_type text/html;
      try_files /u/$tc_page/index.html @product;
    }
`,
  );
}

/** nginx must send the page itself (no upstream in its log) and the very bytes the product sends. */
async function checkNginxServesPage(nginx: RunningNginx, html: Buffer) {
  const page = await gzippedPage(nginx.port, 'nginx');
  if (page !== html.toString('utf8')) throw new Error('nginx did not send index.html as rendered');
  const line = nginx.accessLog().find((entry) => entry.includes('"GET /u/demo HTTP/1.1" 200'));
  if (!line?.includes('upstream=- ')) throw new Error(`nginx handed /u/demo to the product: ${line}`);
}

function wrongRow(figure: string, result: RepublishResult, budget: boolean): BenchRow {
  const reasons = [...result.reasons].map(([reason, count]) => `${count}× ${reason}`).join('; ');
  const label = `${figure} (${result.answers} answers, ${result.publishes} publishes in ${result.seconds.toFixed(1)} s${reasons ? `: ${reasons}` : ''})`;
  return budget ? atMost(label, result.wrong, '', 0) : info(label, result.wrong, '');
}

/**
 * `npm start`'s server (as `node --import tsx api/server.ts`, so the pid is the server's own) on a fresh data folder
 * it seeds with /u/demo; Debian's nginx with deploy/nginx.conf sending the very same files; and a bench-only server
 * that renders the page per request from the same database. wrk (-t1, gzip) on each in interleaved rounds at -c10
 * and -c50; then the race of issue 12: keep-alive readers while the owner republishes 20 times a second. Also the
 * demo page's sizes and the server's peak memory.
 */
export async function serving({ quick }: BenchOptions): Promise<BenchRow[]> {
  const sizes = quick ? QUICK : FULL;
  if (!fs.existsSync(NGINX))
    throw new Error(
      `the serving bench needs Debian's nginx at ${NGINX}: apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-serve-'));
  const config = {
    DATA_DIR: dir,
    PORT: '0',
    PUBLIC_URL,
    PAYMENTS: 'local',
    MAIL: 'outbox',
    METRICS_PORT: 'off',
  };
  const children: RunningChild[] = [];
  let nginx: RunningNginx | undefined;
  try {
    const server = startTsChild('api/server.ts', { ...config, SEED_DEMO: 'true' });
    children.push(server);
    const staticPort = portOf(
      await server.waitFor(/TradeCard is running at http:\/\/localhost:(\d+)/, START_TIMEOUT_MS),
    );
    await waitForPage(staticPort, '/u/demo', START_TIMEOUT_MS);
    const { html, gzipBytes, brotliBytes } = pageSizes(path.join(dir, 'public'));

    const ssr = startTsChild('scripts/bench/ssr-server.ts', config);
    children.push(ssr);
    const ssrPort = portOf(await ssr.waitFor(/running at http:\/\/127\.0\.0\.1:(\d+)/, START_TIMEOUT_MS));
    nginx = await startNginx({
      dataDir: dir,
      siteDir: defaultSiteDir(),
      upstreamPort: staticPort,
      hsts: HSTS,
      template: staticPageNginxConfig(),
      workers: NGINX_WORKERS,
    });

    const staticPage = await gzippedPage(staticPort, 'npm start');
    if (staticPage !== (await gzippedPage(ssrPort, 'SSR')))
      throw new Error('the static and the SSR server send different pages for /u/demo');
    if (staticPage !== html.toString('utf8'))
      throw new Error('npm start did not send index.html as rendered');
    await checkNginxServesPage(nginx, html);

    // The peak since start-up (seeding the demo included), then the peak under load alone.
    const startupPeak = peakRssMb(server.pid);
    resetPeakRss(server.pid);
    const ssrPeakBefore = peakRssMb(ssr.pid);
    const { rate, p99 } = await interleavedLoad(
      { product: staticPort, tapped: staticPort, nginx: nginx.port, SSR: ssrPort },
      sizes,
    );
    const loadPeak = peakRssMb(server.pid);
    const ssrPeak = Math.max(ssrPeakBefore, peakRssMb(ssr.pid));

    // A real account on the same server, republishing its own page while it is read.
    const apiUrl = `http://127.0.0.1:${staticPort}`;
    const token = await signUpOverHttp(apiUrl, dir, 'racer');
    const first = await publish(apiUrl, token, 0);
    if (first !== 200) throw new Error(`the first publish of /u/racer answered ${first}`);
    await waitForPage(staticPort, '/u/racer', START_TIMEOUT_MS);
    const race = {
      apiUrl,
      username: 'racer',
      token,
      seconds: sizes.republishSeconds,
      perSecond: REPUBLISH_PER_SECOND,
    };
    const product = await readWhileRepublishing({ ...race, readPort: staticPort, firstRevision: 1 });
    const proxied = await readWhileRepublishing({ ...race, readPort: nginx.port, firstRevision: 100_000 });

    const perRound = `median of ${sizes.rounds} interleaved ${sizes.roundSeconds} s rounds, wrk -t1, gzip`;
    const concurrencyRows = CONCURRENCY.flatMap((c) => [
      info(`serving /u/demo -c${c}: product (npm start), ${perRound}`, rate('product', c), 'req/s'),
      info(
        `serving /u/demo -c${c}: nginx sending the same file from disk (${NGINX_WORKERS} workers)`,
        rate('nginx', c),
        'req/s',
      ),
      info(`serving /u/demo -c${c}: SSR per request (same db)`, rate('SSR', c), 'req/s'),
      atLeast(`serving /u/demo -c${c}: product ÷ nginx`, rate('product', c) / rate('nginx', c), '×', 0.25),
      info(`serving /u/demo -c${c}: product p99`, p99('product', c), 'ms'),
      info(`serving ${TAPPED_PATH} -c${c}: product`, rate('tapped', c), 'req/s'),
      atLeast(
        `serving /u/demo?fbclid=… -c${c}: ÷ plain /u/demo`,
        rate('tapped', c) / rate('product', c),
        '×',
        0.95,
      ),
      info(`serving /u/demo -c${c}: nginx p99`, p99('nginx', c), 'ms'),
    ]);
    return [
      atMost('demo page gzip size (index.html.gz)', gzipBytes / 1024, 'KB', 14),
      ...(brotliBytes === null
        ? []
        : [atMost('demo page brotli size (index.html.br)', brotliBytes / 1024, 'KB', 14)]),
      info(`demo page uncompressed (index.html)`, html.length / 1024, 'KB'),
      ...concurrencyRows,
      atMost('serving /u/demo: product p99 at -c10', p99('product', 10), 'ms', 5),
      atLeast('serving /u/demo: product ÷ SSR at -c10', rate('product', 10) / rate('SSR', 10), '×', 8),
      info('serving /u/demo: product ÷ SSR at -c50', rate('product', 50) / rate('SSR', 50), '×'),
      wrongRow(`wrong responses while republishing ${REPUBLISH_PER_SECOND}×/s, product`, product, true),
      wrongRow(
        `wrong responses while republishing ${REPUBLISH_PER_SECOND}×/s, through nginx`,
        proxied,
        false,
      ),
      info(
        'publishes refused during the republishing runs',
        product.failedPublishes + proxied.failedPublishes,
        '',
      ),
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
    await nginx?.stop();
    for (const child of children.reverse()) await child.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
