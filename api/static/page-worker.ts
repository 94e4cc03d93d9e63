import http from 'node:http';
import { type MessagePort, parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { log } from '../../observability/log';
import { fontSourcePath } from '../../renderer/font-files';
import { type LiveDomainPairs, liveDomainsFrom, NO_LIVE_DOMAINS } from '../domains/live-domains';
import { keepIdleConnections } from '../http/keep-alive';
import { drainable } from '../process/drain';
import type { Visit } from '../visits/counter';
import { spentViews, utcDayClock } from '../visits/spent-views';
import { createFastPath } from './fast-path';
import { createFileCache } from './file-cache';
import { createForwarder, type ForwardTarget } from './forward';
import { pageRequestListener } from './page-listener';

/**
 * The page thread (ADR 044): a second thread listening on the public port beside the main thread, the kernel
 * spreading connections between the two (SO_REUSEPORT). It answers what the fast path answers (pages, photos, fonts
 * on the disk) from its own file cache, and hands everything else to the main thread over a local socket.
 */

/** What the page thread is started with that the main thread is given (api/static/page-thread.ts). */
export type PageThreadSettings = {
  /** The port the main thread listens on, with `reusePort`. */
  port: number;
  publicDir: string;
  publicUrl: string;
  trustProxy: number;
  logLevel: string;
  /** The page thread's file cache; the main thread keeps its own. */
  cacheBytes: number;
};

export type PageThreadData = PageThreadSettings & {
  forward: ForwardTarget;
  /** Files the main thread dropped from its cache, one message each; read before each request. */
  drops: MessagePort;
  /** How many drops the main thread has posted (one Int32): a request reads the port only when it moved. */
  dropCount: SharedArrayBuffer;
  /** How many requests this thread is answering now (one Int32), for the main thread's stop line. */
  inFlight: SharedArrayBuffer;
};

/** What the main thread tells the page thread. */
export type ToPageThread =
  | { type: 'domains'; pairs: LiveDomainPairs }
  | { type: 'drain'; graceMs: number }
  | { type: 'cut' };

/** Each answer's duration, by `method status route`, since the last summary. */
export type Durations = [key: string, seconds: number[]][];

/** What the page thread tells the main thread. */
export type FromPageThread =
  | { type: 'listening' }
  | { type: 'failed'; code?: string; message: string }
  | { type: 'visits'; visits: Visit[]; capped: number }
  | { type: 'durations'; durations: Durations }
  | { type: 'drained'; cut: number };

/** How often the answers' durations go to the main thread's http_request_duration_seconds. */
const DURATIONS_EVERY_MS = 1000;

const data = workerData as PageThreadData;
const parent = parentPort as NonNullable<typeof parentPort>;
const tell = (message: FromPageThread) => parent.postMessage(message);
log.level = data.logLevel;
// Its own lines say so, as its access lines do (the fast path's `thread`).
log.setBindings({ thread: 'page' });

const cache = createFileCache({ maxBytes: data.cacheBytes, maxFileBytes: 1024 * 1024 });
const dropCount = new Int32Array(data.dropCount);
let dropsSeen = 0;
/** Before each request: a publish the main thread wrote is served from the next request on, here as there. */
function applyDrops() {
  const posted = Atomics.load(dropCount, 0);
  if (posted === dropsSeen) return;
  dropsSeen = posted;
  for (let drop = receiveMessageOnPort(data.drops); drop; drop = receiveMessageOnPort(data.drops))
    cache.invalidate(drop.message as string);
}

let visits: Visit[] = [];
/** Views left out since the last message, for visit_hits_capped_total. */
let capped = 0;
// Views past their address's allowance for the day go no further than here (api/visits/spent-views.ts).
const spent = spentViews();
const today = utcDayClock();
const sendVisits = () => {
  if (visits.length === 0 && capped === 0) return;
  tell({ type: 'visits', visits, capped });
  visits = [];
  capped = 0;
};
let durations = new Map<string, number[]>();
const sendDurations = () => {
  if (durations.size === 0) return;
  tell({ type: 'durations', durations: [...durations] });
  durations = new Map();
};
setInterval(sendDurations, DURATIONS_EVERY_MS).unref();

let domains = NO_LIVE_DOMAINS;
let server: http.Server;
const fastPath = await createFastPath({
  cache,
  publicDir: data.publicDir,
  publicUrl: data.publicUrl,
  fontFile: (name) => fontSourcePath(name) ?? null,
  trustProxy: data.trustProxy,
  isOpen: () => server.listening,
  thread: 'page',
  visits: {
    count(visit) {
      if (!spent.take(visit, today())) {
        if (visits.length === 0 && capped === 0) setImmediate(sendVisits);
        capped += 1;
        return;
      }
      // One message a turn of the loop, however many pages it answered.
      if (visits.length === 0 && capped === 0) setImmediate(sendVisits);
      visits.push(visit);
    },
  },
  observe({ method, route, status }, seconds) {
    const key = `${method} ${status} ${route}`;
    const list = durations.get(key);
    if (list) list.push(seconds);
    else durations.set(key, [seconds]);
  },
});
const forward = createForwarder(data.forward);
/** A photo or font not cached yet is read into this thread's cache and answered here; anything else is handed on. */
const answerOrForward = (request: http.IncomingMessage, response: http.ServerResponse, sentUrl: string) => {
  fastPath.warm(request).then(
    (found) => {
      if (!(found && fastPath(request, response))) forward(request, response, sentUrl);
    },
    () => forward(request, response, sentUrl),
  );
};
const listener = pageRequestListener(fastPath, answerOrForward, {
  live: {
    usernameAt: (host) => domains.usernameAt(host),
    domainOf: (username) => domains.domainOf(username),
  },
  serviceOrigin: data.publicUrl,
});
const inFlight = new Int32Array(data.inFlight);
const counted = (response: http.ServerResponse) => {
  Atomics.add(inFlight, 0, 1);
  response.once('close', () => Atomics.sub(inFlight, 0, 1));
};
server = keepIdleConnections(
  http.createServer((request, response) => {
    counted(response);
    applyDrops();
    listener(request, response);
  }),
);
// Counted before its 100 Continue goes out, not after: the main thread may read the count (a stop) the moment the
// client has it, and this thread may not have run on since.
server.on('checkContinue', (request: http.IncomingMessage, response: http.ServerResponse) => {
  counted(response);
  response.writeContinue();
  applyDrops();
  listener(request, response);
});
const draining = drainable(server);

parent.on('message', async (message: ToPageThread) => {
  switch (message.type) {
    case 'domains':
      domains = liveDomainsFrom(message.pairs);
      return;
    case 'cut':
      draining.cutNow();
      return;
    case 'drain': {
      const { cut } = await draining.drain(message.graceMs);
      sendVisits();
      sendDurations();
      tell({ type: 'drained', cut });
      return;
    }
    default:
      message satisfies never;
  }
});

server.on('error', (error: NodeJS.ErrnoException) => {
  tell({ type: 'failed', ...(error.code ? { code: error.code } : {}), message: error.message });
});
server.listen({ port: data.port, reusePort: true }, () => tell({ type: 'listening' }));
