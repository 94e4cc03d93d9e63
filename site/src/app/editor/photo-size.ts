/**
 * The sizes a photo is brought to in the browser before it goes up. Kept apart from the canvas code (photo-prepare.ts,
 * loaded only once a photo is chosen) so the rules can be tested without a browser.
 */

/** The API refuses a photo over 10 MB (api/media/intake.ts MAX_UPLOAD_BYTES); checked here before anything is sent. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Longest side kept: the API stores at most 1,600 px wide, and 2,560 leaves room for a crop or a portrait photo. */
export const MAX_PHOTO_SIDE = 2560;
/** JPEG and WebP quality of a re-encoded photo: no visible loss at phone sizes, a few hundred KB to 2 MB a photo. */
export const ENCODE_QUALITY = 0.86;

/** The words of api/media/upload-form.ts PHOTO_TOO_LARGE, so the browser refuses as the server would. */
export const photoTooLarge = (label: string) =>
  `${label} is larger than 10 MB. Please choose a smaller photo.`;
/** The words of api/media/intake.ts for a file that is no photo it can read. */
export const photoUnreadable = (label: string) =>
  `${label} is not a photo we can read. Please upload a JPEG, PNG, WebP, AVIF, GIF or HEIC image.`;

/** HEIC and HEIF: most browsers can't decode them, but the API can, so they go up as they are. */
export const isHeif = (file: File) =>
  /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

/** Width and height scaled down (never up) so the longest side is at most `longest`. */
export function fitWithin(width: number, height: number, longest = MAX_PHOTO_SIDE) {
  const scale = Math.min(1, longest / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * A photo is re-encoded when it is larger than kept or over the size limit; a small one goes up untouched, as
 * re-encoding would only lose quality. A JPEG stays JPEG; anything else becomes WebP, which keeps transparency.
 */
export function encodingFor(
  file: File,
  width: number,
  height: number,
): { type: 'image/jpeg' | 'image/webp' } | null {
  if (Math.max(width, height) <= MAX_PHOTO_SIDE && file.size <= MAX_PHOTO_BYTES) return null;
  return { type: file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp' };
}

/** The re-encoded file's name: the original's, with the extension its new type has. */
export function renamed(name: string, type: string) {
  const extension = type === 'image/jpeg' ? '.jpg' : type === 'image/webp' ? '.webp' : '.png';
  const base = name.replace(/\.[^./]*$/, '') || 'photo';
  return `${base}${extension}`;
}
