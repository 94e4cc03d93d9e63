import { type CardContent, cardImages, type ImageRef } from '../../events/card/content';
import { type EnquiryRow, photosOf } from '../../events/enquiry/enquiries-read-model';
import { type ReviewRow, reviewPhotosOf } from '../../events/review/reviews-read-model';
import type { Db } from '../../platform/database/db';
import { mediaKey } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';

/** A photo's file in the zip, by which card.json names it. */
export const photoFile = (id: string) => `photos/${id}.webp`;

const imagesOf = (card: CardContent | null) => (card ? cardImages(card) : []);

/**
 * Every photo the account owns that is still stored, by id: the ones it uploaded (api/media/owners.ts), its
 * card's, and those customers sent with quote requests to its page (`enquiries`, as enquiries.json lists them)
 * or with their reviews (`reviews`).
 * An upload the sweep has since removed (picked, never published) has no media_files row and is not stored, so not
 * listed; a card's photo without one is listed from the card, so its read fails and the download
 * with it, rather than card.json naming a file the zip lacks.
 */
export async function photosOfAccount(
  db: Db,
  accountId: string,
  card: CardContent | null,
  enquiries: EnquiryRow[],
  reviews: ReviewRow[],
): Promise<ImageRef[]> {
  const uploaded = await db
    .selectFrom('media_uploads')
    .select('media_id')
    .where('account_id', '=', accountId)
    .execute();
  // The photos its card and its enquiries name, by id.
  const named = new Map(imagesOf(card).map((image) => [image.id, image]));
  for (const image of enquiries.flatMap(photosOf)) named.set(image.id, image);
  for (const image of reviews.flatMap(reviewPhotosOf)) named.set(image.id, image);
  const ids = [...new Set([...uploaded.map((row) => row.media_id), ...named.keys()])].sort();
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('media_files')
    .select(['id', 'width', 'height', 'widths'])
    .where('id', 'in', ids)
    .execute();
  const stored = new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, width: row.width, height: row.height, widths: JSON.parse(row.widths) as number[] },
    ]),
  );
  return ids.flatMap((id) => {
    const image = stored.get(id) ?? named.get(id);
    return image ? [image] : [];
  });
}

/** The photo's largest stored width, read whole (one photo at a time is all the export holds); throws if missing. */
export async function readLargest(storage: Storage, image: ImageRef): Promise<Buffer> {
  const key = mediaKey(image.id, Math.max(...image.widths));
  const stored = await storage.get(key);
  if (!stored || stored === 'not-modified') throw new Error(`The photo ${key} is not in storage`);
  return stored.body;
}
