import { type APIRequestContext, type Browser, devices, expect, test } from '@playwright/test';
import { bearer, signUp, storeSession } from './accounts';
import { expectNoAxeViolations } from './axe';

/** Publishes a page through the API, as the editor's Publish Now does, and waits until it is served. */
async function publish(request: APIRequestContext, token: string, username: string) {
  const answer = await request.post('/api/business-card/create_business_card', {
    headers: bearer(token),
    multipart: { full_name: 'Dana Pipe', phone_number: '0117 496 0456' },
  });
  expect(answer.status()).toBeLessThan(300);
  // HEAD: a check, not a visit (only a GET counts), so the journey's own look leaves no trace in the figures.
  await expect.poll(async () => (await request.head(`/u/${username}`)).status()).toBe(200);
}

/**
 * A customer on their own phone, from their own address (the one trusted proxy reports it): opening the owner's
 * page is what counts, as it reaches the app. With no address given, the proxy's absence leaves the browser's
 * own (loopback): the browser's download of a vCard does not carry a page's extra headers, so a customer who saves
 * the number is one visitor only from the address the browser really has.
 */
async function customer(browser: Browser, address?: string) {
  return browser.newContext({
    ...devices['Pixel 7'],
    ...(address ? { extraHTTPHeaders: { 'x-forwarded-for': address } } : {}),
  });
}

const statsOf = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/profile/stats?days=7', { headers: bearer(token) })).json();

test.describe('the owner’s statistics', () => {
  test('visits by link and QR, and a save, show on the dashboard as figures, a chart and tables for 7, 30 and 90 days', async ({
    browser,
    page,
    request,
  }) => {
    const owner = 'stats-owner';
    const token = await signUp(request, owner);
    await publish(request, token, owner);

    // Two people open the plain link; a third scans the QR code and saves the number.
    for (const address of ['203.0.113.10', '203.0.113.11']) {
      const phone = await customer(browser, address);
      await (await phone.newPage()).goto(`/u/${owner}`);
      await phone.close();
    }
    const scanner = await customer(browser);
    const scanned = await scanner.newPage();
    await scanned.goto(`/q/${owner}`);
    await Promise.all([
      scanned.waitForEvent('download'),
      scanned.getByRole('link', { name: 'Save My Number' }).click(),
    ]);
    await scanner.close();
    // The counter writes what it has counted every second.
    await expect
      .poll(async () => (await statsOf(request, token)).totals, { timeout: 10_000 })
      .toMatchObject({ views: { nfc: 0, qr: 1, link: 2 }, visitors: 3, clicks: { qr: { save: 1 } } });

    await storeSession(page, token);
    await page.goto('/stats');
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
    // On a phone the sidebar opens from Menu.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Statistics' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    const figure = (label: string) =>
      page
        .locator('.stats__figure')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');
    await expect(figure('Views')).toHaveText('3');
    await expect(figure('Unique visitors')).toHaveText('3');
    await expect(figure('NFC taps')).toHaveText('0');
    await expect(figure('QR scans')).toHaveText('1');
    await expect(figure('Link opens')).toHaveText('2');
    await expect(figure('Save My Number')).toHaveText('1');
    await expect(figure('Calls')).toHaveText('0');

    // The chart is drawn (uPlot's canvas, and its legend naming each source).
    const chart = page.locator('.stats-chart');
    await expect(chart).toHaveAttribute('data-drawn', 'true');
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart.locator('.u-legend')).toContainText('QR scans');

    const bySource = page.getByRole('table', { name: 'Last 7 days by source' });
    await expect(bySource.getByRole('row', { name: /^Views/ }).getByRole('cell')).toHaveText([
      '0',
      '1',
      '2',
      '3',
    ]);
    await expect(bySource.getByRole('row', { name: /^Save My Number/ }).getByRole('cell')).toHaveText([
      '0',
      '1',
      '0',
      '1',
    ]);
    await expect(page.getByText('Days are UTC days, and today is counted so far.')).toBeVisible();
    await expectNoAxeViolations(page);

    const days = page.getByRole('table', { name: 'Views each day by source' });
    await page.getByText('The chart’s numbers, day by day').click();
    await expect(days.getByRole('row')).toHaveCount(1 + 7);

    for (const period of [30, 90]) {
      await page.getByRole('radio', { name: `Last ${period} days` }).check();
      await expect(page).toHaveURL(new RegExp(`/stats\\?days=${period}$`));
      await expect(page.getByRole('table', { name: `Last ${period} days by source` })).toBeVisible();
      await expect(days.getByRole('row')).toHaveCount(1 + period);
      await expect(figure('Views')).toHaveText('3');
      await expect(chart).toHaveAttribute('data-drawn', 'true');
    }
    // The period is kept in the address: a reload shows the same.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Last 90 days' })).toBeChecked();
    await page.getByRole('radio', { name: 'Last 7 days' }).check();
    await expect(page.getByRole('table', { name: 'Last 7 days by source' })).toBeVisible();
  });

  test('a page nobody has visited says how to share it; /myprofile leads to the statistics', async ({
    page,
    request,
  }) => {
    const owner = 'stats-quiet';
    const token = await signUp(request, owner);
    await publish(request, token, owner);
    await storeSession(page, token);
    await page.goto('/myprofile');
    await page.getByRole('link', { name: 'See your page’s visits' }).click();
    await expect(page).toHaveURL(/\/stats(\?days=7)?$/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'No visits in the last 7 days yet' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`/u/${owner}$`) })).toHaveAttribute(
      'href',
      `/u/${owner}`,
    );
    await expectNoAxeViolations(page);
  });

  test('the weekly summary is on at first, and its switch on /notifications turns it off and on', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, 'stats-mailed');
    await storeSession(page, token);
    await page.goto('/notifications');
    const summary = page.getByRole('switch', { name: 'Weekly summary' });
    await expect(summary).toHaveAttribute('aria-checked', 'true');
    await summary.click();
    await expect(summary).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('status').getByText('Weekly summary turned off.')).toBeVisible();
    await page.reload();
    await expect(summary).toHaveAttribute('aria-checked', 'false');
    await summary.click();
    await expect(summary).toHaveAttribute('aria-checked', 'true');
    await expectNoAxeViolations(page);
  });
});
