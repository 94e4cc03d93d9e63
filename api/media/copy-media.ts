import fs from 'node:fs/promises';
import path from 'node:path';
import type { DiskStorage } from '../../platform/storage/disk';
import { headersFor, MEDIA_FILE_NAME, MEDIA_PREFIX } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';
import { shardDir } from './stored';

const SHARD = /^[a-f0-9]{2}$/;

/** Every photo file under `dir`, flat (a backup from before sharding) or in shards, by name. */
async function photoFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (entry.isFile() && MEDIA_FILE_NAME.test(entry.name)) files.set(entry.name, path.join(dir, entry.name));
    if (!entry.isDirectory() || !SHARD.test(entry.name)) continue;
    for (const name of await fs.readdir(path.join(dir, entry.name)).catch(() => [] as string[]))
      if (MEDIA_FILE_NAME.test(name)) files.set(name, path.join(dir, entry.name, name));
  }
  return files;
}

/** Writes a photo into a backup folder's shard: to a partial name, then renamed, so a cut-off copy never counts. */
async function writeIntoShard(to: string, name: string, write: (temporary: string) => Promise<void>) {
  const dir = shardDir(to, name);
  await fs.mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${name}.partial`);
  await write(temporary);
  await fs.rename(temporary, path.join(dir, name));
}

/**
 * Copies photos that `to` lacks, into `to`'s shards (media/<first two hex of the id>/). Media files are
 * content-addressed and never change, so "missing" is the only difference that matters and a repeated backup copies
 * only new uploads. Reads either layout, so a backup made before sharding restores into shards.
 */
export async function copyMissingMedia(from: string, to: string): Promise<number> {
  const present = await photoFiles(to);
  let copied = 0;
  for (const [name, source] of await photoFiles(from)) {
    if (present.has(name)) continue;
    await writeIntoShard(to, name, (temporary) => fs.copyFile(source, temporary));
    copied += 1;
  }
  return copied;
}

/** Where a backup keeps its photos: beside the database file. */
export const backupMediaDir = (backupFile: string) => `${backupFile}.media`;

/** The photo file names a store holds. */
async function storedNames(storage: Storage): Promise<Set<string>> {
  const names = new Set<string>();
  for await (const { key } of storage.list(MEDIA_PREFIX)) {
    const name = key.slice(MEDIA_PREFIX.length);
    if (MEDIA_FILE_NAME.test(name)) names.add(name);
  }
  return names;
}

/**
 * A backup's photos from the store configured (STORAGE=s3: the bucket), into the backup's folder laid out as
 * copyMissingMedia lays it out, so either kind of install restores it. Only what the folder lacks is fetched.
 */
export async function backUpStoredMedia(storage: Storage, to: string): Promise<number> {
  if (storage.kind === 'disk') return copyMissingMedia(path.join(storageRoot(storage), 'media'), to);
  const present = await photoFiles(to);
  let copied = 0;
  for (const name of await storedNames(storage)) {
    if (present.has(name)) continue;
    const object = await storage.get(`${MEDIA_PREFIX}${name}`);
    // Removed since the listing (the sweep, an erasure): nothing to keep.
    if (!object || object === 'not-modified') continue;
    await writeIntoShard(to, name, (temporary) => fs.writeFile(temporary, object.body));
    copied += 1;
  }
  return copied;
}

/** A backup's photos put back into the store configured: those it lacks, each flushed as an upload is. */
export async function restoreStoredMedia(from: string, storage: Storage): Promise<number> {
  if (storage.kind === 'disk') return copyMissingMedia(from, path.join(storageRoot(storage), 'media'));
  const present = await storedNames(storage);
  let copied = 0;
  for (const [name, source] of await photoFiles(from)) {
    if (present.has(name)) continue;
    const key = `${MEDIA_PREFIX}${name}`;
    await storage.put(key, await fs.readFile(source), headersFor(key), { durable: true });
    copied += 1;
  }
  return copied;
}

const storageRoot = (storage: Storage) => (storage as DiskStorage).root;
