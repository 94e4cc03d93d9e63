import { expect, test } from '@playwright/test';
import { bearer, signUp } from './accounts';
import { expectNoAxeViolations } from './axe';
import { expectCheckoutWebhookRecorded } from './webhooks';

test.describe('the test-mode checkout: the Stripe SDK against the built-in Stripe simulator', () => {
  test('buys two cards through the Stripe SDK: mistakes are explained, a signed webhook lands the order', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, 'cardbuyer');
    const started = await request.post('/api/checkout/create-checkout-session', {
      headers: bearer(token),
      data: { quantity: 2 },
    });
    const { url } = await started.json();

    await page.goto(url);
    await expect(page.getByText('Test mode — no real payment is taken')).toBeVisible();
    await expect(page.getByText('£49.90').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Pay £49.90' }).click();
    await expect(
      page.getByRole('link', { name: 'Enter the full name of the person the cards go to.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveAccessibleDescription(/Enter the full name/);
    await expectNoAxeViolations(page);

    await page.getByLabel('Full name').fill('Dana Pipe');
    await page.getByLabel('Address line 1').fill('12 Boiler Row');
    await page.getByLabel('Town or city').fill('Leeds');
    await page.getByLabel('Postcode').fill('ls1 4ap');
    await page.getByRole('button', { name: 'Pay £49.90' }).click();
    await page.waitForURL(/\/success\?id=.+&session_id=cs_test_/);
    await expectCheckoutWebhookRecorded('cardbuyer@example.com');

    const sessionId = new URL(page.url()).searchParams.get('session_id');
    const confirmed = await request.get(`/api/stripe/confirm?session_id=${sessionId}`, {
      headers: bearer(token),
    });
    expect((await confirmed.json()).data).toMatchObject({
      status: 'paid',
      quantity: 2,
      amountTotal: 4990,
      deliveryAddress: '12 Boiler Row, Leeds, LS1 4AP, GB',
    });
  });

  test('starts the free trial through the Stripe SDK and a signed webhook, and its invoice downloads as a PDF', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, 'subscriber');
    const { url } = await (await request.post('/api/subscribe', { headers: bearer(token), data: {} })).json();
    await page.goto(url);
    await expect(page.getByText(/Free for 14 days, then £4\.95 a month/)).toBeVisible();
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL(/\/SuccessSubscription\?id=.+&session_id=cs_test_/);
    // This browser never signed in (the journey used the API), so the success screen sends it to log in first.
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('from'));

    await expectCheckoutWebhookRecorded('subscriber@example.com');
    const profile = await (await request.get('/api/profile', { headers: bearer(token) })).json();
    expect(profile.data.isSubscribed).toBe(true);
    const billing = await (await request.get('/api/billing', { headers: bearer(token) })).json();
    expect(billing.paymentMethod.card.last4).toBe('4242');
    // The trial's £0 invoice downloads as our PDF (issue 28), which says it was a test-mode payment.
    expect(billing.invoices[0]).toMatchObject({ status: 'paid', amount: 0 });
    const download = await request.get(billing.invoices[0].pdf, { headers: bearer(token) });
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect(download.headers()['content-disposition']).toMatch(
      /^attachment; filename="invoice-TC-\d{4}\.pdf"$/,
    );
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
