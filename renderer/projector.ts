import type { EventType } from '../events/catalogue';
import { FIRM_STREAM_PREFIX } from '../events/firm/events';
import { firmOfAccount } from '../events/firm/firms-read-model';
import { changesThePage, ownersOfReviews } from '../events/review/on-the-page';
import { lastGlobalPosition, readChangedStreams } from '../events/store';
import { log } from '../observability/log';
import type { Db } from '../platform/database/db';
import { eachConcurrently } from './each-concurrently';
import type { RenderTarget } from './render-account';
import { membersOfFirm, renderFirm } from './render-firm';
import { renderAccountInTurn } from './render-in-turn';

export const PROJECTOR_NAME = 'profile-pages';

/** Accounts rendered at once: enough to keep the disk busy while the CPU renders, few enough to stay lean. */
export const RENDER_CONCURRENCY = 8;

/**
 * Account events that no public file shows: the weekly summary (issue 16) is queued for every owner each Monday,
 * and would otherwise re-render every page for nothing.
 */
const NOT_ON_THE_PAGE = new Set<EventType>([
  'WeeklySummaryQueued',
  'WeeklySummaryPreferenceChanged',
  // A domain only changes the page's address once it is live (issue 31); being connected changes nothing yet.
  'DomainConnected',
]);

/** The account whose public files an event can change: its own stream or its card's, unless no page shows it. */
export function accountOf(event: { streamId: string; type: string }): string | null {
  if (NOT_ON_THE_PAGE.has(event.type as EventType)) return null;
  // Joining or leaving a firm (its membership stream, issue 32) brings the firm's brand to the page or takes it away.
  const match = /^(?:account|card|domain|membership)-(.+)$/.exec(event.streamId);
  return match?.[1] ?? null;
}

/** The firm whose page (`/f/<slug>`, issue 32) an event of its own stream changes. */
export function firmOf(event: { streamId: string }): string | null {
  return event.streamId.startsWith(FIRM_STREAM_PREFIX)
    ? event.streamId.slice(FIRM_STREAM_PREFIX.length)
    : null;
}

/** The firms' pages that list these accounts, beside the firms whose own streams changed: each rendered once. */
export async function renderFirms(
  db: Db,
  target: RenderTarget,
  firms: Set<string>,
  accounts: Iterable<string>,
): Promise<void> {
  for (const account of accounts) {
    const firm = await firmOfAccount(db, account);
    if (firm) firms.add(firm.firm_id);
  }
  await eachConcurrently(firms, RENDER_CONCURRENCY, (firm) => renderFirm(db, firm, target));
}

export async function readCheckpoint(db: Db): Promise<number> {
  const row = await db
    .selectFrom('projector_checkpoints')
    .select('position')
    .where('name', '=', PROJECTOR_NAME)
    .executeTakeFirst();
  return row?.position ?? 0;
}

export async function saveCheckpoint(db: Db, position: number): Promise<void> {
  await db
    .insertInto('projector_checkpoints')
    .values({ name: PROJECTOR_NAME, position })
    .onConflict((oc) => oc.column('name').doUpdateSet({ position }))
    .execute();
}

export type ProjectorLag = { events: number; seconds: number };

/**
 * How far the pages are behind the log: the events not rendered yet, and how long the oldest of them has waited.
 * Two index lookups, cheap enough for a readiness probe polled every few seconds. Positions have no gaps (a rolled
 * back append frees its position for the next), so the difference is the count.
 */
export async function projectorLag(db: Db, now: Date): Promise<ProjectorLag> {
  const checkpoint = await readCheckpoint(db);
  const oldest = await db
    .selectFrom('events')
    .select('occurred_at')
    .where('global_position', '>', checkpoint)
    .orderBy('global_position')
    .limit(1)
    .executeTakeFirst();
  if (!oldest) return { events: 0, seconds: 0 };
  const events = (await lastGlobalPosition(db)) - checkpoint;
  const seconds = Math.max(0, (now.getTime() - Date.parse(oldest.occurred_at)) / 1000);
  return { events, seconds };
}

/**
 * Follows the log from the checkpoint: renders each touched account once per batch, then moves the checkpoint.
 * Killed half-way, it starts again at the last checkpoint; rendering is idempotent, so a batch done twice leaves
 * the same files, and none is skipped. Once `signal` aborts, no further batch starts; the one under way finishes.
 */
export async function catchUp(
  db: Db,
  target: RenderTarget,
  batchSize = 1000,
  signal?: AbortSignal,
): Promise<{ events: number; rendered: number }> {
  let events = 0;
  let rendered = 0;
  const position = await readCheckpoint(db);
  // Pages are rendered from the read models, so only which streams changed matters, not what the events say.
  for await (const batch of readChangedStreams(db, position, batchSize)) {
    // A stopping server closes the database next: a batch begun now could not save its checkpoint.
    if (signal?.aborted) break;
    const accounts = new Set<string>();
    const reviews = new Set<string>();
    const firms = new Set<string>();
    const brandChanged = new Set<string>();
    for (const event of batch) {
      const account = accountOf(event);
      const firm = firmOf(event);
      if (account) accounts.add(account);
      else if (firm) {
        firms.add(firm);
        if (event.type === 'FirmBrandChanged' || event.type === 'FirmLogoChanged') brandChanged.add(firm);
      } else if (changesThePage(event)) reviews.add(event.streamId);
    }
    // A customer's review is on its owner's page (issue 30): its stream names the owner only in its request.
    if (reviews.size > 0) for (const owner of await ownersOfReviews(db, [...reviews])) accounts.add(owner);
    // A firm's brand and logo are on every member's page (issue 32).
    for (const firm of brandChanged) for (const member of await membersOfFirm(db, firm)) accounts.add(member);
    await eachConcurrently(accounts, RENDER_CONCURRENCY, (account) =>
      renderAccountInTurn(db, account, target),
    );
    // After the members' own pages, which the firm's page reads whether they are live.
    await renderFirms(db, target, firms, accounts);
    const last = batch.at(-1);
    if (last) await saveCheckpoint(db, last.globalPosition);
    events += batch.length;
    rendered += accounts.size;
  }
  return { events, rendered };
}

export type RunningProjector = {
  /** Look at the log now (after a commit) instead of at the next tick. */
  nudge(): void;
  /** Resolves once everything appended so far is rendered. */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

/** Runs in the server process: nudged after each command, and polling for writers in other processes. */
export function startProjector(db: Db, target: RenderTarget, pollMs = 500): RunningProjector {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let failing = false;
  const stopping = new AbortController();

  const run = (): Promise<void> => {
    // Requests finishing during shutdown still nudge; nothing may start once stop() was called.
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await catchUp(db, target, undefined, stopping.signal);
          if (failing) log.info('Rendering profiles works again');
          failing = false;
        } catch (error) {
          // The next tick retries from the checkpoint; a bad moment must not stop pages from ever updating. Retries
          // come every tick, so only the first failure of a run of them is an error line (a full disk would
          // otherwise write two a second); projector_lag_seconds and /api/ready show how long it lasts.
          if (failing) log.debug({ err: error }, 'Rendering profiles failed again; will retry');
          else log.error({ err: error }, 'Rendering profiles failed; will retry');
          failing = true;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void run(), pollMs);
  timer.unref();
  void run();

  return {
    nudge: () => void run(),
    idle: async () => {
      while (running) await running;
      await run();
    },
    /** Lets the batch under way finish (so its checkpoint is saved), starts no other, and resolves then. */
    stop: async () => {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      while (running) await running;
    },
  };
}
