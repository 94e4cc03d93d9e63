import { type APIRequestContext, type Browser, devices, expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { bearer, signUp, storeSession } from './accounts';
import { buyCardAtHostedCheckout } from './webhooks';

/**
 * Issue 16's done-when, end to end: a card tapped, the share modal's QR code scanned (decoded from the image the
 * owner is shown), the plain link opened, Save My Number, Call and WhatsApp used, and the owner's dashboard
 * showing each under the source it came by.
 */

/**
 * A customer's own phone and address (the one proxy the test server trusts reports it). Without one, the phone's
 * own (loopback): a browser's download of a vCard leaves a context's extra headers off, so a customer who saves
 * the number must be one visitor by the address the browser really has.
 */
const phone = (browser: Browser, address?: string) =>
  browser.newContext({
    ...devices['Pixel 7'],
    ...(address ? { extraHTTPHeaders: { 'x-forwarded-for': address } } : {}),
  });

/**
 * A button's ping, seen by the browser as it follows the link. Each click in a tab of its own: after a tel: or
 * wa.me link the tab has left the page. The context sees pings the page's own listener can miss.
 */
async function clickAndPing(
  context: Awaited<ReturnType<typeof phone>>,
  url: string,
  name: string,
  action: string,
) {
  const tab = await context.newPage();
  await tab.goto(url);
  const pinged = context.waitForEvent(
    'request',
    (sent) =>
      sent.method() === 'POST' && sent.url().includes('/api/ping/') && sent.url().endsWith(`/${action}`),
  );
  await tab.getByRole('link', { name }).first().click({ noWaitAfter: true });
  return pinged;
}

const statsOf = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/profile/stats?days=7', { headers: bearer(token) })).json();

test('every tap counts: a card, a QR scan and the link, with their saves, calls and WhatsApp, by source', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const owner = 'tapcounter';
  const token = await signUp(request, owner);
  const published = await request.post('/api/business-card/create_business_card', {
    headers: bearer(token),
    // A UK mobile: the page offers WhatsApp beside Call.
    multipart: { full_name: 'Tam Counter', phone_number: '07700 900123' },
  });
  expect(published.status()).toBeLessThan(300);
  await expect.poll(async () => (await request.head(`/u/${owner}`)).status()).toBe(200);
  await buyCardAtHostedCheckout(
    page,
    request,
    { token, email: `${owner}@example.com` },
    { name: 'Tam Counter', line1: '3 Tap Row', city: 'Derby', postcode: 'de1 1aa' },
    1,
  );
  const cards = (await (await request.get('/api/nfc-cards', { headers: bearer(token) })).json()).data;
  expect(cards).toHaveLength(1);
  const cardUrl: string = cards[0].url;

  // The owner's share modal: the QR code they print on the van, read as a phone's camera would.
  await storeSession(page, token);
  await page.goto('/myprofile');
  await page.getByRole('button', { name: /^Share/ }).click();
  const qr = page.getByRole('dialog', { name: 'Share Your Link' }).getByRole('img', { name: /QR code/ });
  await expect(qr).toHaveJSProperty('complete', true);
  const image = await page.request.get((await qr.getAttribute('src')) ?? '');
  const { data, info } = await sharp(await image.body())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scannedUrl = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? '';
  expect(scannedUrl).toBe(`${baseURL}/q/${owner}`);

  // Three customers: one taps the card and calls, then WhatsApps; one scans the van and saves the number; one
  // follows the link in a bio and calls.
  const tapper = await phone(browser, '203.0.113.31');
  const tap = await tapper.newPage();
  await tap.goto(cardUrl);
  await expect(tap.getByText('Tam Counter').first()).toBeVisible();
  await clickAndPing(tapper, cardUrl, 'Call', 'call');
  await clickAndPing(tapper, cardUrl, 'WhatsApp', 'whatsapp');
  await tapper.close();

  const scanner = await phone(browser);
  const scan = await scanner.newPage();
  await scan.goto(scannedUrl);
  await Promise.all([
    scan.waitForEvent('download'),
    scan.getByRole('link', { name: 'Save My Number' }).click(),
  ]);
  await scanner.close();

  const follower = await phone(browser, '203.0.113.33');
  await clickAndPing(follower, `${baseURL}/u/${owner}`, 'Call', 'call');
  await follower.close();

  // Counted within the counter's next write (each second).
  await expect
    .poll(async () => (await statsOf(request, token)).totals, { timeout: 10_000 })
    .toMatchObject({
      views: { nfc: 1 + 2, qr: 1, link: 1 },
      clicks: {
        nfc: { call: 1, whatsapp: 1, save: 0 },
        qr: { save: 1, call: 0 },
        link: { call: 1, whatsapp: 0 },
      },
    });

  // The dashboard: each under its source (columns NFC, QR, Link, Total).
  await page.goto('/stats');
  const bySource = page.getByRole('table', { name: 'Last 7 days by source' });
  const row = (name: RegExp) => bySource.getByRole('row', { name }).getByRole('cell');
  await expect(row(/^Views/)).toHaveText(['3', '1', '1', '5']);
  await expect(row(/^Save My Number/)).toHaveText(['0', '1', '0', '1']);
  await expect(row(/^Calls/)).toHaveText(['1', '0', '1', '2']);
  await expect(row(/^WhatsApp/)).toHaveText(['1', '0', '0', '1']);
  await expect(
    page.locator('.stats__figure').filter({ hasText: 'Unique visitors' }).locator('dd'),
  ).toHaveText('3');

  // And the card itself, on /nfccards: its taps (the tap and the two pages its clicks opened it again in).
  await page.goto('/nfccards');
  const card = page
    .getByRole('region', { name: 'My cards' })
    .getByRole('article', { name: `Card ${cards[0].code}` });
  await expect(card).toContainText('3 taps');
});
