import { expect, type Locator, type Page, test } from '@playwright/test';
import { bearer, signUp, switchSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { openEditor, panel, png } from './editor-page';

/** Issue 14: the editor never loses work, reorders what it shows, and its preview never promises what isn't so. */

const toast = (page: Page, text: string) => page.locator('#toasts').getByText(text);
/** The photo ids a list of images shows, in order (both the editor and the page name photos /media/<id>-<w>.webp). */
const photoIds = (images: Locator) =>
  images.evaluateAll((nodes) =>
    nodes.map(
      (node) => (node.getAttribute('src') ?? '').match(/\/media\/([a-f0-9]{24})-/)?.[1] ?? 'unstored',
    ),
  );

const NOTHING_TO_SHOW =
  'Your page has nothing to show yet. Add a heading, your name, a photo, a service, a review or a way to contact you (in a section that is shown), then publish.';

test.describe('the editor keeps work', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('Reset Page asks first, and Undo brings back everything it cleared, photos included', async ({
    page,
    request,
  }) => {
    await openEditor(page, await signUp(request, 'undo-una'));
    const heading = panel(page, 'Main').getByLabel('Main heading');
    await heading.fill('Una Electrics');
    const work = panel(page, 'My Work');
    await work
      .getByLabel('Add work photos')
      .setInputFiles([await png('a.png', '#aa2200', 96, 72), await png('b.png', '#00aa22', 96, 72)]);
    await expect(work.getByText('2 of 10 photos')).toBeVisible();
    const services = panel(page, 'My Services');
    await services.getByRole('button', { name: 'Add service' }).click();
    await services.getByLabel('Service 1 Name').fill('Rewiring');

    await page.getByRole('button', { name: 'Reset Page' }).click();
    const ask = page.getByRole('dialog', { name: 'Reset your page?' });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(heading).toHaveValue('Una Electrics');

    await page.getByRole('button', { name: 'Reset Page' }).click();
    await ask.getByRole('button', { name: 'Reset Page' }).click();
    await expect(heading).toHaveValue('');
    await expect(work.getByText('0 of 10 photos')).toBeVisible();
    await expect(page.getByText('Page reset: your unpublished changes were cleared.')).toBeVisible();

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(heading).toHaveValue('Una Electrics');
    await expect(work.getByText('2 of 10 photos')).toBeVisible();
    await expect(services.getByLabel('Service 1 Name')).toHaveValue('Rewiring');
    // The photos still show: their files were not released while Undo could bring them back.
    const preview = page.getByRole('region', { name: 'Preview of your page' });
    const shown = preview.getByRole('img', { name: /Work photo \d of 2/ });
    await expect(shown).toHaveCount(2);
    await expect
      .poll(() =>
        shown.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
  });

  test('unpublished edits survive going to My Orders and back, for this account only', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, 'draft-dev');
    await openEditor(page, token);
    await panel(page, 'Main').getByLabel('Main heading').fill('Dev the Decorator');
    await panel(page, 'About Me').getByLabel('Bio').fill('Painting and papering since 2004.');
    // One photo goes up as it is picked; the other is still going (held back) when its owner leaves.
    const work = panel(page, 'My Work');
    await work.getByLabel('Add work photos').setInputFiles([await png('wall.png', '#2244aa', 96, 72)]);
    await expect(work.getByText('1 of 10 photos')).toBeVisible();
    await expect(work.getByRole('progressbar', { name: 'Work image 1 upload' })).toHaveCount(0);
    await expect(work.getByText('Processing…')).toHaveCount(0);
    await page.route('**/api/business-card/photos', () => {});
    await work.getByLabel('Add work photos').setInputFiles([await png('door.png', '#aa4422', 96, 72)]);
    await expect(work.getByRole('progressbar', { name: 'Work image 2 upload' })).toBeVisible();

    // An in-app link asks first; Stay stays.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Orders' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave with unpublished changes?' });
    await expect(ask).toContainText('kept as a draft on this device');
    await expect(ask).toContainText('except the photos still uploading');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/myprofile$/);

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Orders' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/myorders$/);

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/myprofile$/);
    const note = page.getByRole('status').filter({ hasText: 'Your unpublished changes from' });
    await expect(note).toContainText('1 photo you picked had not finished uploading');
    // The photo that was up is back, by its stored address.
    await expect(panel(page, 'My Work').getByText('1 of 10 photos')).toBeVisible();
    await expect(panel(page, 'Main').getByLabel('Main heading')).toHaveValue('Dev the Decorator');
    await expect(panel(page, 'About Me').getByLabel('Bio')).toHaveValue('Painting and papering since 2004.');
    await expect(page.getByText('You have unpublished changes.')).toBeVisible();

    // Another account signing in on this browser finds an editor of its own, not this draft.
    const other = await signUp(request, 'draft-dora');
    await switchSession(page, other);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(panel(page, 'Main').getByLabel('Main heading')).toHaveValue('');
    await expect(page.getByText('Your unpublished changes from')).toHaveCount(0);

    // Back as the first account: the draft is still there, and Discard draft clears it for good.
    await switchSession(page, token);
    await page.reload();
    await expect(panel(page, 'Main').getByLabel('Main heading')).toHaveValue('Dev the Decorator');
    // Discarding is final at once, in the click itself: a tab closed the next moment must not bring the draft back.
    const keptAfterDiscard = await page.evaluate(() => {
      const discard = [...document.querySelectorAll('button')].find(
        (button) => button.textContent?.trim() === 'Discard draft',
      );
      if (!discard) return 'no Discard draft button';
      discard.click();
      return Object.keys(localStorage).filter((key) => key.startsWith('tradecard.draft.'));
    });
    expect(keptAfterDiscard).toEqual([]);
    await expect(panel(page, 'Main').getByLabel('Main heading')).toHaveValue('');
    await page.reload();
    await expect(page.getByText('Your unpublished changes from')).toHaveCount(0);
    await expect(panel(page, 'Main').getByLabel('Main heading')).toHaveValue('');
  });

  test('photos and services reordered by keyboard and by drag publish in that order', async ({
    page,
    request,
  }) => {
    const username = 'order-olu';
    await openEditor(page, await signUp(request, username));
    await panel(page, 'Main').getByLabel('Main heading').fill('Olu Tiling');
    const work = panel(page, 'My Work');
    await work
      .getByLabel('Add work photos')
      .setInputFiles([
        await png('a.png', '#aa0000', 96, 72),
        await png('b.png', '#00aa00', 96, 72),
        await png('c.png', '#0000aa', 96, 72),
      ]);
    const services = panel(page, 'My Services');
    for (const [index, name] of ['Wall tiling', 'Floor tiling', 'Grouting'].entries()) {
      await services.getByRole('button', { name: 'Add service' }).click();
      await services.getByLabel(`Service ${index + 1} Name`).fill(name);
    }
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await expect(toast(page, 'Your page is Published!')).toBeVisible({ timeout: 20_000 });
    // Gone before the next publish, whose own toast the journey waits for.
    await expect(toast(page, 'Your page is Published!')).toBeHidden();
    const thumbnails = work.getByRole('img', { name: /^My Work \d+ of/ });
    await expect.poll(() => photoIds(thumbnails).then((ids) => ids.includes('unstored'))).toBe(false);
    const [a, b, c] = await photoIds(thumbnails);

    // Keyboard: the third photo up twice, focus staying on its button, each move announced.
    const up = work.getByRole('button', { name: 'Move work photo 3 up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(work.getByText('Work photo 3 moved to place 2 of 3.')).toBeAttached();
    await expect(work.getByRole('button', { name: 'Move work photo 2 up' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(work.getByText('Work photo 2 moved to place 1 of 3.')).toBeAttached();
    await expect(work.getByRole('button', { name: 'Move work photo 1 up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(await photoIds(thumbnails)).toEqual([c, a, b]);
    // A new photo, moved to the front: new and stored photos mixed in one order.
    await work.getByLabel('Add work photos').setInputFiles([await png('d.png', '#aaaa00', 96, 72)]);
    for (const place of [4, 3, 2])
      await work.getByRole('button', { name: `Move work photo ${place} up` }).click();

    // Drag: Grouting's handle onto Wall tiling; then Floor tiling down by its button.
    const rows = services.locator('li');
    await rows.nth(2).locator('.ed-move__handle').dragTo(rows.nth(0));
    await expect(services.getByLabel('Service 1 Name')).toHaveValue('Grouting');
    await services.getByRole('button', { name: 'Move service 3 up' }).click();
    const order = ['Grouting', 'Floor tiling', 'Wall tiling'];
    for (const [index, name] of order.entries())
      await expect(services.getByLabel(`Service ${index + 1} Name`)).toHaveValue(name);
    const preview = page.getByRole('region', { name: 'Preview of your page' });
    await expect(preview.locator('section[aria-labelledby="tc-services"]')).toContainText(
      new RegExp(order.join('[\\s\\S]*')),
    );

    await page.getByRole('button', { name: 'Publish Now' }).click();
    await expect(toast(page, 'Your page is Published!')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => photoIds(thumbnails).then((ids) => ids.includes('unstored'))).toBe(false);
    const published = await photoIds(thumbnails);
    expect(published.slice(1)).toEqual([c, a, b]);
    expect(published[0]).not.toMatch(new RegExp(`^(${a}|${b}|${c})$`));

    const live = await page.context().newPage();
    await expect
      .poll(async () => {
        await live.goto(`/u/${username}`);
        return photoIds(live.getByRole('img', { name: /Work photo \d of 4/ }));
      })
      .toEqual(published);
    await expect(live.locator('section[aria-labelledby="tc-services"]')).toContainText(
      new RegExp(order.join('[\\s\\S]*')),
    );
  });

  test('the sample is an example in the controls’ look, never published: a theme alone is refused', async ({
    page,
    request,
  }) => {
    const username = 'sample-sid';
    const token = await signUp(request, username);
    await openEditor(page, token);

    const sample = page.getByRole('region', { name: 'Sample page preview' });
    await expect(sample.getByRole('heading', { name: 'Taylor & Sons Bathrooms' })).toBeVisible();
    await expect(page.getByText('Example page.')).toBeVisible();
    // The controls say what the sample shows: Montserrat, black text on the orange button.
    const design = panel(page, 'Design');
    await expect(design.getByRole('radio', { name: 'Montserrat' })).toBeChecked();
    await expect(design.getByRole('radio', { name: 'Black' })).toBeChecked();
    await expect(sample.locator('.tc')).toHaveCSS('font-family', /^Montserrat/);
    await expect(sample.getByRole('link', { name: 'Save My Number' })).toHaveCSS('color', 'rgb(0, 0, 0)');

    // The first change shows their own page: empty, in their theme, with no sample in it.
    await design.getByRole('radio', { name: 'Dark' }).check();
    const own = page.getByRole('region', { name: 'Preview of your page' });
    await expect(own.locator('.tc')).toHaveCSS('background-color', 'rgb(31, 31, 31)');
    await expect(own.getByText('Taylor & Sons Bathrooms')).toHaveCount(0);
    await expect(page.getByText('Your page is empty so far.')).toBeVisible();

    await page.getByRole('button', { name: 'Publish Now' }).click();
    await expect(toast(page, NOTHING_TO_SHOW)).toBeVisible();
    await expect(page.getByText('Publishing your page starts your 14-day free trial.')).toBeVisible();

    // The API refuses it too, with the same sentence, and no trial starts.
    const refused = await request.post('/api/business-card/create_business_card', {
      data: { page_theme: 'dark' },
      headers: bearer(token),
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ error: NOTHING_TO_SHOW });

    const live = await page.context().newPage();
    await live.goto(`/u/${username}`);
    await expect(live.getByText('Taylor & Sons Bathrooms')).toHaveCount(0);
    await expect(live.getByText('Full bathroom renovation')).toHaveCount(0);
  });
});
