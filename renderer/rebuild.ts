import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../events/db';
import { catchUp, saveCheckpoint } from './projector';
import type { RenderTarget } from './render-account';

/**
 * Re-renders every public page by following the whole log again from the start, in batches (it streams the log;
 * memory stays flat however many profiles there are). Pages come from the read models, so an account seen in
 * several batches renders the same files each time. Folders that belong to no account are removed.
 */
export async function rebuildProfiles(
  db: Db,
  target: RenderTarget,
): Promise<{ events: number; rendered: number; removed: number }> {
  await saveCheckpoint(db, 0);
  const { events, rendered } = await catchUp(db, target, 5000);
  const known = new Set(
    (await db.selectFrom('users').select('username').execute()).map((user) => user.username),
  );
  // A reserved name's folder holds its "no longer in use" page.
  for (const { username } of await db.selectFrom('reserved_usernames').select('username').execute())
    known.add(username);
  const folders = await fs.readdir(path.join(target.publicDir, 'u')).catch(() => [] as string[]);
  let removed = 0;
  for (const folder of folders) {
    if (known.has(folder)) continue;
    await fs.rm(path.join(target.publicDir, 'u', folder), { recursive: true, force: true });
    removed += 1;
  }
  return { events, rendered, removed };
}
