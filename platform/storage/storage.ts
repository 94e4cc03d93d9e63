/**
 * Where derived and uploaded public files live (ADR 024): rendered pages, vCards, QR codes and photos. Keys mirror
 * the public URL paths (`u/<username>/index.html`, `media/<id>-<w>.webp`; key-layout.ts), so a bucket can sit
 * behind a CDN as it is; the disk implementation maps them onto DATA_DIR/public as before.
 */

/** What an object is served with. The bucket stores them on the object so a CDN serves it as the app would. */
export type ObjectHeaders = {
  contentType: string;
  cacheControl: string;
  /** Set on a precompressed copy (`index.html.gz`), never on the object it is a copy of. */
  contentEncoding?: string;
  /** A download's file name (the vCard, the print QR code), as the app names it. */
  contentDisposition?: string;
};

/** One version of an object. `etag` is the store's own validator (quoted), for conditional reads. */
export type StoredObject = { body: Buffer; etag: string; lastModified: Date; headers: ObjectHeaders | null };

export type ObjectInfo = { key: string; size: number; lastModified: Date };

export type PutOptions = {
  /** Flushed to stable storage before the put resolves (photos: not in the log, so not rebuildable). */
  durable?: boolean;
};

export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Replaces the object whole: a reader sees the old bytes or the new ones, never half. */
  put(key: string, body: Uint8Array | string, headers: ObjectHeaders, options?: PutOptions): Promise<void>;
  /** Like put, unless the object already holds exactly these bytes; returns whether it wrote. */
  putIfChanged(key: string, body: Uint8Array | string, headers: ObjectHeaders): Promise<boolean>;
  /** Null when there is no such object; 'not-modified' when `ifNoneMatch` is still its ETag. */
  get(key: string, options?: { ifNoneMatch?: string }): Promise<StoredObject | 'not-modified' | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removing a missing object is not an error (another remover may have been first). Returns whether it was there. */
  delete(key: string): Promise<boolean>;
  /** Removes every object whose key starts with `prefix` (which ends in `/`); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Every object whose key starts with `prefix` (a folder, `u/dana/`, or the start of a name, `media/<id>-`), in no
   * promised order; for background work (the sweep, backups, erasure), never a request's hot path.
   */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** The names of the folders right under `prefix` (`u/` gives the usernames); an empty one may be listed on disk. */
  folders(prefix: string): Promise<string[]>;
  /** Called with the key (or the prefix) of every object this process writes or removes, so caches drop it at once. */
  onChanged(listener: (keyOrPrefix: string) => void): () => void;
}

/** Thrown for a key that no writer may use: one that could leave the store's root or names a hidden file. */
export class BadKey extends Error {
  override name = 'BadKey';
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Keys are built by our code from checked names, but they become paths on disk: refuse anything but plain segments. */
export function checkKey(key: string, { prefix = false } = {}): string {
  const segments = (prefix ? key.replace(/\/$/, '') : key).split('/');
  if (segments.length === 0 || !segments.every((segment) => SEGMENT.test(segment))) throw new BadKey(key);
  return key;
}

/** The listener set every implementation keeps for `onChanged`. */
export function changeListeners() {
  const listeners = new Set<(keyOrPrefix: string) => void>();
  return {
    notify(keyOrPrefix: string) {
      for (const listener of listeners) listener(keyOrPrefix);
    },
    on(listener: (keyOrPrefix: string) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
