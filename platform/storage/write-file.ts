import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

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

// Two ways to replace a file so that a reader sees the old one or the new one, never half: by a temp name beside it
// (same filesystem, so the rename is atomic), then rename. They differ in what a crash may cost.

/**
 * For files derived from the log (pages, QR codes, vCards): renamed without a flush, since a page lost to a crash is
 * rendered again from the log. The folder must exist (callers make it once, not once per file: on our disks every
 * mkdir shows in a rebuild). Tells the listeners (the server's file cache) at once.
 */
export async function writeDerivedFile(file: string, data: string | Uint8Array): Promise<void> {
  const temporary = temporaryBeside(file);
  try {
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  fileChanged(file);
}

/**
 * writeDerivedFile on the calling thread, for a thread that does nothing else (renderer/page-writer-worker.ts): each
 * asynchronous call is a trip to libuv's pool and back, which cost more than the write itself.
 */
export function writeDerivedFileSync(file: string, data: string | Uint8Array): void {
  const temporary = temporaryBeside(file);
  try {
    fsSync.writeFileSync(temporary, data);
    fsSync.renameSync(temporary, file);
  } catch (error) {
    fsSync.rmSync(temporary, { force: true });
    throw error;
  }
  fileChanged(file);
}

/** A hidden name beside `file`, unique to this write (threads of one process included). */
function temporaryBeside(file: string): string {
  written += 1;
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${threadId}.${written}.tmp`);
}

/**
 * For files that are the only copy (uploaded photos): flushed to disk before the rename, so a crash leaves the old
 * file or the whole new one. Makes the folder when missing: a media shard is made by its first photo and removed
 * when its last one goes, possibly between a mkdir and the open, so a missing folder is made again.
 */
export async function writeDurableFile(file: string, data: Uint8Array): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await openNew(temp);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

async function openNew(file: string): Promise<fs.FileHandle> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fs.open(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw error;
      await fs.mkdir(path.dirname(file), { recursive: true });
    }
  }
}
