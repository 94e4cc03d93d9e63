import { describe, expect, it } from 'vitest';
import { workPhotosLeftOut } from './work-limit';

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const photos = (count: number) => Array.from({ length: count }, (_, i) => photo(`p${i}.jpg`));

describe('work photos picked past the tenth', () => {
  it('says how many were left out, and nothing when they all fit', () => {
    expect(workPhotosLeftOut(photos(1), 0)).toBe(
      '10 photos at most: 1 of the photos you chose wasn’t added. Remove a photo to make room for another.',
    );
    expect(workPhotosLeftOut(photos(5), 2)).toBe(
      '10 photos at most: 3 of the photos you chose weren’t added. Remove a photo to make room for another.',
    );
    expect(workPhotosLeftOut(photos(2), 2)).toBeNull();
  });

  it('counts only images: a PDF picked with them is ignored, as before', () => {
    expect(
      workPhotosLeftOut([...photos(2), new File(['%PDF'], 'quote.pdf', { type: 'application/pdf' })], 2),
    ).toBeNull();
  });
});
