import type { Db } from '../platform/database/db';
import { type PageKind, type RenderTarget, renderAccount } from './render-account';
import type { RenderBatch } from './render-batch';

const rendering = new Map<string, Promise<PageKind>>();

/**
 * Renders an account's pages after any render of the same account this process has under way (issue 29: the
 * publish request renders its own page, and the projector may be rendering the account at the same moment). Each
 * render reads the account as it is when it starts, so the one that finishes last wrote the newest state: two at
 * once could finish in the other order and leave the older page behind until the next render.
 */
export function renderAccountInTurn(
  db: Db,
  accountId: string,
  target: RenderTarget,
  batch?: RenderBatch,
): Promise<PageKind> {
  const before = rendering.get(accountId);
  const turn = (before ?? Promise.resolve())
    .catch(() => {})
    .then(() => renderAccount(db, accountId, target, batch));
  rendering.set(accountId, turn);
  const done = () => {
    if (rendering.get(accountId) === turn) rendering.delete(accountId);
  };
  turn.then(done, done);
  return turn;
}
