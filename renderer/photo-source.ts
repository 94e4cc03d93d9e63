import type { ImageRef } from '../events/card/content';
import { imageRefSchema } from '../events/card/content';
import { mediaKey } from '../platform/storage/key-layout';
import type { Storage } from '../platform/storage/storage';

export const storedBytes = async (storage: Storage, key: string) => {
  const object = await storage.get(key);
  return object && object !== 'not-modified' ? object.body : null;
};

/**
 * The stored copy of a photo to draw something `width` × `height` from: the smallest that covers it once cropped,
 * else the largest. Null when the file is missing. The ref comes from stored card content; it is checked again,
 * since its id and widths become a key (and a path on disk).
 */
export async function photoSource(storage: Storage, photo: ImageRef, width: number, height: number) {
  const ref = imageRefSchema.parse(photo);
  const ascending = [...ref.widths].sort((a, b) => a - b);
  const covers = (w: number) => w >= width && (w * ref.height) / ref.width >= height;
  return storedBytes(storage, mediaKey(ref.id, ascending.find(covers) ?? (ascending.at(-1) as number)));
}
