import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Copies photos that `to` lacks. Media files are content-addressed and never change, so "missing" is the only
 * difference that matters and a repeated backup copies only new uploads.
 */
export async function copyMissingMedia(from: string, to: string): Promise<number> {
  const names = await fs.readdir(from).catch(() => [] as string[]);
  await fs.mkdir(to, { recursive: true });
  const present = new Set(await fs.readdir(to));
  let copied = 0;
  for (const name of names) {
    if (present.has(name) || name.startsWith('.')) continue;
    const temporary = path.join(to, `.${name}.partial`);
    await fs.copyFile(path.join(from, name), temporary);
    await fs.rename(temporary, path.join(to, name));
    copied += 1;
  }
  return copied;
}

/** Where a backup keeps its photos: beside the database file. */
export const backupMediaDir = (backupFile: string) => `${backupFile}.media`;
