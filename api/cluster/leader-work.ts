import os from 'node:os';
import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import type { Storage } from '../../platform/storage/storage';
import { upgradePageTemplate } from '../../renderer/page-template';
import { type RunningProjector, startProjector } from '../../renderer/projector';
import type { RenderTarget } from '../../renderer/render-account';
import { startScheduler } from '../accounts/scheduler';
import { startDomainChecker } from '../domains/checker';
import { type MailSender, startMailSender } from '../mail/sender';
import { repeatLogged } from '../process/repeating';
import type { RuntimeDeps } from '../runtime';
import { announceChangedFiles, changedKeysIn } from '../static/changed-files';
import { tallyFinishedDays } from '../visits/tally';
import { alwaysLead, type Leadership, STEP_DOWN_WITHIN_MS, startElection } from './leadership';

/** One piece of the work only the leader runs: started on election, stopped (letting its run finish) on losing it. */
export type LeaderPart = { name: string; start(): { stop(): Promise<void> | void } };

type Running = { name: string; stop(): Promise<void> | void };

const VISIT_TALLY_EVERY_MS = 5 * 60 * 1000;

/** Runs upgradePageTemplate once, in the background; stopping waits for the batch under way, then ends it. */
function startTemplateUpgrade(db: Db, target: RenderTarget) {
  let stopping = false;
  const run = upgradePageTemplate(db, target, () => stopping).catch((error: unknown) =>
    log.error(
      { err: error },
      'Rendering pages for the new page template failed; the next leader tries again',
    ),
  );
  return {
    stop: async () => {
      stopping = true;
      await run;
    },
  };
}

/** Starts `start()` after `ms`; stopping before then means it never starts. */
function afterDelay(ms: number, start: () => { stop(): Promise<void> | void }) {
  if (ms <= 0) return start();
  let started: { stop(): Promise<void> | void } | null = null;
  const timer = setTimeout(() => {
    started = start();
  }, ms);
  return {
    stop: () => {
      clearTimeout(timer);
      return started?.stop();
    },
  };
}

/**
 * The leader's work (ADR 025): the scheduler, the page projector, the mail sender, and whatever is added later (the
 * media sweep, once the sample is seeded). Started when this instance is elected, stopped when it is deposed or the
 * server stops, and started afresh if it is elected again; the projector resumes from its checkpoint each time.
 */
export function createLeaderWork(deps: RuntimeDeps, target: RenderTarget) {
  let projector: RunningProjector | null = null;
  let projectorAfterMs = 0;
  let mailSender: MailSender | null = null;
  let domainChecker: { nudge(): void } | null = null;
  // The scheduler before the projector, so a graceful stop renders what the scheduler's last tick appended; the
  // mail sender after the scheduler, whose last tick may queue mail.
  const parts: LeaderPart[] = [
    { name: 'scheduler', start: () => startScheduler(deps) },
    {
      name: 'projector',
      start: () => afterDelay(projectorAfterMs, () => (projector = startProjector(deps.db, target))),
    },
    { name: 'mail sender', start: () => (mailSender = startMailSender(deps)) },
    // After a release that changes what pages hold, every page once; after the projector's delay, for its reason.
    {
      name: 'page template',
      start: () => afterDelay(projectorAfterMs, () => startTemplateUpgrade(deps.db, target)),
    },
    // Owners' own domains: DNS looked at off the request path, and the page moved there or back (issue 31).
    { name: 'domain checker', start: () => (domainChecker = startDomainChecker(deps)) },
    // Each finished day's visits become events once, however many instances counted them (issue 16).
    {
      name: 'visit tally',
      start: () =>
        repeatLogged(
          () => tallyFinishedDays(deps),
          VISIT_TALLY_EVERY_MS,
          'Tallying visits failed; will retry',
        ),
    },
  ];
  let running: Running[] = [];
  let leading = false;
  let closed = false;

  const startPart = (part: LeaderPart) => running.push({ name: part.name, stop: part.start().stop });

  async function stopPart(part: Running) {
    try {
      await part.stop();
    } catch (error) {
      log.error({ err: error }, `Stopping the ${part.name} failed.`);
      throw error;
    }
  }

  /**
   * `inOrder` (the server stopping): each part's last run finishes before the next part is told, so the
   * projector renders what the scheduler appended last. Otherwise (deposed) every part is told at once, so none
   * starts new work while another instance may already lead; the runs under way still finish.
   */
  async function stop({ inOrder }: { inOrder: boolean }) {
    leading = false;
    const stopping = running;
    running = [];
    if (inOrder) {
      let failed: unknown = null;
      for (const part of stopping) await stopPart(part).catch((error: unknown) => (failed ??= error));
      if (failed) throw failed;
    } else {
      const results = await Promise.allSettled(stopping.map(stopPart));
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    }
  }

  return {
    /** Renders at once what this process appended, when it leads; a follower's appends reach the leader by NOTIFY. */
    nudgeProjector: () => projector?.nudge(),
    nudgeMailSender: () => mailSender?.nudge(),
    nudgeDomainChecker: () => domainChecker?.nudge(),
    /** Resolves once everything appended so far is rendered; at once on a follower, which renders nothing. */
    projectorIdle: () => projector?.idle() ?? Promise.resolve(),
    /** Adds a part, started at once if this instance leads now. */
    add(part: LeaderPart) {
      parts.push(part);
      if (leading) startPart(part);
    },
    stop,
    /**
     * `projectorAfterMs`: how long a deposed leader that has not noticed yet may still start a render (ADR 025).
     * Rendering waits that long, so a page it renders from an older state cannot land after this one's.
     */
    start(options: { projectorAfterMs?: number } = {}) {
      if (leading || closed) return;
      leading = true;
      projectorAfterMs = options.projectorAfterMs ?? 0;
      for (const part of parts) startPart(part);
    },
    /** The server is stopping: stops in order, and no election may start the work again. */
    async close() {
      closed = true;
      await stop({ inOrder: true });
    },
  };
}

export type LeaderWork = ReturnType<typeof createLeaderWork>;

/** The old leader's step-down bound, and a second for a render it began just before to reach the disk. */
const RENDER_AFTER_ELECTION_MS = STEP_DOWN_WITHIN_MS + 1_000;

/** hostname:pid, as the leadership log lines name an instance. */
export const instanceId = () => `${os.hostname()}:${process.pid}`;

export type Cluster = {
  /** DATABASE_URL: unset on SQLite, where this process always leads. */
  databaseUrl: string | undefined;
  db: Db;
  /** The store every instance renders to and serves from: the one whose changes are announced. */
  storage: Storage;
  /** Drops a key (or a prefix ending in `/`) from this process's cache of the store: another instance changed it. */
  dropCached(keyOrPrefix: string): void;
};

/**
 * Runs `work` while this instance leads: on PostgreSQL while it holds the leader lock (and a commit anywhere wakes
 * its projector or mail sender), on SQLite always. On PostgreSQL every instance also tells the others which keys of
 * the store it changed, and drops from its cache what they changed (api/static/changed-files.ts).
 */
export function leadWhenElected(work: LeaderWork, cluster: Cluster): Leadership {
  const onDeposed = () => work.stop({ inOrder: false });
  if (!cluster.databaseUrl) return alwaysLead(instanceId(), { onElected: () => work.start(), onDeposed });
  const stopAnnouncing = announceChangedFiles(cluster.db, cluster.storage);
  const election = startElection({
    onElected: () => work.start({ projectorAfterMs: RENDER_AFTER_ELECTION_MS }),
    onDeposed,
    url: cluster.databaseUrl,
    instanceId: instanceId(),
    onWake: (kind) => (kind === 'events' ? work.nudgeProjector() : work.nudgeMailSender()),
    onFilesChanged: (payload) => {
      for (const keyOrPrefix of changedKeysIn(payload)) cluster.dropCached(keyOrPrefix);
    },
  });
  return {
    get leading() {
      return election.leading;
    },
    stop: async () => {
      stopAnnouncing();
      await election.stop();
    },
  };
}
