import { type APIRequestContext, expect, test } from '@playwright/test';
import { sentTo, waitForMail } from '../support/api/mail/outbox';
import { bearer, outboxDir, signUp, storeSession } from './accounts';
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

const moveClock = async (request: APIRequestContext, days: number) => {
  const moved = await request.post('/api/test-clock', { data: { days } });
  expect(moved.status()).toBe(200);
  return (await moved.json()) as { now: string; trials: { warned: number; ended: number } };
};

const mailWithSubject = (subject: string) =>
  waitForMail(outboxDir(), (mail) => sentTo(mail, EMAIL) && mail.subject === subject);

/** The address a mail's button leads to, as its plain-text part spells it out: "<label>: <url>". */
const linkIn = (text: string, label: string) => {
  const url = text.match(new RegExp(`^${label}: (\\S+)$`, 'm'))?.[1];
  if (!url) throw new Error(`No “${label}” link in:\n${text}`);
  return url;
};

test.use({ viewport: { width: 390, height: 844 } });

test('trial → the 3-day mail → the trial-ended mail → subscribe from the mail’s link', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await signUp(request, USERNAME);
  expect((await request.post('/api/trial/start', { headers: bearer(token) })).status()).toBeLessThan(300);

  await moveClock(request, 11);
  const soon = await mailWithSubject('Your TradeCard free trial ends in 3 days');
  expect(soon.text).toMatch(
    /Your free trial ends on \d{1,2} \w+ \d{4} at \d\d:\d\d \(UK time\)\. Then your page/,
  );
  expect(linkIn(soon.text, 'Subscribe – £4\\.95/month')).toBe(`${baseURL}/subscription`);

  await moveClock(request, 3);
  const ended = await mailWithSubject('Your TradeCard free trial has ended: your page is offline');
  expect(ended.text).toContain(`Your page: ${baseURL}/u/${USERNAME}`);
  const subscribe = linkIn(ended.text, 'Subscribe – £4\\.95/month');

  // A fortnight on, the week-long session has lapsed: the person signs in again, then follows the mail's button.
  const login = await request.post('/api/login', { data: { email: EMAIL, password: 'Plumber2026' } });
  expect(login.status()).toBe(200);
  await request.clearCookies();
  await storeSession(page, (await login.json()).token as string);
  await page.goto(subscribe);
  await page
    .getByRole('button', { name: /^(Subscribe – £4\.95\/month|Start your 14-day free trial)$/ })
    .click();
  await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
  // One free trial per account: the checkout charges from today.
  await expect(page.getByText('Due today £4.95')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe – £4.95 a month' }).click();

  await page.waitForURL(/\/SuccessSubscription\?id=/);
  await expectCheckoutWebhookRecorded(EMAIL);
  await mailWithSubject('Your TradeCard subscription is active');
  await expect(page.getByText('Next charge on', { exact: true })).toBeVisible();
});
