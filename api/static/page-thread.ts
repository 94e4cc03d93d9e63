import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { MessageChannel, Worker } from 'node:worker_threads';
import { log } from '../../observability/log';
import { httpRequestDuration, visitHitsCapped } from '../../observability/metrics';
import { runnable } from '../../platform/runnable';
import { workerHeap } from '../../platform/worker-heap';
import type { LiveDomainPairs } from '../domains/live-domains';
import { drainable } from '../process/drain';
import type { VisitCounter } from '../visits/counter';
import { acceptForwarded } from './forward';
import type { FromPageThread, PageThreadData, PageThreadSettings, ToPageThread } from './page-worker';
import { followSharedCacheDrops } from './shared-cache';

export type PageThreadOptions = PageThreadSettings & {
  /** The main thread's request listener: what the page thread hands on is answered by it. */
  listener: http.RequestListener;
  visits: Pick<VisitCounter, 'count'>;
};

export type PageThread = {
  /** The live domains, as the main thread last read them (issue 31): the page thread routes by host with them. */
  setLiveDomains(pairs: LiveDomainPairs): void;
  /** Stops accepting, lets what the page thread is answering finish for up to `graceMs`, then stops it. */
  drain(graceMs: number): Promise<{ cut: number }>;
  /** Cuts every request it is answering (a second signal). */
  cutNow(): void;
  /** Requests it is answering now, those it handed to the main thread included. */
  inFlight(): number;
};

/** A page thread that stopped by itself is started again after this long, doubled each time up to a minute. */
const RESTART_AFTER_MS = 1000;

/**
 * A young generation of 6 MB where the main thread's is 24: a page's answer is copied from the cache into a lent
 * buffer and written at once, so little of a request outlives it. Measured (ADR 044): 3 MB cost one page at c50 up
 * to a tenth of its rate and half again on its p99; 6 MB neither, within the noise of 12 s rounds.
 */
const PAGE_THREAD_HEAP = { youngMb: 6 };

/**
 * Starts the page thread (ADR 044, api/static/page-worker.ts) and the local socket it hands requests on through.
 * Resolves once it listens; rejects if it can't (the caller serves on the main thread alone).
 */
export async function startPageThread(options: PageThreadOptions): Promise<PageThread> {
  const { listener, visits, ...settings } = options;
  const secret = randomBytes(24).toString('base64url');
  // Linux's abstract namespace: no file to leave behind, and no path length to outgrow in a deep DATA_DIR.
  const socketPath = `\0tradecard-forward-${process.pid}-${randomBytes(6).toString('hex')}`;
  const forwardServer = http.createServer(acceptForwarded(secret, listener));
  // The page thread keeps its connections for reuse; neither side closes one for idling.
  forwardServer.keepAliveTimeout = 0;
  const forwardDraining = drainable(forwardServer);
  await new Promise<void>((resolve, reject) => {
    forwardServer.once('error', reject);
    forwardServer.listen(socketPath, () => resolve());
  });

  const thread = runnable('api/static/page-worker.ts');
  let worker: Worker;
  let stopping = false;
  let restartAfter = RESTART_AFTER_MS;
  let domains: LiveDomainPairs = [];
  let alive = false;
  let drained: (cut: number) => void = () => {};
  let unfollow = () => {};
  let inFlight = new Int32Array(new SharedArrayBuffer(4));

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      const { port1: drops, port2: dropsForThread } = new MessageChannel();
      const dropCount = new SharedArrayBuffer(4);
      const posted = new Int32Array(dropCount);
      inFlight = new Int32Array(new SharedArrayBuffer(4));
      unfollow();
      unfollow = followSharedCacheDrops((fileOrFolder) => {
        drops.postMessage(fileOrFolder);
        Atomics.add(posted, 0, 1);
      });
      const data: PageThreadData = {
        ...settings,
        forward: { socketPath, secret },
        drops: dropsForThread,
        dropCount,
        inFlight: inFlight.buffer as SharedArrayBuffer,
      };
      worker = new Worker(thread.url, {
        execArgv: thread.execArgv,
        workerData: data,
        transferList: [dropsForThread],
        resourceLimits: workerHeap(PAGE_THREAD_HEAP),
      });
      let listening = false;
      alive = true;
      worker.postMessage({ type: 'domains', pairs: domains } satisfies ToPageThread);
      worker.on('message', (message: FromPageThread) => {
        switch (message.type) {
          case 'listening':
            listening = true;
            restartAfter = RESTART_AFTER_MS;
            resolve();
            return;
          case 'failed':
            reject(Object.assign(new Error(message.message), { code: message.code }));
            void worker.terminate();
            return;
          case 'visits':
            for (const visit of message.visits) visits.count(visit);
            if (message.capped > 0) visitHitsCapped.inc(message.capped);
            return;
          case 'durations':
            for (const [key, seconds] of message.durations) {
              const [method = '', status = '', route = ''] = key.split(' ');
              for (const value of seconds) httpRequestDuration.observe({ method, route, status }, value);
            }
            return;
          case 'drained':
            drained(message.cut);
            return;
          default:
            message satisfies never;
        }
      });
      worker.on('error', (error) => {
        log.error({ err: error }, 'The page thread failed.');
        if (!listening) reject(error);
      });
      worker.on('exit', (code) => {
        alive = false;
        drained(0);
        if (!listening || stopping) return;
        // Its connections went with it; the main thread takes every new one until it is back.
        log.error(
          { code, restartInMs: restartAfter },
          'The page thread stopped; the main thread serves alone until it is started again.',
        );
        setTimeout(() => {
          if (stopping) return;
          spawn().catch((error) => log.error({ err: error }, 'Starting the page thread again failed.'));
        }, restartAfter).unref();
        restartAfter = Math.min(restartAfter * 2, 60_000);
      });
    });

  try {
    await spawn();
  } catch (error) {
    unfollow();
    forwardServer.close();
    throw error;
  }

  return {
    setLiveDomains(pairs) {
      domains = pairs;
      worker.postMessage({ type: 'domains', pairs } satisfies ToPageThread);
    },
    async drain(graceMs) {
      stopping = true;
      const started = performance.now();
      const cut = await new Promise<number>((resolve) => {
        if (!alive) return resolve(0);
        drained = resolve;
        worker.postMessage({ type: 'drain', graceMs } satisfies ToPageThread);
      });
      await worker.terminate();
      unfollow();
      // What it handed on has been answered (its drain waited for them); the socket has nothing left in flight.
      const left = Math.max(0, graceMs - (performance.now() - started));
      const forwarded = await forwardDraining.drain(left);
      return { cut: cut + forwarded.cut };
    },
    inFlight: () => (alive ? Atomics.load(inFlight, 0) : 0),
    cutNow() {
      worker.postMessage({ type: 'cut' } satisfies ToPageThread);
      forwardDraining.cutNow();
    },
  };
}
