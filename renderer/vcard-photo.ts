import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageRef } from '../events/card/content';
import { mediaUrl } from '../events/card/content';
import { writeFileAtomic } from './write-file';

/**
 * A small square JPEG of the avatar for the vCard's PHOTO: phones show it in the contact; JPEG is what they all
 * read. Made once per avatar and kept beside it (the avatar is content-addressed, so it never goes stale).
 */
export async function vcardPhoto(
  publicDir: string,
  avatar: ImageRef,
  size = 256,
): Promise<Uint8Array | undefined> {
  const kept = path.join(publicDir, 'media', `${avatar.id}-vcard.jpg`);
  const cached = await fs.readFile(kept).catch(() => null);
  if (cached) return cached;
  const width = avatar.widths.find((w) => w >= size) ?? Math.max(...avatar.widths);
  const file = path.join(publicDir, mediaUrl(avatar.id, width));
  try {
    const jpeg = await sharp(file).resize(size, size, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
    await writeFileAtomic(kept, jpeg);
    return jpeg;
  } catch {
    // A missing media file must not keep the contact from being saved; it just goes without a photo.
    return undefined;
  }
}
