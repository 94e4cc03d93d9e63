import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Opens a new file, creating its folder when missing: a media shard is created by its first photo and removed when
 * its last one goes (files.ts), possibly between our mkdir and our open, so a missing folder is made again.
 */
async function openNew(file: string): Promise<FileHandle> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw error;
      await mkdir(path.dirname(file), { recursive: true });
    }
  }
}

/**
 * Readers (the static site, vCards) must never see half a file, so write a hidden temp file in the same directory
 * (same filesystem, so rename is atomic), flush it, then rename it into place.
 */
export async function writeFileAtomic(file: string, data: Uint8Array): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await openNew(temp);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
