import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { log } from './log';

/**
 * The process's metrics, scraped at /metrics (prom-client). Every series the service exports is declared here, so
 * the names an operator's dashboards and alerts use can be read in one place.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const eventsAppended = new Counter({
  name: 'events_appended_total',
  help: 'Domain events appended to the event log by this process.',
  registers: [registry],
});

export type ProjectorLag = { events: number; seconds: number };

let readProjectorLag: (() => Promise<ProjectorLag>) | null = null;
let lagAtScrape: Promise<ProjectorLag | null> | null = null;

/**
 * Both lag gauges come from one read of the database per scrape: prom-client collects every metric of a scrape at
 * once, so the first gauge starts the read and the second joins it.
 */
function lagForThisScrape(): Promise<ProjectorLag | null> {
  if (!readProjectorLag) return Promise.resolve(null);
  lagAtScrape ??= readProjectorLag()
    .catch((err: unknown) => {
      log.warn({ err }, 'Could not read the projector lag for metrics');
      return null;
    })
    .finally(() => {
      lagAtScrape = null;
    });
  return lagAtScrape;
}

/** Where the lag gauges read from at scrape time; the server sets it once it has a database. */
export function measureProjectorLagWith(read: (() => Promise<ProjectorLag>) | null): void {
  readProjectorLag = read;
}

export const projectorLagEvents = new Gauge({
  name: 'projector_lag_events',
  help: 'Events in the log that the page projector has not rendered yet.',
  registers: [registry],
  async collect() {
    const lag = await lagForThisScrape();
    if (lag) this.set(lag.events);
  },
});

export const projectorLagSeconds = new Gauge({
  name: 'projector_lag_seconds',
  help: 'Age of the oldest event the page projector has not rendered yet (0 when caught up).',
  registers: [registry],
  async collect() {
    const lag = await lagForThisScrape();
    if (lag) this.set(lag.seconds);
  },
});

export const leading = new Gauge({
  name: 'instance_leading',
  help: 'Whether this instance is the leader running the projector, scheduler, mail sender and media sweep (1) or a follower (0).',
  registers: [registry],
});

export const mailsSent = new Counter({
  name: 'mails_sent_total',
  help: 'Mails handed to the mail transport (SMTP server or outbox folder).',
  registers: [registry],
});

export const mailsFailed = new Counter({
  name: 'mails_failed_total',
  help: 'Mail send attempts that failed, by outcome: retry (will be tried again) or gave_up (dropped after a day).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const paymentWebhooksHandled = new Counter({
  name: 'payment_webhooks_handled_total',
  help: 'Payment provider events (webhooks from Stripe or the Stripe simulator), by outcome: recorded, duplicate (delivered again), ignored (not ours or not a kind we act on), rejected (bad signature), failed (an error; the provider delivers again).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const uploadsRefused = new Counter({
  name: 'uploads_refused_total',
  help: "Uploads refused, by reason: too_large (the request or one photo), too_many_pixels, not_an_image, too_many (work images), too_slow (over the processing budget of one save), daily_limit (photos one account may upload in a day). Counts the quote form's photos too (a quote request refused for its photos is also in enquiries_refused_total).",
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** Issue 16: what the visit counter wrote, and what it could not (api/visits/counter.ts). */
export const visitHitsWritten = new Counter({
  name: 'visit_hits_written_total',
  help: 'Page views, saves and button clicks counted and written to the database by this process.',
  registers: [registry],
});

export const visitHitsCapped = new Counter({
  name: 'visit_hits_capped_total',
  help: 'Page views, saves and clicks not counted because one address had had its few of that action on that page that day, or clicked without a counted view (issue 27): a jump is a script inflating a page’s counts.',
  registers: [registry],
});

export const visitFlushFailures = new Counter({
  name: 'visit_flush_failures_total',
  help: 'Writes of visit counts that failed (the counts are kept and retried while there is room).',
  registers: [registry],
});

export const visitHitsDropped = new Counter({
  name: 'visit_hits_dropped_total',
  help: 'Visits not counted because too many were waiting to be written (the database down for long).',
  registers: [registry],
});

/** ADR 045: the lines nginx sends for the pages it sent itself, by what became of each. */
export const nginxVisitLines = new Counter({
  name: 'nginx_visit_lines_total',
  help: 'Lines nginx sent for pages it sent itself: counted, not-counted (a HEAD, a prefetch, a 206), follower (another instance counts them), refused (a sender not allowed), unreadable.',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Issue 17: quote requests sent from the public pages' forms (api/routes/quote-form.ts). */
export const enquiriesReceived = new Counter({
  name: 'enquiries_received_total',
  help: 'Quote requests received, by delivery: mailed to the page’s owner, or kept on their list without a mail (the page’s mailed requests of the day used up).',
  labelNames: ['delivery'] as const,
  registers: [registry],
});

export const enquiriesRefused = new Counter({
  name: 'enquiries_refused_total',
  help: 'Quote requests refused, by reason: honeypot (the hidden field filled in), forged (the form’s signed time missing or altered), too_fast (sent within seconds of opening the form), expired (a form opened over a day ago), reused (a second request from one form), address_page_limit (three to one page from one address in a day), address_limit (thirty from one address in an hour), page_limit (a page’s requests kept without mail for the day used up), in_flight (two of one address’s requests already being sent), too_large, bad_photo, invalid (a field to fix), no_page (no live page, or its form switched off).',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/**
 * Issue 27: the PostgreSQL pool (platform/database/postgres.ts). Its counts are read at each scrape from the pool
 * itself, so they are never stale; 0 on SQLite, which has no pool.
 */
export type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

let poolCounts: PoolCounts | null = null;

/** The pool the gauges read (a pg.Pool has these counts); the server sets it when it opens PostgreSQL. */
export function measurePostgresPoolWith(pool: PoolCounts | null): void {
  poolCounts = pool;
}

export const postgresPoolClients = new Gauge({
  name: 'postgres_pool_clients',
  help: 'Connections the PostgreSQL pool holds open, idle or lent out (at most 10 per process; 0 on SQLite).',
  registers: [registry],
  collect() {
    this.set(poolCounts?.totalCount ?? 0);
  },
});

export const postgresPoolIdleClients = new Gauge({
  name: 'postgres_pool_idle_clients',
  help: 'Connections open in the PostgreSQL pool and not lent out.',
  registers: [registry],
  collect() {
    this.set(poolCounts?.idleCount ?? 0);
  },
});

export const postgresPoolWaitingClients = new Gauge({
  name: 'postgres_pool_waiting_clients',
  help: 'Queries waiting for a connection because every one the PostgreSQL pool may open is lent out: above 0 for minutes, the database or the pool is the bottleneck.',
  registers: [registry],
  collect() {
    this.set(poolCounts?.waitingCount ?? 0);
  },
});

export const postgresConnectionErrors = new Counter({
  name: 'postgres_connection_errors_total',
  help: 'PostgreSQL connections that failed while open (a restart, a failover, pg_terminate_backend, the network); the pool replaces each at its next checkout.',
  registers: [registry],
});

/**
 * Issue 27: each request to the object store (STORAGE=s3, platform/storage/s3.ts), by S3's name for the operation.
 * A request is what the app asked for: the SDK's retries are inside it, so an error is one the app saw.
 */
export const S3_OPERATIONS = [
  'GetObject',
  'HeadObject',
  'PutObject',
  'DeleteObject',
  'DeleteObjects',
  'ListObjectsV2',
  'HeadBucket',
] as const;

export const s3Requests = new Counter({
  name: 's3_requests_total',
  help: 'Requests to the object store (STORAGE=s3), by operation (GetObject, PutObject, …) and outcome: ok (a 304, or a 404 for an object, is an answer) or error (failed after the SDK’s retries).',
  labelNames: ['operation', 'outcome'] as const,
  registers: [registry],
});

export const s3RequestDuration = new Histogram({
  name: 's3_request_duration_seconds',
  help: 'Time a request to the object store took, the SDK’s retries included, by operation.',
  labelNames: ['operation'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

/**
 * Every labelled counter's series exist at 0 from the start: an alert on `increase()` sees its first failure, which
 * a series born at 1 would hide (Prometheus has no earlier sample to compare it with).
 */
const STARTING_AT_ZERO: [Counter<string>, string, readonly string[]][] = [
  [mailsFailed, 'outcome', ['retry', 'gave_up']],
  [enquiriesReceived, 'delivery', ['mail', 'keep']],
  [paymentWebhooksHandled, 'outcome', ['recorded', 'duplicate', 'ignored', 'rejected', 'failed']],
  [
    uploadsRefused,
    'reason',
    ['too_large', 'too_many_pixels', 'not_an_image', 'too_many', 'too_slow', 'daily_limit'],
  ],
  [
    enquiriesRefused,
    'reason',
    [
      'honeypot',
      'forged',
      'too_fast',
      'expired',
      'reused',
      'address_page_limit',
      'address_limit',
      'page_limit',
      'in_flight',
      'too_large',
      'bad_photo',
      'invalid',
      'no_page',
    ],
  ],
];
for (const [counter, label, values] of STARTING_AT_ZERO)
  for (const value of values) counter.inc({ [label]: value }, 0);
for (const operation of S3_OPERATIONS) {
  for (const outcome of ['ok', 'error']) s3Requests.inc({ operation, outcome }, 0);
  s3RequestDuration.zero({ operation });
}
