import { describe, expect, it } from 'vitest';
import { picked, storedRef } from '../../../../tests/support/site/draft';
import { savedImage, thumbnailSrcSet } from './draft';

describe('thumbnailSrcSet', () => {
  // Issue 12: the editor's 160 px thumbnails fetched each photo's largest file.
  it("offers every stored width of a saved photo, smallest first, while url stays the largest (the API's name)", () => {
    const ref = { ...storedRef(1600, 1200), widths: [1600, 320, 640] };
    const image = savedImage(ref);
    expect(thumbnailSrcSet(image)).toBe(
      `/media/${ref.id}-320.webp 320w, /media/${ref.id}-640.webp 640w, /media/${ref.id}-1600.webp 1600w`,
    );
    expect(image.url).toBe(`/media/${ref.id}-1600.webp`);
  });

  it('has none for a photo picked in this session: its object URL is the only copy', () => {
    expect(thumbnailSrcSet(picked())).toBeUndefined();
  });
});
