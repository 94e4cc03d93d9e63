import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Write to a temp name beside the target, then rename: a reader sees the old file or the new one, never half. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}

/** Leaves an unchanged file alone, so its mtime (and the ETag built from it) only moves when content does. */
export async function writeIfChanged(file: string, data: string | Uint8Array): Promise<boolean> {
  const next = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data);
  const current = await fs.readFile(file).catch(() => null);
  if (current?.equals(next)) return false;
  await writeFileAtomic(file, next);
  return true;
}
