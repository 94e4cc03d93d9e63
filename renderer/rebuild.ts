import { lastGlobalPosition, readChangedStreams } from '../events/store';
import type { Db } from '../platform/database/db';
import { profilePrefix } from '../platform/storage/key-layout';
import type { WritePage } from './page-writer';
import { accountOf, firmOf, RENDER_CONCURRENCY, renderFirms } from './projector';
import type { RenderTarget } from './render-account';
import { type RenderBatch, renderingTogether } from './render-batch';
import { renderAccountInTurn } from './render-in-turn';
import type { BatchedRows } from './rendered-rows';

/** Accounts whose streams changed after `after`: the live projector's to render. */
async function changedAfter(db: Db, after: number, into: Set<string>): Promise<number> {
  let position = after;
  for await (const batch of readChangedStreams(db, after)) {
    for (const event of batch) {
      const account = accountOf(event);
      if (account) into.add(account);
    }
    position = batch.at(-1)?.globalPosition ?? position;
  }
  return position;
}

/**
 * Re-renders every public page beside the running server without doing its projector's work (ADR 019). It renders
 * every account the log holds up to the position it started at, each once, and never moves the projector's
 * checkpoint: an account that changes while it runs is left to the projector, which follows the log as ever (and
 * rendering is idempotent, so an account both render is right either way). Memory holds the set of account ids.
 * Folders that belong to no account are removed.
 */
export async function rebuildProfiles(
  db: Db,
  target: RenderTarget,
  {
    batchSize = 5000,
    shouldStop = () => false,
    writePage,
  }: {
    /** Events read at a time. */
    batchSize?: number;
    /** Asked before each batch: true ends the rebuild there, with `stopped` set and no stray folders removed. */
    shouldStop?: () => boolean;
    /** Where pages are written (page-writer.ts), when not on this thread. */
    writePage?: WritePage;
  } = {},
): Promise<{ events: number; rendered: number; removed: number; stopped: boolean }> {
  const until = await lastGlobalPosition(db);
  const done = new Set<string>();
  const theLiveProjectors = new Set<string>();
  let watched = until;
  let events = 0;
  const together = renderingTogether(db, RENDER_CONCURRENCY, writePage);
  // Firms' pages (issue 32), each once, after every member's page.
  const firms = new Set<string>();
  for await (const batch of readChangedStreams(db, 0, batchSize)) {
    if (shouldStop()) return { events, rendered: done.size, removed: 0, stopped: true };
    const accounts = new Set<string>();
    for (const event of batch) {
      if (event.globalPosition > until) break;
      events += 1;
      const account = accountOf(event);
      if (account && !done.has(account)) accounts.add(account);
      const firm = firmOf(event);
      if (firm) firms.add(firm);
    }
    watched = await changedAfter(db, watched, theLiveProjectors);
    for (const account of theLiveProjectors) accounts.delete(account);
    await renderTogether(db, [...accounts], target, together);
    for (const account of accounts) done.add(account);
    if ((batch.at(-1)?.globalPosition ?? 0) >= until) break;
  }
  await renderFirms(db, target, firms, []);
  return { events, rendered: done.size, removed: await removeStrayFolders(db, target), stopped: false };
}

/**
 * Accounts rendered at once in a rebuild: their rows take one commit (rendered-rows.ts), and their files keep the
 * disk busy meanwhile. Each holds its page and its compressed copies until written: ~60 KB.
 */
export const REBUILD_TOGETHER = 100;

/** Renders `accounts`, REBUILD_TOGETHER at a time, each group started together so that their rows commit together. */
async function renderTogether(
  db: Db,
  accounts: string[],
  target: RenderTarget,
  together: RenderBatch & { rows: BatchedRows },
): Promise<void> {
  for (let start = 0; start < accounts.length; start += REBUILD_TOGETHER) {
    const group = accounts.slice(start, start + REBUILD_TOGETHER);
    const outcomes = await Promise.allSettled(
      group.map((account) => renderAccountInTurn(db, account, target, together)),
    );
    // The rows of those that rendered are committed even when another failed.
    await together.rows.flush();
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

async function removeStrayFolders(db: Db, target: RenderTarget): Promise<number> {
  const known = new Set(
    (await db.selectFrom('users').select('username').execute()).map((user) => user.username),
  );
  // A reserved name's folder holds its "no longer in use" page.
  for (const { username } of await db.selectFrom('reserved_usernames').select('username').execute())
    known.add(username);
  const { storage } = target;
  const stray = (await storage.folders('u/')).filter((username) => !known.has(username));
  for (const username of stray) await storage.deletePrefix(profilePrefix(username));
  return stray.length;
}
