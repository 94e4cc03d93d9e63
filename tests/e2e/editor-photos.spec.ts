import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { alwaysSignedIn, signUp } from './accounts';
import { expectNoAxeViolations } from './axe';
import { panel } from './editor-page';

/** A photo in three bands, red over green over blue, so a crop's place in it can be read from its middle pixel. */
async function bands(name: string, width: number, height: number) {
  const band = (colour: string) =>
    sharp({ create: { width, height: height / 3, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      { input: await band('#ff0000'), top: 0, left: 0 },
      { input: await band('#00ff00'), top: height / 3, left: 0 },
      { input: await band('#0000ff'), top: (2 * height) / 3, left: 0 },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);
/** An image's natural size and the colour of its middle pixel, read in the page from a same-origin address. */
function inspect(page: Page, src: string) {
  return page.evaluate(async (address) => {
    const image = new Image();
    image.src = address;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const [r, g, b] = context.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
    return { width: image.naturalWidth, height: image.naturalHeight, middle: [r, g, b] };
  }, src);
}

test.describe('photos in the editor', () => {
  test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });

  test('photos are refused before upload, shrunk, shown going up, and a cropped cover is published cropped', async ({
    page,
    request,
  }) => {
    const username = 'crop-cara';
    await alwaysSignedIn(page, await signUp(request, username));
    const publishes: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/create_business_card')) publishes.push(sent.url());
    });
    await page.goto('/myprofile');
    await expect(page.getByRole('heading', { level: 1, name: 'My page' })).toBeVisible();

    // A HEIC over 10 MB (which this browser can't decode, so can't shrink) and a "photo" that is no photo are
    // refused at once, in the API's words, and nothing is sent.
    const main = panel(page, 'Main');
    const hugeHeic = {
      name: 'IMG_0001.HEIC',
      mimeType: 'image/heic',
      buffer: Buffer.alloc(11 * 1024 * 1024, 1),
    };
    await main.getByLabel('Upload cover photo').setInputFiles(hugeHeic);
    await expect(
      toast(page, 'Cover photo is larger than 10 MB. Please choose a smaller photo.'),
    ).toBeVisible();
    await expect(main.getByText('No cover photo yet')).toBeVisible();
    const work = panel(page, 'My Work');
    const notAPhoto = {
      name: 'boiler.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not a photo at all'),
    };
    await work.getByLabel('Add work photos').setInputFiles(notAPhoto);
    await expect(
      toast(
        page,
        'Work image 1 is not a photo we can read. Please upload a JPEG, PNG, WebP, AVIF, GIF or HEIC image.',
      ),
    ).toBeVisible();
    await expect(work.getByText('0 of 10 photos')).toBeVisible();
    expect(publishes).toEqual([]);

    // Phone-sized photos are shrunk as they are chosen, to 2,560 px on their longest side, and stood upright by
    // their EXIF orientation (a phone's portrait photo is stored sideways with "rotate 90°" beside it).
    const sideways = await bands('portrait.jpg', 3000, 2001);
    sideways.buffer = await sharp(sideways.buffer).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    await work.getByLabel('Add work photos').setInputFiles([await bands('phone.jpg', 4032, 3024), sideways]);
    // Two 12 MP decodes and re-encodes in the browser: seconds on a phone, more on a CI machine that is busy.
    await expect(work.getByText('2 of 10 photos')).toBeVisible({ timeout: 20_000 });
    const sizeOf = async (name: string) => {
      const photo = await inspect(page, (await work.getByRole('img', { name }).getAttribute('src')) ?? '');
      return [photo.width, photo.height];
    };
    expect(await sizeOf('My Work 1 of 2')).toEqual([2560, 1920]);
    expect(await sizeOf('My Work 2 of 2')).toEqual([1708, 2560]);

    // The cover, cropped to the page's 2:1 frame: zoomed all the way in, then moved to the top band (red).
    await main.getByLabel('Upload cover photo').setInputFiles(await bands('cover.jpg', 1200, 1200));
    await main.getByRole('button', { name: 'Crop cover photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crop cover photo' });
    await expect(dialog.getByRole('img', { name: 'Your cover photo, as it will be cropped' })).toBeVisible();
    await expect(dialog.getByText('Keeps 1200 × 600 px of the photo.')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('slider', { name: 'Zoom' }).focus();
    await page.keyboard.press('End');
    await expect(dialog.getByText('Keeps 300 × 150 px of the photo.')).toBeVisible();
    await dialog.getByRole('application', { name: 'Position of your cover photo' }).focus();
    for (let press = 0; press < 20; press += 1) await page.keyboard.press('Shift+ArrowDown');
    await dialog.getByRole('button', { name: 'Apply crop' }).click();
    await expect(dialog).toBeHidden();
    const cropped = await inspect(
      page,
      (await main.getByRole('img', { name: 'Your cover photo' }).getAttribute('src')) ?? '',
    );
    expect(cropped.width / cropped.height).toBe(2);

    // A landscape profile photo (issue 28: it showed as an oval), left uncropped: the page shows its middle, square.
    const about = panel(page, 'About Me');
    await about.getByLabel('Upload profile photo').setInputFiles(await bands('face.jpg', 1200, 900));
    await expect(about.getByRole('img', { name: 'Your profile photo' })).toBeVisible();
    await expect(about.getByRole('button', { name: 'Crop profile photo' })).toBeVisible();

    // Each photo went up as it was picked: by now all four are stored, and nothing has been published yet.
    await expect(page.getByRole('progressbar', { name: /upload$/ })).toHaveCount(0);
    expect(publishes).toEqual([]);

    // A photo shows itself going up; one still going when Publish Now is pressed is waited for, shown filling up.
    // Its upload is held back a moment so there is time to look.
    await page.route('**/api/business-card/photos', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await work.getByLabel('Add work photos').setInputFiles(await bands('boiler.jpg', 1200, 900));
    await expect(work.getByRole('progressbar', { name: 'Work image 3 upload' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish Now' }).click();
    const uploads = page.getByRole('region', { name: 'Photo uploads' });
    await expect(uploads.getByRole('progressbar', { name: 'Work image 3 upload' })).toBeVisible();
    await expect(toast(page, 'Your page is Published!')).toBeVisible({ timeout: 20_000 });
    await expect(uploads).toBeHidden();
    expect(publishes).toHaveLength(1);

    // The live page's cover is the crop: 2:1, and red in the middle (the top band).
    const live = await page.context().newPage();
    await expect
      .poll(async () => {
        await live.goto(`/u/${username}`);
        return live.getByRole('img', { name: 'Cover photo' }).count();
      })
      .toBe(1);
    const cover = await inspect(
      live,
      (await live.getByRole('img', { name: 'Cover photo' }).getAttribute('src')) ?? '',
    );
    expect(cover.width / cover.height).toBe(2);
    const [red, green, blue] = cover.middle;
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(60);
    expect(blue).toBeLessThan(60);
    // The profile photo is drawn square, whatever the photo's shape.
    const avatar = await live.getByRole('img', { name: 'Profile photo' }).boundingBox();
    expect([Math.round(avatar?.width ?? 0), Math.round(avatar?.height ?? 0)]).toEqual([96, 96]);
  });
});
