import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { listOutboxFiles, readOutboxMessage } from '../../api/mail/outbox-reader';
import { sentTo, waitForMail } from '../support/api/mail/outbox';
import { readZip } from '../support/zip';
import { bearer, signedInHere, signUp, storeSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { CHAT_WIDGET_STAND_IN, e2eDataDir } from './env';
import { pastTheChatDelay, stopPageClock } from './page-clock';
import { expectCheckoutWebhookRecorded } from './webhooks';

/** The mail the server wrote to its outbox, as the person (or support) would read it. */
async function mailsTo(address: string) {
  const files = (await listOutboxFiles(path.join(e2eDataDir(), 'outbox'))) ?? [];
  const mails = await Promise.all(files.map((file) => readOutboxMessage(file)));
  return mails.filter((mail) => sentTo(mail, address));
}

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);

test.describe('the account screens', () => {
  test('/nfccards shows both offers; Subscribe now opens checkout, and once a signed webhook reports the Stripe SDK’s subscription the plan shows as active', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, 'planbuyer');
    await storeSession(page, token);
    await page.goto('/nfccards');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Plans & Cards' })).toBeVisible();
    const plan = page.getByRole('article', { name: 'Profile Plan' });
    await expect(plan.getByRole('listitem')).toHaveCount(10);
    const card = page.getByRole('article', { name: 'NFC Card – White Edition' });
    // Any number of cards, as on the card page (issue 28): it was one only.
    await expect(card.getByRole('button', { name: 'Order now', exact: true })).toBeEnabled();
    await card.getByRole('button', { name: 'One more' }).click();
    await expect(card.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    const photos = card.getByRole('list', { name: 'Card photos' }).getByRole('button');
    await expect(photos.first()).toHaveAttribute('aria-pressed', 'true');
    await photos.nth(1).click();
    await expect(photos.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(card.locator('.card-gallery__main')).toHaveAttribute('alt', /back of the card/);

    await plan.getByRole('button', { name: 'Subscribe now' }).click();
    await page.waitForURL(/\/checkout\/test\//);
    await expect(page.getByText(/Free for 14 days, then £4\.95 a month/)).toBeVisible();
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL(/\/SuccessSubscription\?/);
    await expectCheckoutWebhookRecorded('planbuyer@example.com');

    await page.goto('/nfccards');
    await expect(plan.getByRole('button', { name: 'Plan active' })).toBeDisabled();
    await expect(plan.getByRole('button', { name: 'Subscribe now' })).toHaveCount(0);
  });

  test('/profile renames the user, and the header card follows', async ({ page, request }) => {
    const token = await signUp(request, 'renamer');
    await storeSession(page, token);
    await page.goto('/profile');
    const name = page.getByLabel('Display name');
    await expect(name).toHaveValue('Dana Pipe');
    await expect(page.getByLabel('Email')).toHaveValue('renamer@example.com');
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    const origin = new URL(page.url()).origin;
    await expect(page.getByLabel('Your page URL')).toHaveValue(`${origin}/u/renamer`);

    await name.fill('Dana Plumbing & Heating');
    await page.getByRole('button', { name: 'Save Updates' }).click();
    await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Dana Plumbing & Heating')).toBeVisible();
    const profile = await (await request.get('/api/profile', { headers: bearer(token) })).json();
    expect(profile.data.name).toBe('Dana Plumbing & Heating');

    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue('Dana Plumbing & Heating');
  });

  test('Download my data saves a zip of the account, named for it and the day', async ({ page, request }) => {
    const token = await signUp(request, 'downloader');
    await storeSession(page, token);
    await page.goto('/profile');
    await expect(page.getByText(/Download a copy of everything you’ve given us/)).toBeVisible();
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/^tradecard-downloader-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = readZip(fs.readFileSync(await download.path()));
    expect(JSON.parse(files.get('account.json')?.toString() ?? '{}').email).toBe('downloader@example.com');
  });

  test('Reset sends a password reset link by email', async ({ page, request }) => {
    const token = await signUp(request, 'resetter');
    await storeSession(page, token);
    const before = (await mailsTo('resetter@example.com')).length;
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(toast(page, 'Password reset link sent to your email!')).toBeVisible();
    // Sent just after the request commits: wait for it rather than looking once.
    await expect.poll(async () => (await mailsTo('resetter@example.com')).length).toBe(before + 1);
    const mails = await mailsTo('resetter@example.com');
    expect(mails.at(-1)?.subject).toBe('Reset your TradeCard password');
    expect(mails.at(-1)?.text).toMatch(/\/reset-password\/\S+/);
  });

  test('deleting needs a second press after a 3-second countdown, then the account is gone', async ({
    page,
    request,
  }) => {
    const token = await signUp(request, 'leaver');
    await storeSession(page, token);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Delete Your Account' });
    // Issues 11 and 28: what deletion leaves and what it gives back, said before it happens.
    await expect(section).toContainText('paid for that haven’t shipped yet are cancelled, and refunded');
    await expect(section).toContainText('username stays reserved for 12 months');
    await section.getByRole('button', { name: 'Delete Your Account' }).click();
    const confirm = section.getByRole('button', { name: /^Confirm/ });
    await expect(confirm).toHaveText('Confirm in 3…');
    await expect(confirm).toBeDisabled();
    // A press while counting down changes nothing.
    await confirm.click({ force: true });
    await expect(confirm).toBeDisabled();
    expect((await request.get('/api/profile', { headers: bearer(token) })).status()).toBe(200);

    // Cancel starts again from the beginning.
    await section.getByRole('button', { name: 'Cancel' }).click();
    await expect(section.getByRole('button', { name: 'Delete Your Account' })).toBeEnabled();
    await section.getByRole('button', { name: 'Delete Your Account' }).click();
    const rearmedAt = Date.now();
    await expect(confirm).toHaveText('Confirm delete', { timeout: 5000 });
    expect(Date.now() - rearmedAt).toBeGreaterThanOrEqual(2800);
    await expect(confirm).toBeEnabled();
    await confirm.click();

    await page.waitForURL((url) => url.pathname === '/');
    await expect(toast(page, 'Your account has been deleted')).toBeVisible();
    expect(await signedInHere(page)).toBe(false);
    expect((await request.get('/api/profile', { headers: bearer(token) })).status()).toBe(401);
    await expect
      .poll(async () => (await request.get('/u/leaver')).text())
      .toContain('This card is no longer in use');
  });

  test('/contact-support prefills, refuses empty fields, and sends', async ({ page, request }) => {
    const token = await signUp(request, 'asker');
    await storeSession(page, token);
    await page.goto('/contact-support');
    await expect(page.getByText(/Replies typically come within 24 hours/)).toBeVisible();
    await expect(page.getByLabel('Your name')).toHaveValue('Dana Pipe');
    await expect(page.getByLabel('Email')).toHaveValue('asker@example.com');

    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields.');

    await page.getByLabel('Reason').selectOption('Card not working');
    await page.getByLabel('Message').fill('My card stopped opening my page after I changed phone case.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page, 'Message sent!')).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue('');
    await expect(page.getByLabel('Your name')).toHaveValue('Dana Pipe');

    const mail = await waitForMail(
      path.join(e2eDataDir(), 'outbox'),
      (m) => sentTo(m, 'support@tradecard.localhost') && m.text.includes('My card stopped opening my page'),
    );
    expect(mail?.subject).toBe('Contact form: Card not working from Dana Pipe');
    expect(mail?.text).toContain('asker@example.com');
  });

  test('Live chat, signed in, says chat is off and leads to the message form (no widget on a signed-in page)', async ({
    page,
    request,
  }) => {
    const loads: string[] = [];
    await page.route(CHAT_WIDGET_STAND_IN, (route) => {
      loads.push(page.url());
      return route.abort();
    });
    await stopPageClock(page);
    const token = await signUp(request, 'chatter');
    await storeSession(page, token);
    await page.goto('/helpcentreinterface');
    await expect(page.getByRole('listitem').filter({ hasText: 'Under maintenance' })).toHaveCount(5);
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
    await page.getByRole('button', { name: 'Live chat' }).click();
    await page.waitForURL((url) => url.pathname === '/contact-support');
    await expect(toast(page, 'Live chat isn’t available while you’re signed in.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('chatter@example.com');

    await page.getByRole('button', { name: 'Live chat' }).click();
    await expect(toast(page, 'Live chat isn’t available while you’re signed in.').first()).toBeVisible();
    await pastTheChatDelay(page);
    expect(loads).toEqual([]);
  });

  test('the contact addresses lead a signed-in user to /contact-support and a visitor to /contactus', async ({
    page,
    request,
  }) => {
    await page.goto('/contact');
    await page.waitForURL((url) => url.pathname === '/contactus');

    const token = await signUp(request, 'redirected');
    await storeSession(page, token);
    await page.goto('/contactus');
    await page.waitForURL((url) => url.pathname === '/contact-support');
    await expect(page.getByLabel('Email')).toHaveValue('redirected@example.com');
    await page.goto('/contact');
    await page.waitForURL((url) => url.pathname === '/contact-support');
  });

  test('a visitor on /profile goes to log in first', async ({ page }) => {
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(page.url()).toContain('/login?from=%2Fprofile');
  });

  test('/notifications shows read-only switches and says why', async ({ page, request }) => {
    const token = await signUp(request, 'notified');
    await storeSession(page, token);
    await page.goto('/notifications');
    await expect(
      page.getByText(
        'Besides the weekly summary, we only email you about your orders, your plan and your account.',
      ),
    ).toBeVisible();
    const email = page.getByRole('switch', { name: 'Email' });
    await expect(email).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('switch', { name: 'WhatsApp' })).toHaveAttribute('aria-checked', 'false');
    const allOff = page.getByRole('switch', { name: 'Turn Off All Notifications' });
    await expect(allOff).toHaveAttribute('aria-checked', 'true');
    await expect(email).toBeDisabled();
    await email.click({ force: true });
    await expect(email).toHaveAttribute('aria-checked', 'false');
  });

  // One test a screen: ten audits in one test ran past its minute on a busy machine.
  for (const [path, heading] of [
    ['/nfccards', 'Our Plans & Cards'],
    ['/notifications', 'Notifications'],
    ['/profile', 'My Account'],
    ['/helpcentreinterface', 'Help Centre'],
    ['/contact-support', 'Contact support'],
    ['/firm', 'Your firm'],
  ] as const) {
    test(`axe finds nothing on ${path}, with the sidebar closed and open`, async ({ page, request }) => {
      const username = `audited${path.replace(/\W/g, '')}`.slice(0, 30);
      const token = await signUp(request, username);
      await storeSession(page, token);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('banner').getByText(`${username}@example.com`)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
