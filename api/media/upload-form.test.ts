import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest, twoTone } from '../../tests/support/api/media/images';
import { contentId } from './intake';
import { type FormLimits, readUploadForm, UploadedPhoto } from './upload-form';

const dir = tempDirPerTest();
const LIMITS: FormLimits = {
  photos: { works: 2 },
  textBytes: 1000,
  totalBytes: 30 * 1024 * 1024,
  messages: {
    tooMany: (field) => `Too many ${field}.`,
    notAPhotoField: (field) => `${field} takes no photo.`,
  },
};

const post = (form: FormData) => new Request('http://localhost/form', { method: 'POST', body: form });

describe('readUploadForm', () => {
  it("streams each photo to a file and hashes it on the way, so its id is the bytes' content id", async () => {
    const photos = [
      await (await twoTone(900, 600)).jpeg().toBuffer(),
      await (await twoTone(600, 900)).png().toBuffer(),
    ];
    const form = new FormData();
    form.append('full_name', 'Uma Upload');
    for (const photo of photos)
      form.append('works', new File([new Uint8Array(photo)], 'photo', { type: 'image/jpeg' }));

    const read = await readUploadForm(
      post(form),
      dir.root(),
      LIMITS,
      (field, index) => `${field} ${index + 1}`,
    );
    try {
      expect(read.values.full_name).toBe('Uma Upload');
      const works = read.values.works as UploadedPhoto[];
      expect(works).toHaveLength(2);
      for (const [index, photo] of photos.entries()) {
        const uploaded = works[index] as UploadedPhoto;
        expect(uploaded).toBeInstanceOf(UploadedPhoto);
        expect(fs.readFileSync(uploaded.file).equals(photo)).toBe(true);
        expect(uploaded.contentId()).toBe(await contentId(new Uint8Array(photo)));
        // The path gives the same id as the bytes, for a photo whose id was not hashed on arrival.
        expect(await contentId(uploaded.file)).toBe(uploaded.contentId());
      }
    } finally {
      await read.discard();
    }
    expect(fs.readdirSync(dir.root())).toEqual([]);
  });
});
