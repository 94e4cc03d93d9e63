import { describe, expect, it } from 'vitest';
import { centred, cropRect, cropSize, MAX_ZOOM, moved, placement, settle } from './crop';

const phone = { width: 4000, height: 3000 };
const portrait = { width: 3000, height: 4000 };

describe('the cover crop', () => {
  it('starts with the widest 2:1 part of the photo, centred', () => {
    expect(cropRect(phone, 2, centred(phone))).toEqual({ sx: 0, sy: 500, sw: 4000, sh: 2000 });
    expect(cropRect(portrait, 2, centred(portrait))).toEqual({ sx: 0, sy: 1250, sw: 3000, sh: 1500 });
  });

  it('keeps less of the photo as it zooms in, and never more or less than the zoom allows', () => {
    expect(cropSize(phone, 2, 2)).toEqual({ width: 2000, height: 1000 });
    expect(settle(phone, 2, { ...centred(phone), zoom: 9 }).zoom).toBe(MAX_ZOOM);
    expect(settle(phone, 2, { ...centred(phone), zoom: 0.2 }).zoom).toBe(1);
  });

  it('follows a drag, and stops at the photo’s edge', () => {
    const zoomed = { ...centred(phone), zoom: 2 };
    // Dragging the photo a quarter of the frame to the right shows more of its left.
    expect(moved(phone, 2, zoomed, 0.25, 0).centreX).toBe(1500);
    expect(cropRect(phone, 2, moved(phone, 2, zoomed, 10, 10))).toEqual({ sx: 0, sy: 0, sw: 2000, sh: 1000 });
    expect(cropRect(phone, 2, moved(phone, 2, zoomed, -10, -10))).toEqual({
      sx: 2000,
      sy: 2000,
      sw: 2000,
      sh: 1000,
    });
  });

  it('places the photo in a frame of any size so the frame shows exactly the crop', () => {
    const crop = { centreX: 1000, centreY: 2000, zoom: 2 };
    expect(placement(phone, 2, crop)).toEqual({ width: '200%', left: '0%', top: '-150%' });
  });
});
