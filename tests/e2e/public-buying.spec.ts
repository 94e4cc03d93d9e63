import path from 'node:path';
import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/api/mail/outbox';
import { alwaysSignedIn, signUp } from './accounts';
import { e2eDataDir } from './env';
import { expectCheckoutWebhookRecorded } from './webhooks';

const FILL_EVERYTHING = 'Please fill in all fields and agree to the privacy policy.';

test.describe('buying from the public pages', () => {
  test('signed out, Buy Now for 2 cards stores the purchase and goes to /register', async ({ page }) => {
    await page.goto('/productandplan/plasticnfccard');
    await page.getByRole('button', { name: 'One more' }).click();
    await page.getByRole('button', { name: /^Buy Now – 2 × £24\.95$/ }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    const stored = await page.evaluate(() => localStorage.getItem('postAuthAction'));
    expect(JSON.parse(stored ?? 'null')).toEqual({ type: 'buy_card', payload: { quantity: 2 } });
  });

  test('signed out, the trial button stores "subscribe" and goes to /register', async ({ page }) => {
    await page.goto('/subscription');
    const start = page.getByRole('button', { name: 'Start your 14-day free trial' });
    await expect(page.locator('astro-island', { has: start })).not.toHaveAttribute('ssr');
    await start.click();
    await page.waitForURL((url) => url.pathname === '/register');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('postAuthAction'))) ?? 'null')).toEqual(
      {
        type: 'subscribe',
      },
    );
  });

  test('tapped before the page’s script runs, the trial button still leads to sign-up with the plan to start', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Start your 14-day free trial' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/register' && url.searchParams.get('then') === 'subscribe',
    );
    await context.close();
  });

  test('signed in, triggerCheckout opens checkout for the quantity asked', async ({ page, request }) => {
    const token = await signUp(request, 'buyer');
    await alwaysSignedIn(page, token);
    await page.goto('/productandplan/plasticnfccard?triggerCheckout=1&quantity=3');
    await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
    await expect(page.getByText('Test mode — no real payment is taken')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay £74.85' })).toBeVisible();
  });

  test('signed in, the trial button opens the plan checkout; subscribed through the Stripe SDK and a signed webhook, it says Plan active', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, 'planner');
    await alwaysSignedIn(page, token);
    // Tapped before the page's script ran, the button's form goes by way of sign-up, which starts the plan at once
    // for someone signed in.
    await page.goto('/register?then=subscribe');
    await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
    await page.goto('/productandplan/subscription');
    const start = page.getByRole('button', { name: 'Start your 14-day free trial' });
    await expect(page.locator('astro-island', { has: start })).not.toHaveAttribute('ssr');
    await start.click();
    await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL(/\/SuccessSubscription/);
    await expectCheckoutWebhookRecorded('planner@example.com');

    const { data } = await (
      await request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    await page.evaluate((user) => localStorage.setItem('authUser', JSON.stringify(user)), data);
    await page.goto('/subscription');
    await expect(page.getByRole('button', { name: 'Plan active' })).toBeDisabled();
  });

  test('the contact form explains each missing field, then sends', async ({ page }) => {
    await page.goto('/contactus');
    const form = page.locator('form');
    const fill = async (values: Record<string, string>) => {
      await form.getByLabel('Your name').fill(values.name ?? '');
      await form.getByLabel('Email').fill(values.email ?? '');
      await form.getByLabel('Reason').selectOption(values.reason ?? '');
      await form.getByLabel('Message').fill(values.message ?? '');
    };
    const complete = {
      name: 'Sam Sparks',
      email: 'sam@example.com',
      reason: 'Card damaged',
      message: 'Cracked.',
    };
    for (const missing of ['name', 'email', 'reason', 'message']) {
      await fill({ ...complete, [missing]: '' });
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(form.getByRole('alert')).toHaveText(FILL_EVERYTHING);
    }
    await fill(complete);
    await form.getByLabel(/I agree/).uncheck();
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('alert')).toHaveText(FILL_EVERYTHING);

    await form.getByLabel(/I agree/).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').getByText('Message sent!')).toBeVisible();
    await expect(form.getByLabel('Your name')).toHaveValue('');
    // Sent just after the request commits: wait for it rather than looking once.
    const mail = await waitForMail(path.join(e2eDataDir(), 'outbox'), (m) =>
      m.subject.includes('Card damaged'),
    );
    expect(mail.text).toContain('sam@example.com');
  });
});
