import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageRef } from '../events/card/content';
import { imageRefSchema } from '../events/card/content';
import { writeFileAtomic } from './write-file';

/**
 * A square JPEG of the avatar for the vCard's PHOTO: phones show it in the contact; JPEG is what they all read.
 * Made once per avatar and kept beside it (the avatar is content-addressed, so it never goes stale).
 */
export async function vcardPhoto(
  publicDir: string,
  avatar: ImageRef,
  size = 256,
): Promise<Uint8Array | undefined> {
  // The ref comes from stored card content; re-check it, since its id and widths become a file path.
  const { id, width, height, widths } = imageRefSchema.parse(avatar);
  // The photo's shard, as api/media/stored.ts lays the media folder out: media/<first two hex digits of the id>/.
  const shard = path.join(publicDir, 'media', id.slice(0, 2));
  const kept = path.join(shard, `${id}-vcard.jpg`);
  const cached = await fs.readFile(kept).catch(() => null);
  if (cached) return cached;
  const ascending = [...widths].sort((a, b) => a - b);
  const covers = (w: number) => Math.min(w, (w * height) / width) >= size;
  const source = ascending.find(covers) ?? (ascending.at(-1) as number);
  try {
    const jpeg = await sharp(path.join(shard, `${id}-${source}.webp`))
      .resize(size, size, { fit: 'cover' })
      // JPEG has no alpha; without this, transparent areas turn whatever colour their hidden RGB happens to be.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    await writeFileAtomic(kept, jpeg);
    return jpeg;
  } catch {
    // A missing media file must not keep the contact from being saved; it just goes without a photo.
    return undefined;
  }
}
