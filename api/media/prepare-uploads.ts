import { uploadsRefused } from '../../observability/metrics';
import type { Db } from '../../platform/database/db';
import type { Storage } from '../../platform/storage/storage';
import { holdMedia } from './in-flight';
import { inspectImage, type PreparedImage, prepareImage } from './intake';
import { SAVE_BUDGET_MS } from './render';
import type { PhotoHeader } from './sniff';
import { TooLarge, type UploadedPhoto } from './upload-form';

/**
 * Megapixels one request may decode, all photos together. Twelve 12-megapixel phone photos (a card's cover, avatar
 * and ten works) fit; twelve 40-megapixel ones (about 20 s of CPU) do not. Each photo alone may still be up to 40.
 */
export const MAX_REQUEST_MEGAPIXELS = 150;

export type LabelledUpload = { photo: UploadedPhoto; label: string };

/**
 * The one intake of a request's new photos (a card's publish, a quote request): every upload checked from its
 * header, and the request's pixels together against MAX_REQUEST_MEGAPIXELS, before any is decoded; then each
 * decoded and encoded on a render thread within one budget for the whole request, so many photos that each fit
 * can't add up to minutes of CPU. Nothing is written: a refusal leaves no file. Each photo is held
 * (media/in-flight.ts) through `hold` before it is prepared, so no sweep or clean-up takes a file this request is
 * about to name; the caller releases the holds.
 */
export async function prepareUploads(
  uploads: LabelledUpload[],
  { storage, db, hold }: { storage: Storage; db: Db; hold: (release: () => void) => void },
): Promise<Map<UploadedPhoto, PreparedImage>> {
  const headers: PhotoHeader[] = [];
  let pixels = 0;
  for (const upload of uploads) {
    const header = await inspectImage(upload.photo.file, upload.label);
    pixels += header.width * header.height;
    headers.push(header);
  }
  if (pixels > MAX_REQUEST_MEGAPIXELS * 1_000_000) {
    uploadsRefused.inc({ reason: 'too_many_pixels' });
    throw new TooLarge(
      `These photos add up to ${Math.ceil(pixels / 1_000_000)} megapixels; up to ${MAX_REQUEST_MEGAPIXELS} can be sent at once. Please send fewer or smaller photos.`,
    );
  }
  const prepared = new Map<UploadedPhoto, PreparedImage>();
  const budget = { deadline: Date.now() + SAVE_BUDGET_MS };
  for (const [index, upload] of uploads.entries()) {
    const id = upload.photo.contentId();
    hold(await holdMedia(id));
    const photo = { source: upload.photo.file, header: headers[index] as PhotoHeader, id };
    prepared.set(upload.photo, await prepareImage(photo, storage, upload.label, budget, db));
  }
  return prepared;
}
