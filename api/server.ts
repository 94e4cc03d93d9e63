import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { log, logChildOutput } from '../observability/log';
import { measurePostgresPoolWith, measureProjectorLagWith } from '../observability/metrics';
import { runnable } from '../platform/runnable';
import { fontSourcePath } from '../renderer/font-files';
import { projectorLag } from '../renderer/projector';
import { createApp } from './app';
import { createLeaderWork, type LeaderWork, leadWhenElected } from './cluster/leader-work';
import { watchLiveDomains } from './domains/live-domains';
import { type Env, readEnv } from './env';
import { startFirmBills } from './firms/plan';
import { keepIdleConnections } from './http/keep-alive';
import { removeLeftoverTemp, SHARED_TEMP_STALE_MS, startMediaSweep, startTempSweep } from './media/sweep';
import { countAppendedEvents } from './process/count-events';
import { type Draining, drainable } from './process/drain';
import { OWNER_ONLY_UMASK, restrictDataDir } from './process/file-modes';
import { startMetricsListener } from './process/metrics-listener';
import { listenProblem, StartupProblem } from './process/startup-problem';
import { openRuntime, renderTargetOf, startPayments } from './runtime';
import { claimPort } from './static/claim-port';
import { createFastPath } from './static/fast-path';
import { localiseSite } from './static/localise-site';
import { mainRequestListener } from './static/page-listener';
import { type PageThread, startPageThread } from './static/page-thread';
import { dropFromSharedCache, PAGE_THREAD_CACHE_BYTES, sharedFileCache } from './static/shared-cache';
import { defaultLocalisedRoot } from './static/site-files';
import { listenForNginxVisits } from './visits/nginx-visits';
import { walletFromEnv } from './wallet/from-env';

/** A problem an operator must fix is logged as its one sentence; anything else keeps its stack. Either way, exit 1. */
function failToStart(error: unknown): never {
  if (error instanceof StartupProblem) log.fatal(error.message);
  else log.fatal({ err: error }, 'The server could not start.');
  process.exit(1);
}

// Before anything is written: the database, secret.key, the outbox and the photos are the owner's only.
process.umask(OWNER_ONLY_UMASK);

const env: Env = (() => {
  try {
    return readEnv();
  } catch (error) {
    return failToStart(error);
  }
})();
log.level = env.LOG_LEVEL;
// Prometheus scrapes a listener of its own (METRICS_HOST:METRICS_PORT), never PORT. First, so a port another instance
// on this host holds stops this one before anything is opened, rather than leaving it to serve unwatched (issue 27).
const metrics = await startMetricsListener(env).catch(failToStart);
// Only the server signs Wallet passes: the ops scripts (rebuild, grant-admin) neither read the certificates nor stop
// on an expired one. Before the database opens, so a refused certificate leaves nothing open behind it.
const wallet = await walletFromEnv(env).catch(failToStart);
// Each commit wakes the leader's work (api/cluster/leader-work.ts, ADR 025), made below from these deps: the projector after
// events are appended, the mail sender after mail is queued. A follower's leader work wakes the leader by NOTIFY.
let leaderWork: LeaderWork | undefined;
const { deps, database } = await openRuntime(env, {
  onAppended: () => leaderWork?.nudgeProjector(),
  mailQueued: () => leaderWork?.nudgeMailSender(),
}).catch(failToStart);
deps.wallet = wallet;
// A domain just connected is looked at within seconds, not at the checker's next round (issue 31).
deps.domainsChanged = () => leaderWork?.nudgeDomainChecker();
// On PostgreSQL other instances may share this DATA_DIR (ADR 025): their uploads in progress are not leftovers.
const othersShareDataDir = env.DATABASE_URL !== undefined;
// Nothing of this process is being uploaded or written yet, so every temp file here is a crash's leftover, or
// another instance's write in progress.
await removeLeftoverTemp(env.dataDir, path.join(deps.publicDir, 'media'), {
  keepNewerThanMs: othersShareDataDir ? SHARED_TEMP_STALE_MS : 0,
}).catch(failToStart);
await restrictDataDir(env.dataDir);
// The public site's pages for this PUBLIC_URL and chat widget (ADR 040): after the database is open, since for a new
// build or address this is the one slow step of a start (about a second); a second start only reads their list.
const localisedRoot = defaultLocalisedRoot();
const localising = performance.now();
const localised = await localiseSite({
  siteDir: deps.siteDir,
  root: localisedRoot,
  publicUrl: env.PUBLIC_URL,
  chatWidgetSrc: env.CHAT_WIDGET_SRC,
}).catch((error: NodeJS.ErrnoException) =>
  failToStart(
    ['EACCES', 'EPERM', 'EROFS'].includes(error.code ?? '')
      ? new StartupProblem(
          `The public site's pages for PUBLIC_URL could not be written (${error.code} on ${error.path ?? localisedRoot}): ${localisedRoot} must be writable by this user.`,
        )
      : error,
  ),
);
if (localised) {
  deps.localisedSite = localised;
  if (localised.written > 0)
    log.info(
      { files: localised.written, dir: localised.dir, ms: Math.round(performance.now() - localising) },
      "Wrote the public site's pages for this PUBLIC_URL and CHAT_WIDGET_SRC; the next start with both unchanged reuses them.",
    );
}

/**
 * Everything running beside the HTTP server, stopped in this order after requests have drained and before the
 * database closes. Whatever is started here and has a `stop()` is pushed onto it (e.g. the mail sender).
 */
const stoppers: { name: string; stop(): Promise<void> | void }[] = [];

// The projector, scheduler and mail sender run on one instance at a time, the leader (api/cluster/leader-work.ts, ADR
// 025): on SQLite always this one. A follower serves requests and appends; its commits wake the leader by NOTIFY.
// Mail is queued with the commit that causes it (api/mail/queue.ts) and sent by the leader, retried until a day old.
leaderWork = createLeaderWork(deps, renderTargetOf(env, deps));
const leadership = leadWhenElected(leaderWork, {
  databaseUrl: env.DATABASE_URL,
  db: deps.db,
  storage: deps.storage,
  dropCached: (keyOrPrefix) => dropFromSharedCache(deps.storage, keyOrPrefix),
});
deps.readiness.leading = () => leadership.leading;
// The work first, in order, then the lock, so a successor starts only after this instance's last batch.
stoppers.push({ name: 'leader work', stop: leaderWork.close }, { name: 'leadership', stop: leadership.stop });
// What the start left as possibly another instance's write in progress goes once nothing has written it for an hour.
if (othersShareDataDir)
  stoppers.push({
    name: 'temp file sweep',
    ...startTempSweep(env.dataDir, path.join(deps.publicDir, 'media')),
  });

// ADR 045: the pages nginx sends itself are counted from the line it sends for each, heard by one of the instances.
if (env.NGINX_VISITS) {
  const nginxVisits = await listenForNginxVisits({
    listen: env.NGINX_VISITS,
    from: env.NGINX_VISITS_FROM,
    trustProxy: deps.trustProxy,
    visits: deps.visits,
  }).catch(failToStart);
  stoppers.push({ name: 'nginx visits', stop: nginxVisits.close });
}

// After the requests have drained, so the last views they counted are written before the database closes.
stoppers.push({ name: 'visit counter', stop: deps.visits.close });

// Ops scripts that must not run beside a live server (restore) look for this file.
const pidFile = path.join(env.dataDir, 'server.pid');
let draining: Draining | undefined;
let pageThread: PageThread | undefined;
let seeding: ChildProcess | undefined;
let stopping = false;

/**
 * SIGTERM (docker stop, systemd) or SIGINT (Ctrl-C): stop accepting connections, let requests in flight finish
 * for up to SHUTDOWN_GRACE_SECONDS, cut the rest, stop the background work, close the database, remove server.pid,
 * and log one line. Exit 0, or 1 if something failed to stop. A second signal cuts the requests still running at
 * once instead of waiting out the grace period; the rest of the stop still happens, so the database closes cleanly.
 */
async function stop(signal: NodeJS.Signals) {
  if (stopping) {
    log.warn(
      { signal, inFlight: (draining?.inFlight() ?? 0) + (pageThread?.inFlight() ?? 0) },
      'Second signal while stopping: cutting the requests still running.',
    );
    draining?.cutNow();
    pageThread?.cutNow();
    return;
  }
  stopping = true;
  const started = performance.now();
  seeding?.kill(signal);
  const inFlight = (draining?.inFlight() ?? 0) + (pageThread?.inFlight() ?? 0);
  // Both threads stop accepting at once; the main thread's forwarding socket stays open until the page thread has
  // drained, since what it is answering may be the main thread's to finish.
  const pageDrained = pageThread?.drain(env.SHUTDOWN_GRACE_SECONDS * 1000) ?? { cut: 0 };
  const { cut: mainCut } = draining ? await draining.drain(env.SHUTDOWN_GRACE_SECONDS * 1000) : { cut: 0 };
  const cut = mainCut + (await pageDrained).cut;
  let failed = 0;
  for (const stopper of [...stoppers, { name: 'database', stop: database.close }]) {
    try {
      await stopper.stop();
    } catch (error) {
      failed += 1;
      log.error({ err: error }, `Stopping the ${stopper.name} failed.`);
    }
  }
  fs.rmSync(pidFile, { force: true });
  log.info({ signal, inFlight, cut, failed, ms: Math.round(performance.now() - started) }, 'stopped');
  process.exit(failed === 0 ? 0 : 1);
}
// Set before the seed and the listener: as PID 1 in a container, a signal without a handler is ignored.
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));

// The projector's lag and the PostgreSQL pool's counts are read at each scrape, and the events this process appends
// are counted as the store reports them.
measureProjectorLagWith(() => projectorLag(deps.db, deps.now()));
measurePostgresPoolWith(database.pool ?? null);
countAppendedEvents();
if (metrics) stoppers.push({ name: 'metrics listener', stop: metrics.close });

// A newcomer should see a real page at /u/demo as soon as the address is printed; an instance with any account is
// left alone. The seed decodes photos, and sharp's memory pools would stay with the server for good, so a
// short-lived child does it; the server waits for it, then renders its events like any other writer's.
if (env.SEED_DEMO) {
  const anyone = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (!anyone) {
    const seed = runnable('scripts/seed-demo.ts');
    const code = await new Promise<number | null>((resolve) => {
      seeding = spawn(process.execPath, [...seed.execArgv, seed.file], { stdio: ['ignore', 'pipe', 'pipe'] });
      logChildOutput(seeding, 'seed-demo');
      seeding.on('exit', resolve);
    });
    seeding = undefined;
    if (code !== 0 && !stopping)
      log.error(`Publishing the sample profile failed (exit ${code}); run npm run seed-demo to retry.`);
    await leaderWork.projectorIdle();
  }
}

// A signal during the seed has already begun the stop; the listener must not open after it.
if (!stopping) {
  // After the seed, a separate process whose photos this one cannot see in flight.
  leaderWork.add({
    name: 'media sweep',
    start: () => startMediaSweep(deps, undefined, { othersShareDataDir }),
  });
  // After the seed, which runs its own simulator on the same database (PAYMENTS=local) to subscribe the sample.
  const appDeps = await startPayments(env, deps).catch(failToStart);
  const { stripeSimulator } = appDeps;
  // Issue 32: firms' plans follow their members at the provider, so it starts with the provider, on the leader.
  leaderWork.add({ name: 'firm bills', start: () => startFirmBills(appDeps) });
  // Stopped first: its webhooks append events, which the projector's last batch renders. What it could not deliver
  // once the listener closed waits in its database for the next start.
  if (stripeSimulator) stoppers.unshift({ name: 'Stripe simulator', stop: stripeSimulator.close });
  fs.writeFileSync(pidFile, String(process.pid));
  const mail =
    env.MAIL === 'outbox' ? `an outbox folder (${path.join(env.dataDir, 'outbox')}; npm run outbox)` : 'SMTP';
  // Cached pages, photos and fonts are answered before Hono, with the same headers, log line and metric (ADR 016).
  const fastPath = await createFastPath({
    cache: sharedFileCache,
    publicDir: deps.publicDir,
    storage: deps.storage,
    publicUrl: env.PUBLIC_URL,
    fontFile: (name) => fontSourcePath(name) ?? null,
    trustProxy: deps.trustProxy,
    isOpen: () => server.listening,
    visits: deps.visits,
  });
  // Which page each owner's live domain shows (issue 31), kept current in the background for every request.
  const liveDomains = watchLiveDomains(deps.db, (pairs) => pageThread?.setLiveDomains(pairs));
  stoppers.push({ name: 'live domains', stop: liveDomains.stop });
  const listener = mainRequestListener(createApp(appDeps).fetch, fastPath, {
    live: liveDomains.live,
    serviceOrigin: env.PUBLIC_URL,
  });
  const server = keepIdleConnections(http.createServer(listener));
  draining = drainable(server);
  // A page thread beside this one (ADR 044) serves from its own file cache, so only pages on the disk.
  const threads = deps.storage.kind === 'disk' ? env.SERVE_THREADS : 1;
  const refuseToStart = (error: NodeJS.ErrnoException): never => {
    fs.rmSync(pidFile, { force: true });
    return failToStart(listenProblem(error, env.PORT));
  };
  server.on('error', refuseToStart);
  // Two threads share the port (SO_REUSEPORT), which would let another instance share it too: the port is first
  // claimed alone, so one already taken is refused as ever.
  const port = threads > 1 ? await claimPort(env.PORT).catch(refuseToStart) : env.PORT;
  server.listen({ port, reusePort: threads > 1 }, () => {
    const info = server.address() as AddressInfo;
    // As Stripe posts to the public address, through everything in front of the route; here on loopback.
    stripeSimulator?.sendWebhooksTo(`http://127.0.0.1:${info.port}/api/webhooks/stripe`);
    log.info(
      {
        port: info.port,
        threads,
        publicUrl: env.PUBLIC_URL,
        dataDir: env.dataDir,
        mail,
        payments: env.PAYMENTS,
        production: env.PRODUCTION,
        ...(env.SEED_DEMO ? { sampleProfile: `http://localhost:${info.port}/u/demo` } : {}),
      },
      `TradeCard is running at http://localhost:${info.port}`,
    );
    if (threads > 1 && !stopping)
      startPageThread({
        port: info.port,
        publicDir: deps.publicDir,
        publicUrl: env.PUBLIC_URL,
        trustProxy: deps.trustProxy,
        logLevel: env.LOG_LEVEL,
        cacheBytes: PAGE_THREAD_CACHE_BYTES,
        listener,
        visits: deps.visits,
      }).then(
        (started) => {
          pageThread = started;
          started.setLiveDomains(liveDomains.pairs());
          // A signal while it started: it drains with the rest.
          if (stopping) void started.drain(0);
        },
        (error) => log.warn({ err: error }, 'The page thread could not start; the main thread serves alone.'),
      );
  });
}
