import { snakeCaseKeys } from '../events/card/input';
import type { ImageInput, ImageInputs } from './card-images';
import { invalid } from './errors';
import { UploadedPhoto } from './media/upload-form';

type Value = unknown;

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

const truthy = (value: Value) => value === true || value === 'true';

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
  // Work addresses sent under `works` (some clients do) count as existing ones, in their place before new uploads.
  const workAddresses = list(body.works).filter((entry): entry is string => typeof entry === 'string');
  return {
    fields,
    images: {
      cover: single(body.cover_photo, 'cover photo'),
      coverRemoved: truthy(body.cover_photo_removed),
      avatar: single(body.avatar, 'profile photo'),
      avatarRemoved: truthy(body.avatar_removed),
      existingWorks: [...addresses(body.existing_works), ...addresses(workAddresses)],
      newWorks,
    },
  };
}
