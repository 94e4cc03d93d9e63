import {
  ENCODE_QUALITY,
  encodingFor,
  fitWithin,
  isHeif,
  MAX_PHOTO_BYTES,
  photoTooLarge,
  photoUnreadable,
  renamed,
} from './photo-size';

/** A chosen photo ready to go up, with its upright size; or the sentence refusing it. */
export type PreparedPhoto =
  | { ok: true; file: File; width: number; height: number }
  | { ok: false; error: string };

/** Used when the browser can't decode a photo (HEIC on most desktops): the API can, so it still goes up. */
const UNKNOWN_SIZE = { width: 1200, height: 900 };

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function toBlob(canvas: Canvas, type: string, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), type, quality),
  );
}

/**
 * Draws `source` (or the part of it at sx, sy, sw, sh) onto a canvas of the given size and encodes it. A browser
 * that can't write WebP (Safari writes PNG instead) gets JPEG, which every browser writes.
 */
export async function encodeImage(
  source: CanvasImageSource,
  target: { width: number; height: number },
  type: 'image/jpeg' | 'image/webp',
  part?: { sx: number; sy: number; sw: number; sh: number },
): Promise<Blob> {
  const canvas = canvasOf(target.width, target.height);
  const context = canvas.getContext('2d') as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) throw new Error('no 2D canvas');
  context.imageSmoothingQuality = 'high';
  // JPEG has no transparency: a transparent PNG is laid on white, as a page would show it, rather than on black.
  if (type === 'image/jpeg') {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, target.width, target.height);
  }
  if (part) context.drawImage(source, part.sx, part.sy, part.sw, part.sh, 0, 0, target.width, target.height);
  else context.drawImage(source, 0, 0, target.width, target.height);
  const blob = await toBlob(canvas, type, ENCODE_QUALITY);
  if (blob.type === type || type === 'image/jpeg') return blob;
  return toBlob(canvas, 'image/jpeg', ENCODE_QUALITY);
}

/**
 * Brings a chosen photo to the size the page needs before it is sent: decoded upright (EXIF orientation applied,
 * so a phone's portrait photo stays portrait once its EXIF is gone), its longest side cut to 2,560 px and
 * re-encoded, which also drops its EXIF (GPS included). A photo the browser can't decode goes up as it is if it is
 * HEIC (the API decodes those) and within 10 MB; anything else is refused here, at once, in the API's words.
 */
export async function preparePhoto(file: File, label: string): Promise<PreparedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    if (!isHeif(file)) return { ok: false, error: photoUnreadable(label) };
    if (file.size > MAX_PHOTO_BYTES) return { ok: false, error: photoTooLarge(label) };
    return { ok: true, file, ...UNKNOWN_SIZE };
  }
  try {
    const { width, height } = bitmap;
    const encoding = encodingFor(file, width, height);
    if (!encoding) return { ok: true, file, width, height };
    const size = fitWithin(width, height);
    const blob = await encodeImage(bitmap, size, encoding.type);
    if (blob.size > MAX_PHOTO_BYTES) return { ok: false, error: photoTooLarge(label) };
    const shrunk = new File([blob], renamed(file.name, blob.type), {
      type: blob.type,
      lastModified: file.lastModified,
    });
    return { ok: true, file: shrunk, ...size };
  } catch {
    // Decoded but not re-encoded (a canvas too large for this device): the original, if the API would take it.
    if (file.size > MAX_PHOTO_BYTES) return { ok: false, error: photoTooLarge(label) };
    return { ok: true, file, width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}
