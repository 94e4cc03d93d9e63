import fs from 'node:fs/promises';
import path from 'node:path';

let written = 0;

const changeListeners = new Set<(file: string) => void>();

/**
 * Tells in-process readers (the server's file cache, api/static/file-cache.ts) that a file was replaced or removed,
 * so none of them serves the old bytes a moment longer. Returns the unsubscribe.
 */
export function onFileChanged(listener: (file: string) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** For writers that remove a file or a folder (a folder stands for everything under it). */
export function fileChanged(file: string): void {
  for (const listener of changeListeners) listener(file);
}

/** Removes a file or a whole folder, and tells the listeners (the server's page cache) it is gone. */
export async function removePath(target: string): Promise<void> {
  await fs.rm(target, { recursive: true, force: true });
  fileChanged(target);
}

/**
 * Write to a temp name beside the target, then rename: a reader sees the old file or the new one, never half.
 * The folder must exist (callers make it once, not once per file: on our disks every mkdir shows in a rebuild).
 * No fsync, unlike uploaded photos (api/media/atomic.ts): pages are derived, and rebuilt from the log if lost.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  written += 1;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${written}.tmp`);
  try {
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  fileChanged(file);
}
