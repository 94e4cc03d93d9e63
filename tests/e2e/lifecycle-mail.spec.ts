import { expect, test } from '@playwright/test';
import { bearer, logIn, signUp, storeSession } from './accounts';
import { mailTo, theOneButton } from './mail';
import { moveClock } from './test-clock';
import { expectCheckoutWebhookRecorded } from './webhooks';

/**
 * Issue 14: the free trial's mail, read from the server's outbox as the person reads their inbox, on a server whose
 * clock the journey moves (TEST_CLOCK=true, POST /api/test-clock). The server is shared, so the journeys after this
 * one run a fortnight on: each makes its own accounts, and the dates they check follow the server's clock. One that
 * compared the browser's own time with a trial's end (editor.spec.ts's "14 days left") must run before it, as it
 * does by name.
 */
const USERNAME = 'lifecyclemail';
const EMAIL = `${USERNAME}@example.com`;

test.use({ viewport: { width: 390, height: 844 } });

test('trial → the 3-day mail → the trial-ended mail and a locked editor → subscribe from the mail’s link', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await signUp(request, USERNAME);
  expect((await request.post('/api/trial/start', { headers: bearer(token) })).status()).toBeLessThan(300);

  await moveClock(page, request, { days: 11 });
  const soon = await mailTo(EMAIL, 'Your TradeCard free trial ends in 3 days');
  expect(soon.text).toMatch(
    /Your free trial ends on \d{1,2} \w+ \d{4} at \d\d:\d\d \(UK time\)\. Then your page/,
  );
  expect(theOneButton(soon, 'Subscribe – £4.95/month')).toBe(`${baseURL}/subscription`);

  await moveClock(page, request, { days: 3 });
  const ended = await mailTo(EMAIL, 'Your TradeCard free trial has ended: your page is offline');
  expect(ended.text).toContain(`Your page: ${baseURL}/u/${USERNAME}`);
  const subscribe = theOneButton(ended, 'Subscribe – £4.95/month');

  // A fortnight on, the week-long session has lapsed: the person signs in again, then follows the mail's button.
  await storeSession(page, await logIn(request, EMAIL));
  // The editor is locked behind the plan page, as the mail says.
  await page.goto('/myprofile');
  await expect(
    page
      .getByRole('button', { name: 'Go to Subscription' })
      .or(page.getByRole('link', { name: 'Go to Subscription' })),
  ).toBeVisible();
  await page.goto(subscribe);
  // One free trial per account: the plan page offers the plan itself, and its checkout charges from today.
  await expect(page.getByRole('button', { name: 'Start your 14-day free trial' })).toHaveCount(0);
  // Nor does it promise one in its words or the plan's badge (issue 28); its FAQ still explains the rule.
  await expect(page.getByText('£4.95 a month, cancel any time: your page stays live')).toBeVisible();
  await expect(page.getByText('14-Day Free Trial', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/first 14 days are free|Free for 14 days/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Subscribe – £4.95/month' }).click();
  await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
  await expect(page.getByText('Due today £4.95')).toBeVisible();
  await expect(page.getByText(/Free for|Free until/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Subscribe – £4.95 a month' }).click();

  await page.waitForURL(/\/SuccessSubscription\?id=/);
  await expectCheckoutWebhookRecorded(EMAIL);
  await mailTo(EMAIL, 'Your TradeCard subscription is active');
  await expect(page.getByText('Next charge on', { exact: true })).toBeVisible();
});
