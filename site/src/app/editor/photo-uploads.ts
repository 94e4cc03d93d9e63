import { map } from 'nanostores';
import { storedPhotoAnswer } from '../../../../contract/card';
import type { ImageRef } from '../../../../events/card/content';
import { errorText } from '../../lib/api';
import { toast } from '../../stores/toasts';
import type { PhotoSlot } from './draft';
import { sendForm } from './send-form';

/**
 * Where each picked photo's upload is, by the editor image's key. A photo goes up the moment it is picked (issue 14),
 * so by the time its owner presses Publish Now it is stored and the publish only names it: ten phone photos publish
 * as fast as none.
 */
export type PhotoUpload =
  /** Its bytes going up: `share` of them sent, 0 to 1. */
  | { stage: 'sending'; share: number }
  /** All sent; the API is checking it and making its sizes. */
  | { stage: 'processing' }
  | { stage: 'stored'; ref: ImageRef }
  /** The API won't take it, in its own words. */
  | { stage: 'refused'; error: string }
  /** No answer came (no signal): tried again when the card is published. */
  | { stage: 'unsent' };

const ENDPOINT = '/api/business-card/photos';
export const PHOTO_NOT_SENT =
  'A photo could not be sent. Please check your connection and press Publish Now again.';
/** The API answered, but not as its contract says: a fault between site and API, not the photo's. */
const UPLOAD_FAILED = 'Something went wrong while uploading a photo. Please try again.';

export const $photoUploads = map<Record<string, PhotoUpload>>({});

/** The upload under way or done for each key: a photo is sent once, however often the editor asks. */
const uploads = new Map<string, Promise<PhotoUpload>>();

async function send(key: string, file: File, slot: PhotoSlot): Promise<PhotoUpload> {
  const form = new FormData();
  // The slot first: the API names the photo by it while the photo itself is still arriving.
  form.append('slot', slot);
  form.append('photo', file, file.name);
  $photoUploads.setKey(key, { stage: 'sending', share: 0 });
  const answer = await sendForm(ENDPOINT, form, ({ loaded, total }) =>
    $photoUploads.setKey(
      key,
      loaded >= total ? { stage: 'processing' } : { stage: 'sending', share: loaded / total },
    ),
  );
  if (!answer) return { stage: 'unsent' };
  const error = errorText(answer.body);
  if (answer.status < 200 || answer.status >= 300 || error !== null)
    // A 5xx without words (a proxy's page) is ours, not the photo's: it may go through on the next try.
    return error ? { stage: 'refused', error } : { stage: 'unsent' };
  const stored = storedPhotoAnswer.safeParse(answer.body);
  if (!stored.success) {
    console.error(
      "The API's answer to a photo upload is not the one its contract describes:",
      stored.error.issues,
    );
    return { stage: 'refused', error: UPLOAD_FAILED };
  }
  return { stage: 'stored', ref: stored.data.data.media };
}

/**
 * Uploads a picked photo once and says how it ended; a refusal is told here, once, in the API's words. One that got
 * no answer is sent again when `retry` is set (the publish does), since a photo left unsent can't be published.
 */
export function uploadPhoto(key: string, file: File, slot: PhotoSlot, retry = false): Promise<PhotoUpload> {
  const current = uploads.get(key);
  if (current && !(retry && $photoUploads.get()[key]?.stage === 'unsent')) return current;
  const upload = send(key, file, slot).then((ended) => {
    $photoUploads.setKey(key, ended);
    if (ended.stage === 'refused') toast.error(ended.error);
    return ended;
  });
  uploads.set(key, upload);
  return upload;
}
