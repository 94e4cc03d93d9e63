import sharp from 'sharp';
import type { ImageRef } from '../events/card/content';
import { imageRefSchema } from '../events/card/content';
import { headersFor, vcardPhotoKey } from '../platform/storage/key-layout';
import type { Storage } from '../platform/storage/storage';
import { photoSource, storedBytes } from './photo-source';

/**
 * A square JPEG of the avatar for the vCard's PHOTO: phones show it in the contact; JPEG is what they all read.
 * Made once per avatar and kept beside it (the avatar is content-addressed, so it never goes stale).
 */
export async function vcardPhoto(
  storage: Storage,
  avatar: ImageRef,
  size = 256,
): Promise<Uint8Array | undefined> {
  // The ref comes from stored card content; checked again, since its id becomes a key (and a path on disk).
  const kept = vcardPhotoKey(imageRefSchema.parse(avatar).id);
  const cached = await storedBytes(storage, kept);
  if (cached) return cached;
  const source = await photoSource(storage, avatar, size, size);
  // A missing media file must not keep the contact from being saved; it just goes without a photo.
  if (!source) return undefined;
  try {
    const jpeg = await sharp(source)
      .resize(size, size, { fit: 'cover' })
      // JPEG has no alpha; without this, transparent areas turn whatever colour their hidden RGB happens to be.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    // Derived from the photo, so made again if lost: no fsync, as for pages.
    await storage.put(kept, jpeg, headersFor(kept));
    return jpeg;
  } catch {
    // Nor must a damaged one.
    return undefined;
  }
}
