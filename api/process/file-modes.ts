import fs from 'node:fs/promises';
import path from 'node:path';
import { log } from '../../observability/log';

/**
 * Everything the server writes is for the server alone: the database holds emails and hashed secrets, the outbox
 * holds codes and reset links, and the photos and pages are served by this process, never read off the disk by
 * another user. A umask of 077 makes every file 0600 and every folder 0700 as it is created, whichever code creates
 * it (SQLite's -wal and -shm, the mailer, sharp's output, the demo seed's child, which inherits it).
 */
export const OWNER_ONLY_UMASK = 0o077;

/** What an older version left readable by others (it ran with the usual 022 umask), made owner-only at start. */
const SENSITIVE = ['app.db', 'app.db-wal', 'app.db-shm', 'secret.key', 'outbox'];

async function restrict(target: string): Promise<void> {
  const stat = await fs.stat(target).catch(() => null);
  if (!stat) return;
  const mode = stat.isDirectory() ? 0o700 : 0o600;
  if ((stat.mode & 0o777) !== mode) await fs.chmod(target, mode);
  if (stat.isDirectory() && path.basename(target) === 'outbox')
    for (const name of await fs.readdir(target)) await restrict(path.join(target, name));
}

/** Makes the data folder and its secrets owner-only; a file this user cannot change is logged, not fatal. */
export async function restrictDataDir(dataDir: string): Promise<void> {
  for (const target of [dataDir, ...SENSITIVE.map((name) => path.join(dataDir, name))]) {
    await restrict(target).catch((error: unknown) =>
      log.warn({ err: error, path: target }, 'Could not make this readable by its owner only'),
    );
  }
}
