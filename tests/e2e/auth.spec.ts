import { expect, type Page, test } from '@playwright/test';
import { listOutboxFiles, readOutboxMessage } from '../../api/mail/outbox-reader';
import { sentTo, waitForMail } from '../support/api/mail/outbox';
import { lastCodeFor, outboxDir, SESSION_COOKIE, signUp, tokenVisibleToScripts } from './accounts';
import { expectNoAxeViolations } from './axe';
import { e2eDataDir } from './env';

const PASSWORD = 'Plumber2026';

/** Every mail to `email`, oldest first, read as the person would read their inbox. */
async function mailsTo(email: string) {
  const files = (await listOutboxFiles(`${e2eDataDir()}/outbox`)) ?? [];
  const mails = await Promise.all(files.map(readOutboxMessage));
  return mails.filter((mail) => sentTo(mail, email));
}

const toast = (page: Page, text: string | RegExp) => page.locator('#toasts').getByText(text);

/**
 * Signed in as ADR 015 has it (issue 11, finding 3): the session is an HttpOnly, SameSite=Lax cookie, and no script
 * on the page (a chat widget, an injected one) can read it from localStorage, sessionStorage or document.cookie.
 * Only the display copy of the user stays readable.
 */
async function expectSignedIn(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie?.value).toBeTruthy();
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(await tokenVisibleToScripts(page, cookie?.value)).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('authUser'))).toContain('@example.com');
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

// Registered first: the login journey for it needs the server's 30-second wait between codes to have passed.
const unverified = { email: 'waiting@example.com', registeredAt: 0 };

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const answer = await api.post('/api/register', {
    data: { name: 'Wyn Waiting', email: unverified.email, username: 'waiting', password: PASSWORD },
  });
  // 409: a worker restarted after a failure and registered it already; timing from now is then on the safe side.
  expect([201, 409]).toContain(answer.status());
  unverified.registeredAt = Date.now();
  await api.dispose();
});

test.describe('signing up and signing in', () => {
  test('signs up: each mistake is explained, the emailed code verifies, and the visitor is signed in', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Username')).toHaveAccessibleDescription(/Username is required\./);
    await expect(page.getByLabel('Your name')).toBeFocused();

    await page.getByLabel('Your name').fill('Dana Pipe');
    await page.getByLabel('Email').fill('  Dana.New@Example.com ');
    await page.getByLabel('Username').fill(' Dana-New ');
    await expect(page.getByText(/Your page: http:\/\/127\.0\.0\.1:\d+\/u\/dana-new/)).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('plumber');
    const rules = page.getByRole('list', { name: 'Password requirements' });
    await expect(rules.getByRole('listitem')).toHaveText([
      /Minimum 8 characters.*not yet/,
      /One uppercase letter.*not yet/,
      /One number.*not yet/,
    ]);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /Please meet all password requirements\./,
    );
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expect(rules.getByRole('listitem')).toHaveText([/done/, /done/, /done/]);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('checkbox', { name: /terms and conditions/ })).toHaveAccessibleDescription(
      'Please agree to the terms and conditions.',
    );
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(toast(page, 'Verification code sent!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText('dana.new@example.com')).toBeVisible();
    const code = page.getByLabel('Verification code');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await code.fill('123 4567');
    await expect(code).toHaveValue('123456');
    await code.fill(await lastCodeFor('dana.new@example.com'));
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.waitForURL((url) => url.pathname === '/myprofile');
    await expectSignedIn(page);
  });

  test('logs in: the server’s words for a wrong password, then back to the signed-in page the visitor came from', async ({
    page,
    request,
  }) => {
    await signUp(request, 'returning');
    await page.goto('/login?from=%2Fmyorders');
    await expectNoAxeViolations(page);
    await logIn(page, 'returning@example.com', 'Wrong2026');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/myorders');
    await expectSignedIn(page);

    await page.goto('/login');
    await expect(page.getByLabel('Email')).toHaveValue('returning@example.com');
    await expect(page.getByLabel('Remember me')).toBeChecked();
  });

  test('a card bought before signing in is bought after: card page, then the checkout', async ({
    page,
    request,
  }) => {
    await signUp(request, 'cardlater');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto('/login');
    await page.evaluate(() =>
      localStorage.setItem('postAuthAction', JSON.stringify({ type: 'buy_card', payload: { quantity: 2 } })),
    );
    await logIn(page, 'cardlater@example.com', PASSWORD);
    await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
    await expect(page.getByRole('button', { name: 'Pay £49.90' })).toBeVisible();
    expect(
      visited.some((url) => url.endsWith('/productandplan/plasticnfccard?triggerCheckout=1&quantity=2')),
    ).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('postAuthAction'))).toBeNull();
  });

  test('a plan started before signing in opens its checkout after', async ({ page, request }) => {
    await signUp(request, 'planlater');
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('postAuthAction', JSON.stringify({ type: 'subscribe' })));
    await logIn(page, 'planlater@example.com', PASSWORD);
    await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
    await expect(page.getByRole('button', { name: 'Start free trial' })).toBeVisible();
  });

  test('a forgotten password: the link is mailed, resets it, and the new one logs in', async ({
    page,
    request,
  }) => {
    await signUp(request, 'forgetful');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill('Forgetful@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(toast(page, /we’ve sent a password reset link/)).toBeVisible();

    const mail = await waitForMail(
      outboxDir(),
      (m) => sentTo(m, 'forgetful@example.com') && m.subject.includes('Reset'),
    );
    const link = mail?.text.match(/https?:\/\/\S+\/reset-password\/[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link ?? '');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Boiler2027');
    await page.getByLabel('Confirm new password').fill('Boiler2028');
    await expect(page.getByRole('listitem').filter({ hasText: 'Passwords match' })).toContainText('not yet');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription(
      /Please meet all password requirements\./,
    );
    await expectNoAxeViolations(page);

    await page.getByLabel('Confirm new password').fill('Boiler2027');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect(toast(page, 'Password reset successful! You can now log in.')).toBeVisible();
    await logIn(page, 'forgetful@example.com', 'Boiler2027');
    await page.waitForURL((url) => url.pathname === '/myprofile');
  });

  test('the reset page without a token says so and goes to login', async ({ page }) => {
    await page.goto('/reset-password');
    await page.waitForURL((url) => url.pathname === '/login');
    await expect(toast(page, 'Invalid or missing password reset token.')).toBeVisible();
  });

  test('the reset page passes axe', async ({ page }) => {
    await page.goto('/reset-password/a-token-for-the-audit');
    await page.getByLabel('New password', { exact: true }).focus();
    await expectNoAxeViolations(page);
  });

  test('an unverified login opens verification with a new code, then signs in', async ({ page }) => {
    // The server mails at most one code per 30 seconds; this account's first went out at registration.
    await page.waitForTimeout(Math.max(0, unverified.registeredAt + 31_000 - Date.now()));
    const before = (await mailsTo(unverified.email)).length;
    await page.goto('/login');
    await logIn(page, unverified.email, PASSWORD);

    await expect(toast(page, 'Email not verified. New code sent!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
    await expect.poll(async () => (await mailsTo(unverified.email)).length).toBe(before + 1);

    await page.getByLabel('Verification code').fill(await lastCodeFor(unverified.email));
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.waitForURL((url) => url.pathname === '/myprofile');
    await expectSignedIn(page);
  });
});
