import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { bearer, signUp, storeSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { e2eDataDir } from './env';
import { expectCheckoutWebhookRecorded } from './webhooks';

/** Test support beside the journeys, run as the server's data folder's owner would run a script. */
const runSupport = (script: string, email: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', `tests/e2e/support/${script}`, e2eDataDir(), email]);

const toast = (page: Page, text: string) => page.locator('#toasts').getByText(text);

/** From the plan page through the simulator's hosted checkout, with the test card given. */
async function startPlan(page: Page, email: string, card: '4242' | '0341') {
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Start your 14-day free trial' }).click();
  await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
  await page.getByLabel(new RegExp(card)).check();
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await page.waitForURL(/\/SuccessSubscription\?id=/);
  await expectCheckoutWebhookRecorded(email);
}

test.describe('plan states the user can act on (issue 14)', () => {
  test('after the free trial, the plan page offers Subscribe – £4.95/month and the checkout charges just that', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, 'lapsedplan');
    runSupport('expire-trial.ts', 'lapsedplan@example.com');
    // Signed in as a login leaves it: the user stored beside the session, trial dates and all.
    const profile = await request.get('/api/profile', { headers: bearer(token) });
    await storeSession(page, token, (await profile.json()).data);
    await page.goto('/subscription');
    await expect(page.getByRole('button', { name: 'Start your 14-day free trial' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Subscribe – £4.95/month' }).click();
    await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
    await expect(page.locator('.total')).toContainText('Due today');
    await expect(page.locator('.total')).toContainText('£4.95');
    await expect(page.getByText(/Free for|Free until/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Subscribe – £4.95 a month' })).toBeVisible();
  });

  test('cancel from My Orders → the editor’s banner says when the page goes offline → Keep my plan', async ({
    page,
    request,
  }) => {
    await storeSession(page, await signUp(request, 'keeper'));
    await startPlan(page, 'keeper@example.com', '4242');

    await page.goto('/myorders');
    const plan = page.getByRole('article', { name: 'Profile Plan' });
    page.once('dialog', (dialog) => void dialog.accept());
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(plan).toContainText('Cancels at end of period');
    await expect(plan.getByRole('button', { name: 'Keep my plan' })).toBeVisible();

    await page.goto('/myprofile');
    const banner = page.getByRole('region', { name: 'Your plan is set to cancel' });
    await expect(banner).toContainText(/Your page goes offline on \d{1,2} \w+ \d{4}/);
    await expectNoAxeViolations(page);
    await banner.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(toast(page, 'Your plan will carry on: it renews as before.')).toBeVisible();
    await expect(banner).toBeHidden();

    await page.goto('/myorders');
    await expect(plan).toContainText('Trial active');
    await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Keep my plan' })).toHaveCount(0);

    // The plan pages offer the same: cancelled again, /subscription says when it ends and keeps it too.
    page.once('dialog', (dialog) => void dialog.accept());
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(plan).toContainText('Cancels at end of period');
    await page.goto('/subscription');
    await expect(page.getByText(/Your plan is set to cancel and ends on/)).toBeVisible();
    await page.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(page.getByRole('button', { name: 'Plan active' })).toBeDisabled();
  });

  test('payment failed → replace the card → the renewal succeeds', async ({ page, request }) => {
    await storeSession(page, await signUp(request, 'cardswap'));
    await startPlan(page, 'cardswap@example.com', '0341');
    // The trial ends now; the simulator charges the declining card and tells the server by signed webhook.
    runSupport('end-plan-trial.ts', 'cardswap@example.com');

    await expect
      .poll(
        async () => {
          await page.goto('/myorders');
          return page.getByRole('article', { name: 'Profile Plan' }).textContent();
        },
        { timeout: 15_000 },
      )
      .toContain('Payment overdue');

    await page.goto('/myprofile');
    const banner = page.getByRole('region', { name: 'Your last payment didn’t go through' });
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: 'Update your card' }).click();
    await page.waitForURL('**/billing');
    await expect(page.getByText(/Visa ending in 0341/)).toBeVisible();
    await page.getByRole('button', { name: '+ Add Payment Method' }).click();

    await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
    await expect(page.getByText('Save a card for later payments')).toBeVisible();
    await page.getByLabel(/4242/).check();
    await page.getByRole('button', { name: 'Save card' }).click();

    await page.waitForURL('**/billing?setup_session_id=*');
    await expect(
      toast(page, 'Your new card is saved, and the payment that was due has gone through.'),
    ).toBeVisible();
    await expect(page.getByText(/Visa ending in 4242/)).toBeVisible();
    await expect(page).not.toHaveURL(/setup_session_id/);
    await expect(page.getByRole('cell', { name: '£4.95' }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/myorders');
    await expect(page.getByRole('article', { name: 'Profile Plan' })).toContainText('Subscription active');
  });
});
