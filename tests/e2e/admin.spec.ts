import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { grantAdmin, signUp, storeSession, switchSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { e2eDataDir } from './env';
import { buyCardAtHostedCheckout } from './webhooks';

const TRACKING_URL = 'https://track.example.com/parcel/TC4242';

/** Who the browser is signed in as; the page reads the stored session on its next load. */
const actAs = (page: Page, token: string) => switchSession(page, token);

const mailsTo = (email: string) => {
  const outbox = path.join(e2eDataDir(), 'outbox');
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((mail) => mail.includes(email));
};

test.describe('the admin card orders', () => {
  test('an admin ships an order paid through the Stripe SDK and a signed webhook; the customer sees the tracking and gets the email', async ({
    page,
    request,
  }) => {
    const customer = await signUp(request, 'shipcustomer');
    const admin = await signUp(request, 'shipadmin');
    await grantAdmin('shipadmin@example.com');

    await buyCardAtHostedCheckout(
      page,
      request,
      { token: customer, email: 'shipcustomer@example.com' },
      { name: 'Sam Sparks', line1: '3 Fuse Street', city: 'York', postcode: 'yo1 7hh' },
    );

    await actAs(page, admin);
    await page.goto('/admin');
    // The admin's screen is about the service: no word about the admin's own page, nothing to share (issue 28).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/Your page isn’t live/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Share/ })).toHaveCount(0);
    await page.getByLabel('Search').fill('shipcustomer@example.com');
    await page.getByRole('button', { name: 'Apply' }).click();
    const order = page.getByRole('article', { name: 'Sam Sparks' });
    await expect(order).toContainText('3 Fuse Street');
    await expect(order).toContainText('YO1 7HH');
    await expect(order).toContainText('£24.95');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expectNoAxeViolations(page);

    await order.getByLabel('Tracking URL').fill(TRACKING_URL);
    await order.getByLabel('Email the customer the tracking link').check();
    await order.getByRole('button', { name: 'Save tracking' }).click();
    await expect(page.locator('#toasts').getByText('Tracking updated')).toBeVisible();
    await order.getByLabel('Fulfilment status').selectOption({ label: 'Shipped' });
    await order.getByLabel('Email the customer about this change').check();
    await order.getByRole('button', { name: 'Update status' }).click();
    await expect(page.locator('#toasts').getByText('Status updated')).toBeVisible();
    await expect(order.locator('.badge')).toHaveText('Shipped');
    await expect
      .poll(() => mailsTo('shipcustomer@example.com').some((mail) => mail.includes(TRACKING_URL)))
      .toBe(true);

    const filter = page.getByRole('search').getByLabel('Fulfilment status');
    await filter.selectOption({ label: 'Packaged' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('No card orders found.')).toBeVisible();
    await filter.selectOption({ label: 'Shipped' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByLabel('Search')).toHaveValue('');
    await expect(filter).toHaveValue('');

    await actAs(page, customer);
    await page.goto('/myorders');
    const mine = page.getByRole('article', { name: 'NFC card' });
    await expect(mine.locator('.badge')).toHaveText('Shipped');
    await expect(mine.getByText('Step 4 of 4: Shipped')).toBeVisible();
    await expect(mine.getByRole('link', { name: /Track order/ })).toHaveAttribute('href', TRACKING_URL);
  });

  test('someone who is not staff is told the page is not for them', async ({ page, request }) => {
    const token = await signUp(request, 'notstaff');
    await storeSession(page, token);
    await page.goto('/admin');
    await expect(page.getByRole('alert')).toHaveText('Only TradeCard staff can see this page.');
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/myprofile',
    );
    await expectNoAxeViolations(page);
  });
});
