import { snakeCaseKeys } from '../../events/card/input';
import { invalid } from '../http/errors';
import { UploadedPhoto } from '../media/upload-form';
import type { ImageInput, ImageInputs, WorkSlot } from './card-images';

type Value = unknown;

/**
 * The photo fields, read apart from the text. `cover_photo_removed` and `avatar_removed` (SPEC §5) are accepted and
 * need nothing done: a publish is the whole card, so a photo it doesn't name is off it already.
 */
const IMAGE_KEYS = new Set([
  'cover_photo',
  'avatar',
  'works',
  'existing_works',
  'cover_photo_removed',
  'avatar_removed',
]);

const list = (value: Value): Value[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function single(value: Value, label: string): ImageInput {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) throw invalid(`Please send one ${label}.`);
  if (value instanceof UploadedPhoto || typeof value === 'string') return value;
  throw invalid(`${label} must be a photo upload or the address of one.`);
}

/** `existing_works` arrives as repeated form fields or as JSON text; either way, a list of addresses. */
function addresses(value: Value): string[] {
  const entries = list(value).flatMap((entry) => {
    if (typeof entry === 'string' && entry.trim().startsWith('[')) {
      try {
        return JSON.parse(entry) as unknown[];
      } catch {
        throw invalid('Existing work images must be a list of addresses.');
      }
    }
    return [entry];
  });
  if (!entries.every((entry) => typeof entry === 'string'))
    throw invalid('Existing work images must be a list of addresses.');
  return (entries as string[]).filter((entry) => entry.trim() !== '');
}

/** Splits a save payload (multipart form or JSON) into text fields for the card and image inputs. */
export function splitCardPayload(raw: Record<string, Value>): {
  fields: Record<string, Value>;
  images: ImageInputs;
} {
  const body = snakeCaseKeys(raw);
  const fields: Record<string, Value> = {};
  for (const [key, value] of Object.entries(body)) {
    if (IMAGE_KEYS.has(key)) continue;
    if (value instanceof UploadedPhoto)
      throw invalid(`Only photos can be uploaded, and only as cover, avatar or work images (not ${key}).`);
    fields[key] = value;
  }
  const newWorks = list(body.works).filter((entry): entry is UploadedPhoto => entry instanceof UploadedPhoto);
  const workAddresses = list(body.works).filter((entry): entry is string => typeof entry === 'string');
  // `existing_works` come first; under `works`, addresses and uploads keep the order they were sent in, so an
  // editor that sends the whole list there publishes the photos in the order its owner arranged them.
  const worksOrder: WorkSlot[] = addresses(body.existing_works).map(() => 'kept');
  for (const entry of list(body.works)) {
    if (entry instanceof UploadedPhoto) worksOrder.push('new');
    else if (typeof entry === 'string') for (const _ of addresses(entry)) worksOrder.push('kept');
  }
  return {
    fields,
    images: {
      cover: single(body.cover_photo, 'cover photo'),
      avatar: single(body.avatar, 'profile photo'),
      existingWorks: [...addresses(body.existing_works), ...addresses(workAddresses)],
      newWorks,
      worksOrder,
    },
  };
}
