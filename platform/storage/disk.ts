import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_FILE_NAME, MEDIA_PREFIX } from './key-layout';
import {
  changeListeners,
  checkKey,
  type ObjectHeaders,
  type ObjectInfo,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';
import {
  fileChanged,
  removePath,
  writeDerivedFile,
  writeDerivedFileSync,
  writeDurableFile,
} from './write-file';

export type DiskStorage = Storage & {
  readonly kind: 'disk';
  readonly root: string;
  /** The file a key is stored in: what the file cache and nginx serve (ADR 016, 020). */
  pathOf(key: string): string;
  /** The folder a prefix (`u/dana/`) names. */
  folderOf(prefix: string): string;
};

/** The store is files under a folder of this process's disk. */
export const isDiskStorage = (storage: Storage): storage is DiskStorage =>
  storage.kind === 'disk' && 'root' in storage;

const SHARD = /^[a-f0-9]{2}$/;
/** The start of a photo's name under media/: enough of it to name its shard. */
const PHOTO_NAME_START = /^media\/[a-f0-9]{2}[^/]*$/;

async function* filtered<T>(items: AsyncIterable<T>, keep: (item: T) => boolean): AsyncGenerator<T> {
  for await (const item of items) if (keep(item)) yield item;
}

/**
 * DATA_DIR/public as the store (the default, STORAGE=disk): the same files, bytes and folders as before it existed.
 * Pages are written by rename without fsync (derived, rebuilt from the log if lost), photos fsynced first; every
 * write and removal tells write-file.ts's listeners (the server's file cache) at once. Headers are not
 * stored: the app serves files by their name (api/static/public-files.ts), nginx by its own table.
 */
export function diskStorage(
  root: string,
  {
    blocking = false,
  }: {
    /**
     * Derived files written on the calling thread (writeDerivedFileSync): for a thread that does nothing else, the
     * page writer's (renderer/page-writer.ts). Reads and removals stay asynchronous.
     */
    blocking?: boolean;
  } = {},
): DiskStorage {
  const changes = changeListeners();
  const mediaDir = path.join(root, 'media');

  const pathOf = (key: string) => {
    checkKey(key);
    if (key.startsWith(MEDIA_PREFIX)) {
      const name = key.slice(MEDIA_PREFIX.length);
      // URLs stay flat; on disk a photo sits in its shard (api/media/stored.ts).
      if (MEDIA_FILE_NAME.test(name)) return path.join(mediaDir, name.slice(0, 2), name);
    }
    return path.join(root, ...key.split('/'));
  };

  const folderOf = (prefix: string) => {
    checkKey(prefix, { prefix: true });
    return path.join(root, ...prefix.replace(/\/$/, '').split('/'));
  };

  const keyOf = (file: string) => {
    const relative = path.relative(root, file).split(path.sep);
    if (relative[0] === 'media' && relative.length === 3 && SHARD.test(relative[1] as string))
      return `${MEDIA_PREFIX}${relative[2]}`;
    return relative.join('/');
  };

  /** The folder exists in all but a page's first render: make it only when the write says it is missing. */
  const writePage = async (file: string, data: Uint8Array | string) => {
    const write = blocking ? writeDerivedFileSync : writeDerivedFile;
    try {
      await write(file, data);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      if (blocking) fsSync.mkdirSync(path.dirname(file), { recursive: true });
      else await fs.mkdir(path.dirname(file), { recursive: true });
      await write(file, data);
    }
  };

  const info = async (file: string): Promise<ObjectInfo | null> => {
    const stat = await fs.stat(file).catch(() => null);
    return stat?.isFile() ? { key: keyOf(file), size: stat.size, lastModified: stat.mtime } : null;
  };

  async function* walk(dir: string): AsyncGenerator<ObjectInfo> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      // Hidden names are temp files of writes in progress (write-file.ts), never objects.
      if (entry.name.startsWith('.')) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(file);
      else if (entry.isFile()) {
        const found = await info(file);
        if (found) yield found;
      }
    }
  }

  const storage: DiskStorage = {
    kind: 'disk',
    root,
    pathOf,
    folderOf,

    async put(key: string, body: Uint8Array | string, _headers: ObjectHeaders, options: PutOptions = {}) {
      const file = pathOf(key);
      if (options.durable) {
        await writeDurableFile(file, typeof body === 'string' ? Buffer.from(body) : body);
        fileChanged(file);
      } else await writePage(file, body);
      changes.notify(key);
    },

    async putIfChanged(key: string, body: Uint8Array | string, headers: ObjectHeaders) {
      // Leaves an unchanged file alone, so its mtime (and Last-Modified) only moves when content does.
      const next = Buffer.from(body);
      const current = await fs.readFile(pathOf(key)).catch(() => null);
      if (current?.equals(next)) return false;
      await storage.put(key, next, headers);
      return true;
    },

    async get(
      key: string,
      options: { ifNoneMatch?: string } = {},
    ): Promise<StoredObject | 'not-modified' | null> {
      const file = pathOf(key);
      const handle = await fs.open(file, 'r').catch(() => null);
      if (!handle) return null;
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) return null;
        const etag = `"${stat.size.toString(36)}-${stat.mtimeMs.toString(36)}-${stat.ino.toString(36)}"`;
        if (options.ifNoneMatch === etag) return 'not-modified';
        return { body: await handle.readFile(), etag, lastModified: stat.mtime, headers: null };
      } finally {
        await handle.close();
      }
    },

    head: (key: string) => info(pathOf(key)),

    async delete(key: string) {
      const file = pathOf(key);
      const there = await fs.rm(file).then(
        () => true,
        () => false,
      );
      // An empty shard goes, so a media folder whose photos are all gone is empty (writeDurableFile remakes it).
      if (there && path.dirname(path.dirname(file)) === mediaDir)
        await fs.rmdir(path.dirname(file)).catch(() => {});
      if (there) {
        fileChanged(file);
        changes.notify(key);
      }
      return there;
    },

    async deletePrefix(prefix: string) {
      const dir = folderOf(prefix);
      let count = 0;
      for await (const _ of walk(dir)) count += 1;
      await removePath(dir);
      changes.notify(prefix);
      return count;
    },

    async folders(prefix: string) {
      const entries = await fs.readdir(folderOf(prefix), { withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    },

    list(prefix: string) {
      checkKey(prefix, { prefix: true });
      if (prefix.endsWith('/')) return walk(path.join(root, ...prefix.slice(0, -1).split('/')));
      // Part of a name (`media/<id>-`, one photo's files): only the folder such names are in is read.
      const folder = PHOTO_NAME_START.test(prefix)
        ? path.join(mediaDir, prefix.slice(MEDIA_PREFIX.length, MEDIA_PREFIX.length + 2))
        : path.dirname(path.join(root, ...prefix.split('/')));
      return filtered(walk(folder), (object) => object.key.startsWith(prefix));
    },

    onChanged: changes.on,
  };
  return storage;
}

const byRoot = new Map<string, DiskStorage>();

/** One disk store a folder, so every writer in the process shares its change listeners. */
export function diskStorageAt(root: string): DiskStorage {
  let storage = byRoot.get(root);
  if (!storage) {
    storage = diskStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}
