import { describe, expect, it } from 'vitest';
import { photoShares, photoUploads } from './upload-progress';

const photo = (name: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

describe('photoUploads', () => {
  it('lists the photos in the order sent, named as the API names them, each starting after the one before', () => {
    const form = new FormData();
    form.append('main_heading', 'Pipe Dreams');
    form.append('cover_photo', photo('cover.jpg', 1000));
    form.append('avatar', photo('me.jpg', 500));
    form.append('existing_works', JSON.stringify(['/media/a-1600.webp', '/media/b-1600.webp']));
    form.append('works', photo('boiler.jpg', 2000));
    form.append('works', photo('bath.jpg', 3000));
    const uploads = photoUploads(form);
    expect(uploads.map((upload) => upload.label)).toEqual([
      'Cover photo',
      'Profile photo',
      'Work image 3',
      'Work image 4',
    ]);
    expect(uploads.map((upload) => upload.size)).toEqual([1000, 500, 2000, 3000]);
    for (const [index, upload] of uploads.entries()) {
      const before = uploads[index - 1];
      if (before) expect(upload.start).toBeGreaterThan(before.start + before.size);
    }
  });

  it('has nothing to show for a publish without new photos', () => {
    const form = new FormData();
    form.append('cover_photo', '/media/a-1600.webp');
    expect(photoUploads(form)).toEqual([]);
  });
});

describe('photoShares', () => {
  const uploads = [
    { label: 'Work image 1', start: 100, size: 1000 },
    { label: 'Work image 2', start: 1200, size: 1000 },
  ];

  it('fills each photo in turn as the body goes (a body here ending with its last photo)', () => {
    expect(photoShares(uploads, 0, 2200)).toEqual([0, 0]);
    expect(photoShares(uploads, 600, 2200)).toEqual([0.5, 0]);
    expect(photoShares(uploads, 1700, 2200)).toEqual([1, 0.5]);
  });

  it('shows every photo full once the browser says the whole body has gone', () => {
    expect(photoShares(uploads, 2400, 2400)).toEqual([1, 1]);
  });
});
