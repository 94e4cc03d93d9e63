import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RENDER_IDLE_MS } from '../../api/media/render';
import { defaultSiteDir } from '../../api/static/site-files';
import { freePort, type RunningNginx, startNginx } from '../../tests/support/deploy/nginx';
import { peakRssMb, type RunningChild, resetPeakRss, startTsChild } from './child-process';
import { publishPhoto, rssMb, threadCount, twelveMegapixelJpeg, variant } from './media-photos';
import { atLeast, atMost, type BenchOptions, type BenchRow, info } from './report';
import { signUpOverHttp } from './serving-account';
import { percentile } from './stats';
import { wrk } from './wrk';

const START_TIMEOUT_MS = 60_000;
/**
 * `waitsOutRenderPool`: whether RSS is read only once the render threads have gone (the pool's idle timeout, 10 s
 * each time); a quick run reads it at once, so its "settled" figure is only a reading.
 */
type Sizes = { burst: number; rounds: number; roundSeconds: number; waitsOutRenderPool: boolean };
const FULL: Sizes = { burst: 8, rounds: 3, roundSeconds: 6, waitsOutRenderPool: true };
const QUICK: Sizes = { burst: 2, rounds: 1, roundSeconds: 1, waitsOutRenderPool: false };
/** Uploads kept going at once while /u/demo is measured: two people saving a photo each, again and again. */
const UPLOADERS = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the render threads have exited (the pool's idle timeout) and RSS has stopped falling. */
async function settledRss(pid: number, baselineThreads: number, sizes: Sizes): Promise<number> {
  if (!sizes.waitsOutRenderPool) return rssMb(pid);
  await sleep(RENDER_IDLE_MS + 2000);
  for (let i = 0; i < 40 && threadCount(pid) > baselineThreads; i++) await sleep(250);
  let last = rssMb(pid);
  for (let i = 0; i < 20; i++) {
    await sleep(500);
    const now = rssMb(pid);
    if (Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}

/**
 * `npm start`'s server (node --import tsx api/server.ts, so the pid is the server's) seeded with /u/demo; photos
 * uploaded through its HTTP API as the editor sends them. (b) RSS after a burst of eight 12-megapixel uploads from
 * eight accounts at once, once the burst has settled (issue 12: 322–340 MB, kept); (c) /u/demo throughput (wrk -t1
 * -c10, gzip) while uploads go on, against the same server idle, in interleaved rounds; and nginx (deploy/nginx.conf)
 * sending the same page from the same folder, idle and during the same uploads. On a 2-core machine wrk, the server
 * and the photo work share two cores and their caches, so even nginx keeps only part of its idle rate: the budget
 * is the share the product keeps against the share nginx keeps.
 */
export async function mediaUploads({ quick }: BenchOptions): Promise<BenchRow[]> {
  const sizes = quick ? QUICK : FULL;
  const { burst } = sizes;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-media-'));
  let server: RunningChild | undefined;
  let nginx: RunningNginx | undefined;
  try {
    server = startTsChild('api/server.ts', {
      DATA_DIR: dir,
      PORT: '0',
      PUBLIC_URL: 'https://tradecard.bench',
      PAYMENTS: 'local',
      MAIL: 'outbox',
      METRICS_PORT: 'off',
      SEED_DEMO: 'true',
    });
    const port = Number(
      (await server.waitFor(/TradeCard is running at http:\/\/localhost:(\d+)/, START_TIMEOUT_MS))[1],
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200 && (await fetch(`${baseUrl}/u/demo`)).status !== 200; i++) await sleep(100);
    // No page is asked for here, so nothing listens for nginx's visits (ADR 045).
    nginx = await startNginx({
      dataDir: dir,
      siteDir: defaultSiteDir(),
      upstreamPort: port,
      visitsPort: await freePort(),
    });
    const nginxUrl = `http://127.0.0.1:${nginx.port}`;

    const photo = await twelveMegapixelJpeg(1);
    const tokens: string[] = [];
    for (let i = 0; i < burst; i++) tokens.push(await signUpOverHttp(baseUrl, dir, `uploader${i}`));
    let uploads = 0;
    const upload = async (token: string) => {
      const status = await publishPhoto(baseUrl, token, variant(photo, uploads++));
      if (status !== 200) throw new Error(`an upload answered ${status}`);
    };

    // Warm: one upload has loaded sharp and the render thread once, as on a server that has been up a while.
    await upload(tokens[0] as string);
    const before = await settledRss(server.pid, 0, sizes);
    const baselineThreads = threadCount(server.pid);
    resetPeakRss(server.pid);
    const burstStarted = performance.now();
    await Promise.all(tokens.map((token) => upload(token)));
    const burstMs = performance.now() - burstStarted;
    const peak = peakRssMb(server.pid);
    const afterBurst = rssMb(server.pid);
    const settled = await settledRss(server.pid, baselineThreads, sizes);

    // (c) idle and busy rounds in turn, each measuring the product then nginx; "busy" keeps UPLOADERS uploads going
    // for both wrk runs.
    const load = async (url: string) => {
      const result = await wrk({
        url: `${url}/u/demo`,
        connections: 10,
        seconds: sizes.roundSeconds,
        headers: { 'accept-encoding': 'gzip' },
      });
      return result.requestsPerSecond;
    };
    await load(baseUrl);
    await load(nginxUrl);
    const rates = {
      product: { idle: [] as number[], busy: [] as number[] },
      nginx: { idle: [] as number[], busy: [] as number[] },
    };
    let busyUploads = 0;
    for (let round = 0; round < sizes.rounds; round++) {
      rates.product.idle.push(await load(baseUrl));
      rates.nginx.idle.push(await load(nginxUrl));
      let going = true;
      const uploaders = tokens.slice(0, UPLOADERS).map(async (token) => {
        while (going) {
          await upload(token);
          busyUploads += 1;
        }
      });
      // The first upload's bytes are on their way before the measurement starts.
      await sleep(300);
      rates.product.busy.push(await load(baseUrl));
      rates.nginx.busy.push(await load(nginxUrl));
      going = false;
      await Promise.all(uploaders);
    }
    const median = (values: number[]) => percentile(values, 50);
    const kept = (target: keyof typeof rates) => median(rates[target].busy) / median(rates[target].idle);
    return [
      info(
        `${burst} × 12 MP uploads at once (${burst} accounts, ${(photo.length / 1e6).toFixed(1)} MB JPEGs): burst took`,
        burstMs,
        'ms',
      ),
      info('server RSS before the burst (settled, after one upload)', before, 'MB'),
      info('server peak RSS during the burst (VmHWM)', peak, 'MB'),
      info('server RSS right after the burst', afterBurst, 'MB'),
      atMost(`server RSS after ${burst} × 12 MP uploads, settled`, settled, 'MB', 256),
      info(
        `/u/demo idle, median of ${sizes.rounds} rounds (wrk -t1 -c10, gzip)`,
        median(rates.product.idle),
        'req/s',
      ),
      info(
        `/u/demo during uploads (${UPLOADERS} at a time, ${busyUploads} in all)`,
        median(rates.product.busy),
        'req/s',
      ),
      info('/u/demo throughput during uploads ÷ idle, product', kept('product'), '×'),
      info('nginx, same page: idle', median(rates.nginx.idle), 'req/s'),
      info('nginx, same page: during the same uploads', median(rates.nginx.busy), 'req/s'),
      info('/u/demo throughput during uploads ÷ idle, nginx', kept('nginx'), '×'),
      atLeast(
        '/u/demo share kept during uploads, product ÷ nginx',
        kept('product') / kept('nginx'),
        '×',
        0.9,
      ),
    ];
  } finally {
    await nginx?.stop();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
