import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageRef } from '../../events/card/content';

const ID = /^[a-f0-9]{24}$/;
const MEDIA_URL = /^(?:https?:\/\/[^/?#\s]+)?\/media\/([a-f0-9]{24})-[1-9]\d*\.webp$/;

/** Where one stored width of an image lives. Only call with an id that passed the ID check. */
export const storedFile = (mediaDir: string, id: string, width: number) =>
  path.join(mediaDir, `${id}-${width}.webp`);

/** The widths on disk for an id, ascending; temp files (dot-prefixed) and other ids never match. */
async function storedWidths(mediaDir: string, id: string): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir(mediaDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const pattern = new RegExp(`^${id}-([1-9]\\d*)\\.webp$`);
  return names
    .map((name) => pattern.exec(name)?.[1])
    .filter((width): width is string => width !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** The ImageRef for files already stored, or null if the id is malformed or has no files. Throws on I/O faults. */
export async function readImageRef(mediaDir: string, id: string): Promise<ImageRef | null> {
  // The id ends up in a path and a RegExp, so anything but 24 lowercase hex is refused before either.
  if (!ID.test(id)) return null;
  const widths = await storedWidths(mediaDir, id);
  const largest = widths.at(-1);
  if (largest === undefined) return null;
  const { width, height } = await sharp(storedFile(mediaDir, id, largest)).metadata();
  return { id, width, height, widths };
}

/** The image id in a media URL (`/media/<id>-<w>.webp`, optionally with an http(s) origin), else null. */
export function parseMediaUrl(url: string): string | null {
  return MEDIA_URL.exec(url)?.[1] ?? null;
}
