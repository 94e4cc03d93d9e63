import type { ImageRef } from '../../events/card/content';
import { DomainError } from '../../events/errors';
import { uploadsRefused } from '../../observability/metrics';
import type { Deps } from '../deps';
import { discardWrittenFiles, recordMediaFiles } from '../media/files';
import { holdMedia } from '../media/in-flight';
import { inspectImage, prepareImage, storePreparedImage } from '../media/intake';
import { recordUploads, uploadedBy, uploadsSince } from '../media/owners';
import { SAVE_BUDGET_MS } from '../media/render';
import type { UploadedPhoto } from '../media/upload-form';

/**
 * Photos one account may upload in a day. A card shows twelve at most; this leaves room to try many over, and keeps
 * an account from filling the disk with photos no page shows (each is kept a week for its draft: media/sweep.ts).
 */
export const PHOTOS_PER_DAY = 120;
const DAY_MS = 24 * 3600_000;

export const TOO_MANY_PHOTOS = `You have uploaded ${PHOTOS_PER_DAY} photos today, the most one day allows. Please try again tomorrow.`;

/** Where the editor will show a photo: it names the photo in any refusal, as the publish does. */
export const PHOTO_SLOTS = {
  cover_photo: 'Cover photo',
  avatar: 'Profile photo',
  works: 'Work photo',
} as const;
export type PhotoSlot = keyof typeof PHOTO_SLOTS;

/**
 * Stores one photo as the editor picks it (issue 14), before the card is published: checked and encoded now, so a
 * publish later only names photos already stored and takes no longer with ten photos than with none. The photo is
 * recorded as this account's upload (media/owners.ts), which is what lets its card show it; until a card does, the
 * sweep keeps it for the draft that names it.
 */
export async function storeUploadedPhoto(
  deps: Deps,
  accountId: string,
  photo: UploadedPhoto,
  label: string,
): Promise<ImageRef> {
  const { storage } = deps;
  const id = photo.contentId();
  const now = deps.now();
  if (
    (await uploadsSince(deps.db, accountId, new Date(now.getTime() - DAY_MS))) >= PHOTOS_PER_DAY &&
    !(await uploadedBy(deps.db, accountId, id))
  ) {
    uploadsRefused.inc({ reason: 'daily_limit' });
    throw new DomainError('too_many', TOO_MANY_PHOTOS, { retryAfterSeconds: 3600 });
  }
  const header = await inspectImage(photo.file, label);
  const release = await holdMedia(id);
  let created: string[] = [];
  try {
    const prepared = await prepareImage(
      { source: photo.file, header, id },
      storage,
      label,
      Date.now() + SAVE_BUDGET_MS,
      deps.db,
    );
    await storePreparedImage(storage, prepared, created);
    await deps.db.transaction().execute(async (trx) => {
      await recordUploads(trx, accountId, [id], now);
      // After the files, as in a publish: a row never names files that aren't there.
      await recordMediaFiles(trx, [prepared], now);
    });
    created = [];
    return prepared.ref;
  } finally {
    release();
    await discardWrittenFiles(storage, created);
  }
}
