import { expect, type Page, test } from '@playwright/test';
import { signUp, storeSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { mailTo, theOneButton } from './mail';
import { openEditorWithOrders, planBanner } from './plan-banner';
import { startPlanAtHostedCheckout } from './webhooks';

const toast = (page: Page, text: string) => page.locator('#toasts').getByText(text);
const PLAN_KEPT = 'Your plan will carry on: it renews as before.';

test.describe('plan states the user can act on (issue 14)', () => {
  test('cancel from My Orders → the editor’s banner and the mail say when the page goes offline → Keep my plan', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = 'keeper@example.com';
    await storeSession(page, await signUp(request, 'keeper'));
    await startPlanAtHostedCheckout(page, email, '4242');

    await page.goto('/myorders');
    const plan = page.getByRole('article', { name: 'Profile Plan' });
    const cancel = async () => {
      page.once('dialog', (dialog) => void dialog.accept());
      await plan.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(plan).toContainText('Cancels at end of period');
    };
    await cancel();
    await expect(plan.getByRole('button', { name: 'Keep my plan' })).toBeVisible();

    await page.goto('/myprofile');
    const banner = planBanner(page, 'Your plan is set to cancel');
    await expect(banner).toContainText(/Your page goes offline on \d{1,2} \w+ \d{4}/);
    await expectNoAxeViolations(page);
    const offlineOn = (await banner.textContent())?.match(/offline on (\d{1,2} \w+ \d{4})/)?.[1];

    // The mail says the same day, and its one button leads to where the plan is kept.
    const mail = await mailTo(email, /^Your TradeCard plan is set to cancel on /);
    expect(mail.subject).toBe(`Your TradeCard plan is set to cancel on ${offlineOn}`);
    expect(mail.text).toContain(`Plan ends: ${offlineOn} at `);
    expect(mail.text).toContain('You won’t be charged.');
    const keep = theOneButton(mail, 'Keep my plan');
    expect(keep).toBe(`${baseURL}/myorders`);

    await page.goto(keep);
    await plan.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(toast(page, PLAN_KEPT)).toBeVisible();
    await expect(plan).toContainText('Trial active');
    await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Keep my plan' })).toHaveCount(0);
    await openEditorWithOrders(page);
    await expect(banner).toHaveCount(0);

    // The banner keeps it too.
    await page.goto('/myorders');
    await cancel();
    await page.goto('/myprofile');
    // The first keep's toast, carried over the pages since, has gone: the next one is the banner's own.
    await expect(toast(page, PLAN_KEPT)).toHaveCount(0);
    await banner.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(toast(page, PLAN_KEPT)).toBeVisible();
    await expect(banner).toBeHidden();

    // And the plan pages: cancelled again, /subscription says when it ends and keeps it.
    await page.goto('/myorders');
    await cancel();
    await page.goto('/subscription');
    await expect(page.getByText(/Your plan is set to cancel and ends on/)).toBeVisible();
    await page.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(page.getByRole('button', { name: 'Plan active' })).toBeDisabled();
  });
});
