import fs from 'node:fs';
import { expect, type Locator, test } from '@playwright/test';
import { bearer, grantAdmin, lastCodeFor, signUp, switchSession } from './accounts';
import { panel } from './editor-page';
import { buyCardAtHostedCheckout } from './webhooks';

/**
 * Issue 14's smaller promises, end to end: sign-up from the top bar lands in the editor; the business name reaches
 * the vCard as ORG; a phone number with a national zero and an extension dials; status badges wear SPEC §4's
 * colours.
 */
const PASSWORD = 'Plumber2026';
const PHONE = '+44 (0)7700 900-123 ext. 5';

/** `NAME;PARAMS:value` lines of a vCard, continuation lines unfolded, as a phone's contact importer reads them. */
function vcardFields(vcard: string) {
  return vcard
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      return { key: line.slice(0, colon), value: line.slice(colon + 1) };
    });
}

const background = (badge: Locator) => badge.evaluate((element) => getComputedStyle(element).backgroundColor);

// orders.css: green #e3f4ea, blue #e6f0fb, grey #eef0f2; the general .badge (and orange) is #fff1e7.
const GREEN = 'rgb(227, 244, 234)';
const BLUE = 'rgb(230, 240, 251)';
const GREY = 'rgb(238, 240, 242)';

test.describe('the details', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('sign up from the home page, land in the editor, publish a business name and a phone with an extension', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign up' }).filter({ visible: true }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    const email = 'details-one@example.com';
    await page.getByLabel('Your name').fill('Dana Pipe');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Username').fill('details-one');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await page.getByLabel('Verification code').fill(await lastCodeFor(email));
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.waitForURL((url) => url.pathname === '/myprofile');

    // Nothing is published yet: Visit Page says why rather than lead to "This profile isn’t live yet".
    await expect(page.getByText('Your page isn’t live yet: publish it from the editor first.')).toBeVisible();

    // The colour picker closes on a click outside it, and opened on a 900 px high window its Done button is in view.
    const colour = page.getByRole('button', { name: /^Button colour/ });
    // At the foot of the window, where the open picker used to run off the bottom.
    await colour.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await colour.click();
    const done = page.getByRole('button', { name: 'Done' });
    await expect(done).toBeInViewport();
    await page.getByRole('heading', { name: 'My page' }).click();
    await expect(done).toBeHidden();

    const about = panel(page, 'About Me');
    await about.getByLabel('Full name').fill('Dana Pipe');
    await about.getByLabel('Business name').fill('Pipe & Daughters Ltd');
    await panel(page, 'Contact').getByLabel('Email').fill('dana.pipe.and.daughters.plumbing@example.co.uk');
    await panel(page, 'Contact').getByLabel('Phone').fill(PHONE);
    await expect(panel(page, 'Contact').getByLabel('Phone')).toHaveValue(PHONE);
    const preview = page.getByRole('region', { name: 'Preview of your page' });
    // At the top (issue 17) and in Contact alike.
    for (const name of ['Call', /^Call.+/])
      await expect(preview.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        'tel:+447700900123;ext=5',
      );
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await expect(page.getByRole('status').getByText('Your page is Published!')).toBeVisible({
      timeout: 20_000,
    });

    const live = await page.context().newPage();
    await expect
      .poll(async () => {
        await live.goto('/u/details-one');
        // Under the name in About Me (the page's heading carries it too, for screen readers, when there is no
        // main heading).
        return live.getByRole('region', { name: 'Dana Pipe' }).getByText('Pipe & Daughters Ltd').count();
      })
      .toBe(1);
    const call = live.getByRole('region', { name: 'Contact' }).getByRole('link', { name: /Call/ });
    await expect(call).toHaveAttribute('href', 'tel:+447700900123;ext=5');
    await expect(call).toContainText(PHONE);

    // At 360 px a long address used to squeeze its label to "Emai / l": the label stays on one line.
    await live.setViewportSize({ width: 360, height: 780 });
    const label = live.getByRole('link', { name: /^Email/ }).locator('b');
    const lines = await label.evaluate(
      (element) =>
        element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(lines).toBeLessThan(1.5);

    const [download] = await Promise.all([
      live.waitForEvent('download'),
      live.getByRole('link', { name: 'Save My Number' }).click(),
    ]);
    const fields = vcardFields(fs.readFileSync((await download.path()) ?? '', 'utf8'));
    const value = (key: string) => fields.filter((field) => field.key === key).map((field) => field.value);
    expect(value('ORG')).toEqual(['Pipe & Daughters Ltd']);
    expect(value('FN')).toEqual(['Dana Pipe']);
    expect(value('TEL;TYPE=WORK')).toEqual(['+447700900123;ext=5']);
  });

  test('the help centre’s Log in to read leads to the guides, not back to itself', async ({ page }) => {
    await page.goto('/helpcentre');
    await expect(page.getByRole('link', { name: 'Log in to read' }).first()).toHaveAttribute(
      'href',
      '/login?from=%2Fhelpcentreinterface',
    );
  });

  test('a phone number no dialler can use is refused with a sentence at the API', async ({ request }) => {
    const token = await signUp(request, 'details-bad-phone');
    const answer = await request.post('/api/business-card/create_business_card', {
      headers: bearer(token),
      multipart: { full_name: 'Dana Pipe', phone_number: '+44 077009001235' },
    });
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toEqual({
      error: 'Phone number must be a number we can dial, like 07700 900123 or +44 7700 900123 ext. 5.',
    });
  });

  test('status badges are grey, blue and green as the order moves, on /success, /myorders and /admin', async ({
    page,
    request,
  }) => {
    const customer = await signUp(request, 'details-badges');
    const admin = await signUp(request, 'details-admin');
    await grantAdmin('details-admin@example.com');

    await buyCardAtHostedCheckout(
      page,
      request,
      { token: customer, email: 'details-badges@example.com' },
      { name: 'Sam Sparks', line1: '3 Fuse Street', city: 'Manchester', postcode: 'M1 2AB' },
    );
    await expect(
      page.locator('#toasts').getByText('Payment received: your card order is confirmed.'),
    ).toBeVisible();
    const placed = page.locator('.receipt .badge');
    await expect(placed).toHaveText('Order placed');
    expect(await background(placed)).toBe(GREY);
    const id = new URL(page.url()).searchParams.get('id') ?? '';

    const setStatus = async (fulfillmentStatus: string) => {
      const answer = await request.patch(`/api/admin/orders/${id}/status`, {
        headers: bearer(admin),
        data: { fulfillmentStatus, notify: false },
      });
      expect(answer.status()).toBe(200);
    };

    await setStatus('designing_card');
    await page.goto('/myorders');
    const mine = page.getByRole('article', { name: 'NFC card' }).locator('.badge');
    await expect(mine).toHaveText('Designing your card');
    expect(await background(mine)).toBe(BLUE);

    await setStatus('shipped');
    await switchSession(page, admin);
    await page.goto('/admin');
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
    // The postcode as someone would type it into the search box.
    await page.getByLabel('Search').fill('m12ab');
    await page.getByRole('button', { name: 'Apply' }).click();
    const order = page.getByRole('article', { name: 'Sam Sparks' });
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(order.locator('.badge')).toHaveText('Shipped');
    expect(await background(order.locator('.badge'))).toBe(GREEN);
  });
});
