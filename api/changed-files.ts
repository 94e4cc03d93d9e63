import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../events/db';
import { log } from '../observability/log';
import { onFileChanged } from '../renderer/write-file';

/**
 * On a shared DATA_DIR the leader renders a page and every other instance still serves its cached copy until its
 * file cache rechecks the file, a second later (ADR 016). So each instance says on this channel which public files
 * it replaced or removed, and every instance drops them from its cache at once (ADR 025). The payload is
 * `<schema>:` and the paths relative to DATA_DIR/public, one a line, as instances may mount the folder apart.
 */
export const CHANGED_FILES_CHANNEL = 'tradecard_changed_files';

/** PostgreSQL refuses a payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7000;

/** Changes are gathered this long and sent together: one render writes a page, its gzip copy and a vCard. */
const GATHER_MS = 5;

/** Payloads of at most MAX_PAYLOAD bytes (after the schema's prefix), each holding whole paths. */
export function changedFilesPayloads(paths: Iterable<string>, maxBytes = MAX_PAYLOAD): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const file of paths) {
    if (Buffer.byteLength(file) > maxBytes) continue;
    if (current && Buffer.byteLength(current) + 1 + Buffer.byteLength(file) > maxBytes) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current}\n${file}` : file;
  }
  if (current) payloads.push(current);
  return payloads;
}

/** Sends the public files this process changes to every instance. Returns the unsubscribe. */
export function announceChangedFiles(db: Db, publicDir: string): () => void {
  const pending = new Set<string>();
  let gathering = false;
  const send = () => {
    gathering = false;
    const paths = [...pending];
    pending.clear();
    for (const payload of changedFilesPayloads(paths))
      sql`SELECT pg_notify(${CHANGED_FILES_CHANNEL}, current_schema() || ':' || ${payload})`
        .execute(db)
        // Only a second's staleness elsewhere is at stake: the other caches recheck by themselves.
        .catch((err: unknown) => log.debug({ err }, 'Could not announce changed public files'));
  };
  return onFileChanged((file) => {
    const relative = path.relative(publicDir, file);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return;
    pending.add(relative.split(path.sep).join('/'));
    if (gathering) return;
    gathering = true;
    setTimeout(send, GATHER_MS);
  });
}

/** The absolute paths under `publicDir` a payload names, refusing any that would leave it. */
export function changedFilesIn(payload: string, publicDir: string): string[] {
  const root = path.resolve(publicDir);
  return payload
    .split('\n')
    .filter(Boolean)
    .map((relative) => path.resolve(root, ...relative.split('/')))
    .filter((file) => file.startsWith(`${root}${path.sep}`));
}
