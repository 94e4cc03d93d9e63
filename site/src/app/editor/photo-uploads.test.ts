import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, sentRequest, stubXhr } from '../../../../tests/support/site/fake-xhr';
import { $toasts } from '../../stores/toasts';
import { $photoUploads, uploadPhoto } from './photo-uploads';

beforeEach(() => {
  stubXhr();
  $toasts.set([]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const ref = { id: 'a1b2c3d4e5f6a1b2c3d4e5f6', width: 1600, height: 1200, widths: [320, 640, 1280, 1600] };
const storedAnswer = { success: true, data: { url: `/media/${ref.id}-1600.webp`, media: ref } };
const file = (name = 'IMG_1001.jpg') =>
  new File([new Uint8Array([255, 216, 255])], name, { type: 'image/jpeg' });
let n = 0;
const freshKey = () => {
  n += 1;
  return `photo-test-${n}`;
};

describe('uploadPhoto', () => {
  it('sends the slot, then the photo, shows it going up and being processed, and keeps what the API stored', async () => {
    const key = freshKey();
    const photo = file();
    const upload = uploadPhoto(key, photo, 'works');
    const request = await sentRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/business-card/photos');
    const form = request.body as FormData;
    expect([...form.keys()]).toEqual(['slot', 'photo']);
    expect(form.get('slot')).toBe('works');
    expect((form.get('photo') as File).name).toBe('IMG_1001.jpg');
    // Signed in by the session cookie alone (ADR 015).
    expect(request.headers).not.toHaveProperty('authorization');

    request.progress(1000, 4000);
    expect($photoUploads.get()[key]).toEqual({ stage: 'sending', share: 0.25 });
    request.progress(4000, 4000);
    expect($photoUploads.get()[key]).toEqual({ stage: 'processing' });
    request.answer(201, storedAnswer);
    expect(await upload).toEqual({ stage: 'stored', ref });
    expect($photoUploads.get()[key]).toEqual({ stage: 'stored', ref });

    // Asked again (every edit re-renders the editor), the same photo is not sent again.
    FakeXhr.last = null;
    expect(await uploadPhoto(key, photo, 'works', true)).toEqual({ stage: 'stored', ref });
    expect(FakeXhr.last).toBeNull();
  });

  it('tells a refusal once, in the API’s words', async () => {
    const key = freshKey();
    const upload = uploadPhoto(key, file(), 'cover_photo');
    const error = 'Cover photo is larger than 10 MB. Please choose a smaller photo.';
    (await sentRequest()).answer(413, { error });
    expect(await upload).toEqual({ stage: 'refused', error });
    await uploadPhoto(key, file(), 'cover_photo', true);
    expect($toasts.get().map((toast) => toast.message)).toEqual([error]);
  });

  it('sends again on publish a photo that got no answer, or only a proxy’s page', async () => {
    const key = freshKey();
    const photo = file();
    const dropped = uploadPhoto(key, photo, 'avatar');
    (await sentRequest()).fail();
    expect(await dropped).toEqual({ stage: 'unsent' });
    FakeXhr.last = null;
    expect(await uploadPhoto(key, photo, 'avatar')).toEqual({ stage: 'unsent' });
    expect(FakeXhr.last).toBeNull();

    const again = uploadPhoto(key, photo, 'avatar', true);
    (await sentRequest()).answer(502, '<html>Bad gateway</html>');
    expect(await again).toEqual({ stage: 'unsent' });
    FakeXhr.last = null;
    const third = uploadPhoto(key, photo, 'avatar', true);
    (await sentRequest()).answer(201, storedAnswer);
    expect(await third).toEqual({ stage: 'stored', ref });
    expect($toasts.get()).toEqual([]);
  });

  it('refuses an answer its contract does not describe rather than naming a photo that may not exist', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const upload = uploadPhoto(freshKey(), file(), 'works');
    (await sentRequest()).answer(201, { success: true, data: { url: '/media/x.webp' } });
    expect((await upload).stage).toBe('refused');
    expect(console).toHaveBeenCalled();
    console.mockRestore();
  });
});
