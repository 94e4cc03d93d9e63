import sharp from 'sharp';
import type { ImageRef } from '../events/card/content';
import { imageRefSchema } from '../events/card/content';
import { headersFor, vcardPhotoKey } from '../platform/storage/key-layout';
import type { Storage } from '../platform/storage/storage';
import { photoSource, storedBytes } from './photo-source';

/** How many kept JPEGs a process holds: a few KB each, and cards mostly share a handful (the demo's avatar). */
const HELD = 64;
type Held = { jpeg: Promise<Uint8Array | undefined>; underWay: boolean };
const held = new WeakMap<Storage, Map<string, Held>>();

/**
 * A square JPEG of the avatar for the vCard's PHOTO: phones show it in the contact; JPEG is what they all read.
 * Made once per avatar and kept beside it (the avatar is content-addressed, so it never goes stale). Held in memory
 * too (issue 29): a rebuild of 10,000 cards with the same avatar read it 10,000 times, and the renders it starts
 * together each made it with sharp while it wasn't kept yet. Used only while the kept file is there (one look): a
 * photo swept or erased goes from the vCards as before.
 */
export async function vcardPhoto(
  storage: Storage,
  avatar: ImageRef,
  size = 256,
): Promise<Uint8Array | undefined> {
  // The ref comes from stored card content; checked again, since its id becomes a key (and a path on disk).
  const kept = vcardPhotoKey(imageRefSchema.parse(avatar).id);
  const byKey = heldIn(storage);
  const known = byKey.get(kept);
  // One still being read or made is the caller's too; a made one is used while its file is there.
  if (known && (known.underWay || (await storage.head(kept)))) return known.jpeg;
  const made: Held = { jpeg: keptOrMade(storage, kept, avatar, size), underWay: true };
  byKey.delete(kept);
  byKey.set(kept, made);
  if (byKey.size > HELD) byKey.delete(byKey.keys().next().value as string);
  const forget = () => {
    if (byKey.get(kept) === made) byKey.delete(kept);
  };
  made.jpeg.then((jpeg) => {
    made.underWay = false;
    // One that could not be had is looked for again next time, as before.
    if (!jpeg) forget();
  }, forget);
  return made.jpeg;
}

function heldIn(storage: Storage): Map<string, Held> {
  let byKey = held.get(storage);
  if (!byKey) {
    byKey = new Map();
    held.set(storage, byKey);
  }
  return byKey;
}

async function keptOrMade(
  storage: Storage,
  kept: string,
  avatar: ImageRef,
  size: number,
): Promise<Uint8Array | undefined> {
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
