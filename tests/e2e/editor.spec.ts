import { expect, type Locator, type Page, test } from '@playwright/test';
import { alwaysSignedIn, signUp } from './accounts';
import { expectNoAxeViolations } from './axe';
import { openEditor, panel, png } from './editor-page';

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);
/** The order the preview shows its sections in, by their headings. */
const sectionOrder = (preview: Locator) =>
  preview
    .locator('section[aria-labelledby^="tc-"]')
    .evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-labelledby')));

test.describe('the profile editor on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });

  test('a newcomer fills every section, watches the preview, publishes and finds the page live', async ({
    page,
    request,
  }) => {
    const username = 'pipe-dreams';
    await openEditor(page, await signUp(request, username));

    // Nothing saved yet: the sample renovator, in the phone beside the form.
    const sample = page.getByRole('region', { name: 'Sample page preview' });
    await expect(sample.getByRole('heading', { name: 'Taylor & Sons Bathrooms' })).toBeVisible();
    await expect(sample.getByText('Full bathroom renovation')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hide Preview' })).toBeHidden();
    await expectNoAxeViolations(page);
    await expect(page.getByText('Publishing your page starts your 14-day free trial.')).toBeVisible();

    // Publishing the untouched editor is refused before anything is sent.
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await expect(toast(page, "You haven't made any changes.")).toBeVisible();
    await toast(page, "You haven't made any changes.").getByRole('button', { name: 'Dismiss' }).click();

    const main = panel(page, 'Main');
    await main.getByLabel('Upload cover photo').setInputFiles(await png('cover.png', '#2266AA', 1600, 900));
    await expect(main.getByRole('img', { name: 'Your cover photo' })).toBeVisible();
    await main.getByLabel('Main heading').fill('Pipe Dreams Plumbing');
    await main.getByLabel('Subheading').fill('Boilers, bathrooms and leaks across Leeds');

    const preview = page.getByRole('region', { name: 'Preview of your page' });
    await expect(preview.getByRole('heading', { level: 2, name: 'Pipe Dreams Plumbing' })).toBeVisible();
    await expect(preview.getByRole('img', { name: 'Cover photo' })).toHaveAttribute('src', /^blob:/);

    const about = panel(page, 'About Me');
    await about.getByLabel('Upload profile photo').setInputFiles(await png('me.png', '#AA6622', 600, 600));
    await about.getByLabel('Full name').fill('Dana Pipe');
    await about.getByLabel('Job title').fill('Gas Safe engineer');
    await about.getByLabel('Bio').fill('Fifteen years fixing boilers and fitting bathrooms.');
    await expect(preview.getByRole('heading', { name: 'Dana Pipe' })).toBeVisible();

    const work = panel(page, 'My Work');
    const notAPhoto = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') };
    await work
      .getByLabel('Add work photos')
      .setInputFiles([await png('boiler.png', '#228844'), notAPhoto, await png('bath.png', '#884422')]);
    await expect(work.getByText('2 of 10 photos')).toBeVisible();
    await expect(preview.getByRole('img', { name: /Work photo \d of 2/ })).toHaveCount(2);

    const services = panel(page, 'My Services');
    await services.getByRole('button', { name: 'Add service' }).click();
    await services.getByRole('button', { name: 'Add service' }).click();
    await services.getByRole('button', { name: 'Add service' }).click();
    await services.getByLabel('Service 1 Name').fill('Boiler service');
    await services.getByLabel('Service 1 Price or detail').fill('£80');
    await services.getByLabel('Service 2 Name').fill('Leak repair');
    await services.getByLabel('Service 2 Price or detail').fill('from £60');
    await services.getByRole('button', { name: 'Remove service 3' }).click();
    await expect(preview.getByText('Leak repair')).toBeVisible();

    const reviews = panel(page, 'Reviews');
    await reviews.getByRole('button', { name: 'Add review' }).click();
    await reviews.getByLabel('Review 1 Reviewer name').fill('Priya K.');
    await reviews.getByLabel('Review 1 Review', { exact: true }).fill('Fixed our boiler the same day.');
    await reviews.getByLabel('Review 1 Rating').selectOption('4');
    await expect(preview.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();

    const contact = panel(page, 'Contact');
    await contact.getByLabel('Email').fill('dana@pipedreams.example');
    await contact.getByLabel('Phone').pressSequentially('0113 abc 496-0000');
    await expect(contact.getByLabel('Phone')).toHaveValue('0113  496-0000');
    await contact.getByLabel('Facebook').fill('facebook.com/pipedreams');
    await contact.getByLabel('Instagram').click();
    await expect(contact.getByLabel('Facebook')).toHaveValue('https://facebook.com/pipedreams');
    await expect(preview.getByRole('link', { name: 'Facebook' })).toBeVisible();

    // The look: theme, font, button colour by wheel and slider, button text, alignment.
    const design = panel(page, 'Design');
    await design.getByRole('radio', { name: 'Dark' }).check();
    await design.getByRole('radio', { name: 'Poppins' }).check();
    await design.getByRole('button', { name: /Button colour/ }).click();
    const picker = design.getByRole('group', { name: 'Button colour' });
    await expect(picker).toHaveCSS('width', '210px');
    await picker.getByRole('slider', { name: 'Colour wheel' }).click({ position: { x: 150, y: 93 } });
    await picker.getByLabel('Hex').fill('1E7B4F');
    await picker.getByRole('button', { name: 'Done' }).click();
    await expect(design.getByRole('button', { name: /Button colour #1E7B4F/ })).toBeVisible();
    await design.getByRole('radio', { name: 'White' }).check();
    await design.getByRole('radio', { name: 'Center' }).check();
    const card = preview.locator('.tc');
    await expect(card).toHaveCSS('background-color', 'rgb(31, 31, 31)');
    await expect(card).toHaveCSS('font-family', /Poppins/);
    await expect(card).toHaveCSS('text-align', 'center');
    await expect(preview.getByRole('link', { name: 'Save My Number' })).toHaveCSS(
      'background-color',
      'rgb(30, 123, 79)',
    );

    // Section order: Main stays first; Contact moves above Reviews.
    const order = panel(page, 'Section order');
    await expect(order.getByRole('button', { name: 'Move About Me up' })).toBeDisabled();
    await expect(order.getByRole('button', { name: 'Move Contact down' })).toBeDisabled();
    await order.getByRole('button', { name: 'Move Contact up' }).click();
    expect(await sectionOrder(preview)).toEqual([
      'tc-about',
      'tc-work',
      'tc-services',
      'tc-contact',
      'tc-reviews',
    ]);

    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Publish Now' }).click();
    await expect(toast(page, 'Your page is Published!')).toBeVisible({ timeout: 20_000 });
    // The API started the trial on the first publish.
    await expect(page.getByText('Free trial: 14 days left.')).toBeVisible();
    // Published photos now come from the media store, not from the browser's memory.
    await expect(preview.getByRole('img', { name: 'Cover photo' })).toHaveAttribute('src', /^\/media\//);

    await page.getByRole('button', { name: 'Publish Now' }).click();
    await expect(toast(page, "You haven't made any changes.")).toBeVisible();

    // Reload: the editor starts from what was published.
    await page.reload();
    await expect(panel(page, 'Main').getByLabel('Main heading')).toHaveValue('Pipe Dreams Plumbing');
    await expect(panel(page, 'My Work').getByText('2 of 10 photos')).toBeVisible();

    const live = await page.context().newPage();
    await expect
      .poll(async () => {
        await live.goto(`/u/${username}`);
        return live.getByRole('heading', { level: 1, name: 'Pipe Dreams Plumbing' }).count();
      })
      .toBe(1);
    await expect(live.getByText('Boilers, bathrooms and leaks across Leeds')).toBeVisible();
    await expect(live.getByRole('heading', { name: 'Dana Pipe' })).toBeVisible();
    await expect(live.getByText('Gas Safe engineer')).toBeVisible();
    await expect(live.getByText('Boiler service')).toBeVisible();
    await expect(live.getByText('from £60')).toBeVisible();
    await expect(live.getByText('Fixed our boiler the same day.')).toBeVisible();
    await expect(live.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(live.getByRole('link', { name: /dana@pipedreams\.example/ })).toBeVisible();
    await expect(live.getByRole('img', { name: /Work photo \d of 2/ })).toHaveCount(2);
    expect(await sectionOrder(live.locator('body'))).toEqual([
      'tc-about',
      'tc-work',
      'tc-services',
      'tc-contact',
      'tc-reviews',
    ]);
  });

  test('Reset Page goes back to what was published, and hidden sections stay off the preview', async ({
    page,
    request,
  }) => {
    await openEditor(page, await signUp(request, 'reset-rhys'));
    const heading = panel(page, 'Main').getByLabel('Main heading');
    await heading.fill('Rhys Roofing');
    const preview = page.getByRole('region', { name: 'Preview of your page' });
    await expect(preview.getByRole('heading', { name: 'Rhys Roofing' })).toBeVisible();

    await panel(page, 'About Me').getByLabel('Full name').fill('Rhys Tiler');
    await page.getByRole('button', { name: 'Hide About Me section' }).click();
    await expect(preview.getByRole('heading', { name: 'Rhys Tiler' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show About Me section' })).toBeVisible();

    await page.getByRole('button', { name: 'Reset Page' }).click();
    await page
      .getByRole('dialog', { name: 'Reset your page?' })
      .getByRole('button', { name: 'Reset Page' })
      .click();
    await expect(page.getByText('Page reset: your unpublished changes were cleared.')).toBeVisible();
    await expect(heading).toHaveValue('');
    await expect(page.getByRole('region', { name: 'Sample page preview' })).toBeVisible();
  });

  test('an unverified user whose trial ran out sees the prompt, the banner and a locked editor', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, 'lapsed-lee');
    // The account as it will be a fortnight on: still unverified, trial over, no subscription.
    await page.route(/\/api\/profile(\?|$)/, async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      const lapsed = { ...body.data, isVerified: false, trialExpires: '2020-01-01T00:00:00.000Z' };
      await route.fulfill({ response: answer, json: { ...body, data: lapsed } });
    });
    await openEditor(page, token);

    const prompt = page.getByRole('region', { name: 'Verify your email' });
    await expect(prompt.getByText('lapsed-lee@example.com')).toBeVisible();
    await prompt.getByRole('button', { name: 'Resend' }).click();
    await expect(toast(page, 'New code sent!')).toBeVisible();
    await expect(prompt.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();

    await expect(page.getByText('Your free trial ended on 1 January 2020.')).toBeVisible();
    const lock = page.getByRole('region', { name: 'Your free trial has ended' });
    await expect(lock.getByRole('link', { name: 'Go to Subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    // The editor behind is blurred and out of reach.
    const layout = page.locator('.ed__layout');
    await expect(layout).toHaveJSProperty('inert', true);
    await expect(layout).toHaveCSS('filter', /blur/);
    const publish = page.getByRole('button', { name: 'Publish Now' });
    await publish.focus();
    await expect(publish).not.toBeFocused();
  });

  test('says the user is not loaded, with a way to log in, when the account cannot be fetched', async ({
    page,
  }) => {
    await page.route(/\/api\/profile(\?|$)/, (route) =>
      route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
    );
    await alwaysSignedIn(page, 'a-token-the-server-never-sees');
    await page.goto('/myprofile');
    await expect(page.getByText('User not loaded. Please ensure you are logged in.')).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', /^\/login/);
  });
});

test.describe('the profile editor on a phone', () => {
  test('folds the preview away, links to the live page, scrolls to the editor and stops at ten photos', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, 'mobile-mo');
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('arrived')) {
        sessionStorage.setItem('arrived', '1');
        localStorage.setItem('scrollToEditorOnLoad', 'true');
      }
    });
    await openEditor(page, token);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('scrollToEditorOnLoad'))).toBeNull();

    const screen = page.getByRole('region', { name: 'Sample page preview' });
    await expect(screen).toBeVisible();
    await page.getByRole('button', { name: 'Hide Preview' }).click();
    await expect(screen).toBeHidden();
    await page.getByRole('button', { name: 'Show Preview' }).click();
    await expect(screen).toBeVisible();
    // Nothing is published yet, so there is no page to visit: the tab is off and the header card says why.
    await expect(page.getByRole('button', { name: 'Visit Page' }).last()).toBeDisabled();
    await expect(page.getByText('Your page isn’t live yet: publish it from the editor')).toBeVisible();

    const work = panel(page, 'My Work');
    const photos = await Promise.all(
      Array.from({ length: 11 }, (_, index) =>
        png(`work-${index}.png`, `rgb(${index * 20}, 100, 150)`, 64, 64),
      ),
    );
    await work.getByLabel('Add work photos').setInputFiles(photos);
    await expect(work.getByText('10 of 10 photos')).toBeVisible();
    await expect(work.getByLabel('Add work photos')).toHaveCount(0);
    await work.getByRole('button', { name: 'Remove work photo 10' }).click();
    await expect(work.getByLabel('Add work photos')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});
