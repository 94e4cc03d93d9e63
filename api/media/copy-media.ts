import fs from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_FILE_NAME, shardDir } from './stored';

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
    const dir = shardDir(to, name);
    await fs.mkdir(dir, { recursive: true });
    const temporary = path.join(dir, `.${name}.partial`);
    await fs.copyFile(source, temporary);
    await fs.rename(temporary, path.join(dir, name));
    copied += 1;
  }
  return copied;
}

/** Where a backup keeps its photos: beside the database file. */
export const backupMediaDir = (backupFile: string) => `${backupFile}.media`;
