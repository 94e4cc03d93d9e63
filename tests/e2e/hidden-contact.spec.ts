import { type Browser, expect, type Page, test } from '@playwright/test';
import { PUBLISHED_EMPTY } from '../../events/card/decider';
import { bearer, signUp } from './accounts';
import { openEditor, panel } from './editor-page';

/**
 * Issue 28's done-when for items 1 and 13: an owner hides their Contact section in the editor, and the page, its
 * JSON-LD and Save My Number's vCard give out no email or phone; hiding every section takes the page down to "This
 * profile isn’t set up yet", and so does a partial publish through the API, which replaces the card whole.
 */

const OWNER = 'hidey-hana';
const EMAIL = 'hana.private@example.com';
const PHONE = '07700 900461';

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);

/**
 * The live page once the projector has written what `until` looks for, opened in a browser of its own (the page may
 * be kept a minute: a fresh cache sees the new one), and its JSON-LD.
 */
async function servedPage(browser: Browser, until: (html: string) => boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await expect.poll(async () => until(await (await page.request.get(`/u/${OWNER}`)).text())).toBe(true);
  await page.goto(`/u/${OWNER}`);
  const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
  return { page, data: JSON.parse(jsonLd ?? '{}') as Record<string, unknown> };
}

test('a hidden Contact section is in nothing public; an emptied page is not set up', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signUp(request, OWNER);
  await openEditor(page, token);
  await panel(page, 'About Me').getByLabel('Full name').fill('Hana Hidey');
  await panel(page, 'Contact').getByLabel('Email').fill(EMAIL);
  await panel(page, 'Contact').getByLabel('Phone').fill(PHONE);
  await page.getByRole('button', { name: 'Publish Now' }).click();
  await expect(toast(page, 'Your page is Published!')).toBeVisible({ timeout: 20_000 });

  // Shown: the number and email are on the page, in its data and in the vCard.
  const shown = await servedPage(browser, (html) => html.includes('Hana Hidey'));
  expect(shown.data).toMatchObject({ telephone: '+447700900461', email: EMAIL });
  await expect(shown.page.getByRole('link', { name: 'Save My Number' })).toBeVisible();
  expect((await request.get(`/u/${OWNER}/contact.vcf`)).status()).toBe(200);
  await shown.page.context().close();

  // Hidden in the editor: none of it anywhere, not even at the top of the page.
  await page.getByRole('button', { name: 'Hide Contact section' }).click();
  await page.getByRole('button', { name: 'Publish Now' }).click();
  await expect(toast(page, 'Your page is Published!')).toBeVisible({ timeout: 20_000 });
  const hidden = await servedPage(browser, (html) => !html.includes('Save My Number'));
  expect(hidden.data).not.toHaveProperty('telephone');
  expect(hidden.data).not.toHaveProperty('email');
  expect(hidden.data).toMatchObject({ name: 'Hana Hidey' });
  await expect(hidden.page.getByRole('heading', { level: 2, name: 'Hana Hidey' })).toBeVisible();
  for (const name of ['Call', 'WhatsApp', 'Save My Number'])
    await expect(hidden.page.getByRole('link', { name })).toHaveCount(0);
  expect(await hidden.page.content()).not.toMatch(/900461|hana\.private|tel:|wa\.me|mailto:/);
  expect((await request.get(`/u/${OWNER}/contact.vcf`)).status()).toBe(404);
  await hidden.page.context().close();

  // Every section hidden: the owner takes the page down, and is told what visitors see.
  await page.getByRole('button', { name: 'Hide About Me section' }).click();
  await page.getByRole('button', { name: 'Publish Now' }).click();
  await expect(toast(page, PUBLISHED_EMPTY)).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => (await request.get(`/u/${OWNER}`)).text())
    .toContain('This profile isn’t set up yet');

  // A partial publish through the API is the whole card: the name alone, then nothing at all.
  const partial = await request.post('/api/business-card/create_business_card', {
    headers: bearer(token),
    data: { full_name: 'Hana Hidey' },
  });
  expect(partial.status()).toBe(200);
  expect((await partial.json()).data).toMatchObject({ contact_email: '', phone_number: '', avatar: null });
  await expect.poll(async () => (await request.get(`/u/${OWNER}`)).text()).toContain('Hana Hidey');
  const emptied = await request.post('/api/business-card/create_business_card', {
    headers: bearer(token),
    data: { show_contact_section: false },
  });
  expect(await emptied.json()).toMatchObject({ message: PUBLISHED_EMPTY });
  await expect
    .poll(async () => (await request.get(`/u/${OWNER}`)).text())
    .toContain('This profile isn’t set up yet');
});
