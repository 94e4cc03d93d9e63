import { sql } from 'kysely';
import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import { checkKey, type Storage } from '../../platform/storage/storage';

/**
 * The leader renders a page and every other instance still serves its cached copy until its cache rechecks it, a
 * second later: the file cache on a shared DATA_DIR (ADR 016), the bucket cache with STORAGE=s3 (ADR 024). So each
 * instance says on this channel which keys its store wrote or removed (Storage.onChanged), and every instance drops
 * them from whichever cache serves its store at once (ADR 025). The payload is `<schema>:` and the keys, one a
 * line (a prefix ending in `/` stands for everything under it); keys, not paths, so instances may mount a shared
 * folder apart, and one notice serves both stores.
 */
export const CHANGED_FILES_CHANNEL = 'tradecard_changed_files';

/** PostgreSQL refuses a payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7000;

/** Changes are gathered this long and sent together: one render writes a page, its gzip copy and a vCard. */
const GATHER_MS = 5;

/** Payloads of at most MAX_PAYLOAD bytes (after the schema's prefix), each holding whole keys. */
export function changedFilesPayloads(keys: Iterable<string>, maxBytes = MAX_PAYLOAD): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const key of keys) {
    if (Buffer.byteLength(key) > maxBytes) continue;
    if (current && Buffer.byteLength(current) + 1 + Buffer.byteLength(key) > maxBytes) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current}\n${key}` : key;
  }
  if (current) payloads.push(current);
  return payloads;
}

/**
 * Sends the keys (and prefixes) this process's store writes or removes to every instance: pages, vCards, QR codes,
 * photos, on the disk or in the bucket alike. Returns the unsubscribe.
 */
export function announceChangedFiles(db: Db, storage: Storage): () => void {
  const pending = new Set<string>();
  let gathering = false;
  const send = () => {
    gathering = false;
    const keys = [...pending];
    pending.clear();
    for (const payload of changedFilesPayloads(keys))
      sql`SELECT pg_notify(${CHANGED_FILES_CHANNEL}, current_schema() || ':' || ${payload})`
        .execute(db)
        // Only a second's staleness elsewhere is at stake: the other caches recheck by themselves.
        .catch((err: unknown) => log.debug({ err }, 'Could not announce changed public files'));
  };
  return storage.onChanged((keyOrPrefix) => {
    pending.add(keyOrPrefix);
    if (gathering) return;
    gathering = true;
    setTimeout(send, GATHER_MS);
  });
}

/** The keys and prefixes a payload names, leaving out any that no store would accept (one that could leave its root). */
export function changedKeysIn(payload: string): string[] {
  return payload.split('\n').filter((keyOrPrefix) => {
    try {
      checkKey(keyOrPrefix, { prefix: keyOrPrefix.endsWith('/') });
      return true;
    } catch {
      return false;
    }
  });
}
