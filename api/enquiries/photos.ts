import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import type { ImageRef } from '../../events/card/content';
import { mediaKey } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';
import type { Deps } from '../deps';
import type { MailAttachment } from '../mail/mailer';
import { type PreparedImage, storePreparedImage } from '../media/intake';
import { prepareUploads } from '../media/prepare-uploads';
import { entries, UploadedPhoto, type UploadForm } from '../media/upload-form';

/** The photos of one mail together, all of them: most mail servers take 10 MB or more, some no more than that. */
const MAIL_PHOTOS_BYTES = 6 * 1024 * 1024;
/** A photo in a mail is read on a phone: 1600 px on its longer side is plenty. */
export const MAIL_PHOTO_SIDE = 1600;

export const photoLabel = (index: number) => `Photo ${index + 1}`;

/** An enquiry's photos checked and encoded, not yet written; `release` lets the sweep and clean-ups at them again. */
export type PreparedPhotos = { prepared: PreparedImage[]; refs: ImageRef[]; release: () => void };

/**
 * The editor's intake for a quote request's photos (media/prepare-uploads.ts): checked by their bytes, decoded and
 * encoded off the loop within one budget, nothing written. Each stays held until `release`.
 */
export async function preparePhotos(deps: Deps, photos: UploadedPhoto[]): Promise<PreparedPhotos> {
  const holds: (() => void)[] = [];
  const release = () => {
    for (const done of holds.splice(0)) done();
  };
  try {
    const uploads = photos.map((photo, index) => ({ photo, label: photoLabel(index) }));
    const prepared = [
      ...(
        await prepareUploads(uploads, {
          storage: deps.storage,
          db: deps.db,
          hold: (done) => holds.push(done),
        })
      ).values(),
    ];
    return { prepared, refs: prepared.map((each) => each.ref), release };
  } catch (error) {
    release();
    throw error;
  }
}

/** Writes the photos' files; the keys it created are in `created` as it goes, for a clean-up should anything fail. */
export async function storePhotos(storage: Storage, prepared: PreparedImage[], created: string[]) {
  for (const image of prepared) await storePreparedImage(storage, image, created);
}

/** The largest stored size of a photo: from memory when it was just encoded, else from the store. */
async function largestWebp(storage: Storage, image: PreparedImage): Promise<Buffer | null> {
  const rendered = image.renditions.at(-1);
  if (rendered) return rendered.webp;
  const stored = await storage.get(mediaKey(image.ref.id, Math.max(...image.ref.widths)));
  return stored && stored !== 'not-modified' ? stored.body : null;
}

/** Encodings tried in turn until a photo fits its share of the mail: JPEG quality, then the longer side. */
const ATTEMPTS = [
  { side: MAIL_PHOTO_SIDE, quality: 80 },
  { side: MAIL_PHOTO_SIDE, quality: 65 },
  { side: 1200, quality: 60 },
  { side: 800, quality: 55 },
];

/**
 * The photos as the owner's mail carries them: JPEG (which every mail client shows), no wider or taller than
 * MAIL_PHOTO_SIDE, each within an equal share of MAIL_PHOTOS_BYTES. Made from the stored WebP, already upright and
 * stripped of metadata; sharp works on libuv's threads, so the event loop only waits. A photo that can't be made to
 * fit is left out of the mail (it is still on the Enquiries page).
 */
export async function mailJpegs(storage: Storage, prepared: PreparedImage[]): Promise<MailAttachment[]> {
  const share = Math.floor(MAIL_PHOTOS_BYTES / Math.max(1, prepared.length));
  const attachments: MailAttachment[] = [];
  for (const [index, image] of prepared.entries()) {
    const source = await largestWebp(storage, image);
    if (!source) continue;
    for (const { side, quality } of ATTEMPTS) {
      const jpeg = await sharp(source)
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        // JPEG has no alpha: transparent areas would turn whatever colour their hidden pixels happen to be.
        .flatten({ background: '#ffffff' })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer();
      if (jpeg.byteLength <= share) {
        attachments.push({ filename: `photo-${index + 1}.jpg`, contentType: 'image/jpeg', content: jpeg });
        break;
      }
    }
  }
  return attachments;
}

/** The photos chosen in a form (quote or review); a browser sends an empty part for a file input left empty. */
export async function chosenPhotos(form: UploadForm): Promise<UploadedPhoto[]> {
  const photos: UploadedPhoto[] = [];
  for (const value of entries(form.values.photos))
    if (value instanceof UploadedPhoto && (await stat(value.file)).size > 0) photos.push(value);
  return photos;
}
