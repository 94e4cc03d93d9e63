import { expect, type Page, test } from '@playwright/test';
import { signUp, storeSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { expectCheckoutWebhookRecorded } from './webhooks';

/** Stored once, as a login would; the journey then moves between pages and the checkout as that person. */
const signInOnce = (page: Page, token: string) => storeSession(page, token);

async function payForCards(page: Page, total: string) {
  await page.getByLabel('Full name').fill('Dana Pipe');
  await page.getByLabel('Address line 1').fill('12 Boiler Row');
  await page.getByLabel('Town or city').fill('Leeds');
  await page.getByLabel('Postcode').fill('ls1 4ap');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
}

const toast = (page: Page, text: string) => page.locator('#toasts').getByText(text);

test.describe('orders, signed in', () => {
  test('Buy Now for 2 cards through the Stripe SDK and a signed webhook: paid, the receipt shows the details, and My Orders lists it', async ({
    page,
    request,
  }) => {
    await signInOnce(page, await signUp(request, 'orderbuyer'));
    await page.goto('/myorders');
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute(
      'href',
      '/productandplan',
    );
    await expectNoAxeViolations(page);

    await page.goto('/productandplan/plasticnfccard');
    await page.getByRole('button', { name: 'One more' }).click();
    await page.getByRole('button', { name: /^Buy Now – 2 × £24\.95$/ }).click();
    await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
    await payForCards(page, '£49.90');

    await page.waitForURL(/\/success\?id=/);
    await expectCheckoutWebhookRecorded('orderbuyer@example.com');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Thank you for your order. Your card is on its way.')).toBeVisible();
    const details = page.locator('dl.details');
    await expect(details).toContainText('Quantity2');
    await expect(details).toContainText('Price Paid£49.90');
    await expect(details).toContainText('DeliveryDana Pipe, 12 Boiler Row, Leeds, LS1 4AP, GB');
    await expect(details).toContainText('StatusPaid');
    await expect(page.getByText('Amount paid', { exact: true })).toBeVisible();
    await expect(page.getByText('Estimated delivery date')).toBeVisible();
    await expect(page.getByText('Step 1 of 4: Order placed')).toBeVisible();
    await expect(page.getByText(/still being processed/)).toBeVisible();
    await expect(toast(page, 'Payment received: your card order is confirmed.')).toBeVisible();
    await expect(page).not.toHaveURL(/session_id/);
    expect(new URL(page.url()).searchParams.get('id')).toBeTruthy();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'View All Orders' }).click();
    await page.waitForURL('**/myorders');
    const order = page.getByRole('article', { name: '2 × NFC card' });
    await expect(order).toContainText('Order placed');
    await expect(order).toContainText('£49.90');
    await expect(order.getByRole('button', { name: 'Buy Again' })).toBeVisible();
    await expect(order.getByRole('link', { name: 'View details' })).toHaveAttribute(
      'href',
      /^\/success\?id=/,
    );
    await expectNoAxeViolations(page);
  });

  test('the free trial through the Stripe SDK and a signed webhook: activated, cancelled from My Orders, and the plan page says when it ends', async ({
    page,
    request,
  }) => {
    await signInOnce(page, await signUp(request, 'ordertrial'));
    await page.goto('/productandplan/subscription');
    await page.getByRole('button', { name: 'Start your 14-day free trial' }).click();
    await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
    await page.getByRole('button', { name: 'Start free trial' }).click();

    await page.waitForURL(/\/SuccessSubscription\?id=/);
    await expectCheckoutWebhookRecorded('ordertrial@example.com');
    await expect(page.getByRole('heading', { name: 'Profile Plan' })).toBeVisible();
    await expect(page.getByText('Free trial active until')).toBeVisible();
    await expect(page.getByText('Free trial — no charge today')).toBeVisible();
    await expect(page).not.toHaveURL(/session_id/);
    expect(new URL(page.url()).searchParams.get('id')).toBeTruthy();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'View Orders' }).click();
    await page.waitForURL('**/myorders');
    const plan = page.getByRole('article', { name: 'Profile Plan' });
    await expect(plan).toContainText('Trial active');
    await expect(plan).toContainText(/Free trial — ends .+ · £4\.95\/month after/);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Cancel this subscription at the end of the current period?');
      void dialog.accept();
    });
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(
      toast(page, 'Subscription will cancel at the end of the current billing period.'),
    ).toBeVisible();
    await expect(plan).toContainText('Cancels at end of period');
    await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toBeHidden();
    await expectNoAxeViolations(page);

    await plan.getByRole('link', { name: 'View details' }).click();
    await page.waitForURL(/\/SuccessSubscription\?id=/);
    await expect(page.getByRole('note')).toContainText('set to cancel at the end of the current period, on');
    await expect(page.locator('.details__row', { hasText: 'Status' })).toContainText(
      'Cancels at end of period',
    );
    await expectNoAxeViolations(page);

    await page.goto('/billing');
    await expect(page.getByText(/Visa ending in 4242/)).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Add Payment Method' })).toBeEnabled();
    await expect(page.getByRole('columnheader', { name: 'Invoice Number' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Download invoice/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a success page without an order says so', async ({ page, request }) => {
    await signInOnce(page, await signUp(request, 'ordernone'));
    await page.goto('/success?id=not-an-order');
    await expect(page.getByRole('heading', { name: 'No order found' })).toBeVisible();
    await page.goto('/successsubscription');
    await expect(page.getByRole('heading', { name: 'No subscription found' })).toBeVisible();
    await page.goto('/billing');
    await expect(page.getByText('No payment method saved yet.')).toBeVisible();
    await expect(page.getByText('No invoices available yet.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
