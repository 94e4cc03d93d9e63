import type { Db } from '../events/db';
import { readChangedStreams } from '../events/store';
import { eachConcurrently } from './each-concurrently';
import { type RenderTarget, renderAccount } from './render-account';

export const PROJECTOR_NAME = 'profile-pages';

/** Accounts rendered at once: enough to keep the disk busy while the CPU renders, few enough to stay lean. */
const RENDER_CONCURRENCY = 8;

/** The account whose public files an event can change: its own stream or its card's. */
export function accountOf(streamId: string): string | null {
  const match = /^(?:account|card)-(.+)$/.exec(streamId);
  return match?.[1] ?? null;
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

/**
 * Follows the log from the checkpoint: renders each touched account once per batch, then moves the checkpoint.
 * Killed half-way, it starts again at the last checkpoint; rendering is idempotent, so a batch done twice leaves
 * the same files, and none is skipped.
 */
export async function catchUp(
  db: Db,
  target: RenderTarget,
  batchSize = 1000,
): Promise<{ events: number; rendered: number }> {
  let events = 0;
  let rendered = 0;
  const position = await readCheckpoint(db);
  // Pages are rendered from the read models, so only which streams changed matters, not what the events say.
  for await (const batch of readChangedStreams(db, position, batchSize)) {
    const accounts = new Set<string>();
    for (const event of batch) {
      const account = accountOf(event.streamId);
      if (account) accounts.add(account);
    }
    await eachConcurrently(accounts, RENDER_CONCURRENCY, (account) => renderAccount(db, account, target));
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

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await catchUp(db, target);
        } catch (error) {
          // The next tick retries from the checkpoint; a bad moment must not stop pages from ever updating.
          console.error('Rendering profiles failed; will retry:', error);
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
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
