import { type EditorImage, newKey } from './draft';

/** Used when the browser can't decode a picked file (HEIC on most desktops): the API can, so it still goes up. */
const UNKNOWN_SIZE = { width: 1200, height: 900 };

/** SPEC §5: only image files are taken; anything else picked is ignored. */
export const isImageFile = (file: File) => file.type.startsWith('image/');

async function measure(url: string): Promise<{ width: number; height: number }> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
    return {
      width: image.naturalWidth || UNKNOWN_SIZE.width,
      height: image.naturalHeight || UNKNOWN_SIZE.height,
    };
  } catch {
    return UNKNOWN_SIZE;
  }
}

/**
 * Picked files as editor images: object URLs for the preview, sized so the preview reserves the right space.
 * At most `room` are taken, in the order picked.
 */
export async function pickedImages(files: Iterable<File>, room: number): Promise<EditorImage[]> {
  const chosen = [...files].filter(isImageFile).slice(0, Math.max(0, room));
  return Promise.all(
    chosen.map(async (file) => {
      const url = URL.createObjectURL(file);
      return { kind: 'new' as const, key: newKey('new'), file, url, ...(await measure(url)) };
    }),
  );
}
