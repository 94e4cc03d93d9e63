import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../../api/media/intake';
import { PHOTO_TOO_LARGE } from '../../../../api/media/upload-form';
import {
  encodingFor,
  fitWithin,
  isHeif,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_SIDE,
  photoTooLarge,
  renamed,
} from './photo-size';

const file = (name: string, type: string, bytes: number) => {
  const photo = new File(['x'], name, { type });
  Object.defineProperty(photo, 'size', { value: bytes });
  return photo;
};

describe('the browser’s photo rules', () => {
  it('refuse in the API’s words, at the API’s limit', () => {
    expect(MAX_PHOTO_BYTES).toBe(MAX_UPLOAD_BYTES);
    expect(photoTooLarge('Work image 3')).toBe(PHOTO_TOO_LARGE('Work image 3'));
  });

  it('bring the longest side to 2,560 px, keeping the shape, and never enlarge', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: MAX_PHOTO_SIDE, height: 1920 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1920, height: 2560 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(100_000, 10)).toEqual({ width: 2560, height: 1 });
  });

  it('leave a small photo as it is, and re-encode a large one as JPEG or, keeping transparency, WebP', () => {
    expect(encodingFor(file('a.jpg', 'image/jpeg', 2_000_000), 2000, 1500)).toBeNull();
    expect(encodingFor(file('a.jpg', 'image/jpeg', 4_000_000), 4032, 3024)).toEqual({ type: 'image/jpeg' });
    expect(encodingFor(file('a.png', 'image/png', 12_000_000), 2000, 2000)).toEqual({ type: 'image/webp' });
    expect(encodingFor(file('a.gif', 'image/gif', 100), 3000, 10)).toEqual({ type: 'image/webp' });
  });

  it('know HEIC by its type or, when the browser gives none, its name', () => {
    expect(isHeif(file('IMG_0001.HEIC', '', 1))).toBe(true);
    expect(isHeif(file('photo', 'image/heif', 1))).toBe(true);
    expect(isHeif(file('photo.jpg', 'image/jpeg', 1))).toBe(false);
  });

  it('name a re-encoded photo for its new type', () => {
    expect(renamed('IMG_0001.JPG', 'image/jpeg')).toBe('IMG_0001.jpg');
    expect(renamed('logo.png', 'image/webp')).toBe('logo.webp');
    expect(renamed('.png', 'image/jpeg')).toBe('photo.jpg');
  });
});
