import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { sentTo, waitForMail } from '../support/api/mail/outbox';
import { e2eDataDir, e2ePort } from './env';

const PASSWORD = 'Plumber2026';

/**
 * The newest code mailed to an address, read from the server's outbox as the person would read their inbox. The
 * server sends just after the request commits, so this waits for the mail rather than looking once.
 */
export async function lastCodeFor(email: string, options: { after?: number } = {}): Promise<string> {
  const mail = await waitForMail(
    outboxDir(),
    (m) => sentTo(m, email) && m.subject.includes('verification code'),
    options,
  );
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No verification code for ${email} in the outbox`);
  return code;
}

export const outboxDir = () => path.join(e2eDataDir(), 'outbox');

/**
 * The address a journey's customer signs up from, as the server's one trusted proxy would report it: each account
 * a different person, as in real life, rather than dozens of sign-ups from one address (which ADR 014 slows down).
 */
const addressOf = (username: string) => {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { 'x-forwarded-for': `198.18.${(hash >>> 8) & 255}.${hash & 255}` };
};

/** Registers, verifies and logs in through the API; returns the bearer token. */
export async function signUp(request: APIRequestContext, username: string): Promise<string> {
  const email = `${username}@example.com`;
  const headers = addressOf(username);
  const registered = await request.post('/api/register', {
    data: { name: 'Dana Pipe', email, username, password: PASSWORD },
    headers,
  });
  expect(registered.status()).toBe(201);
  await request.post('/api/verify-email', { data: { email, code: await lastCodeFor(email) }, headers });
  const login = await request.post('/api/login', { data: { email, password: PASSWORD }, headers });
  expect(login.status()).toBe(200);
  // The login also set the browser's session cookie (ADR 015) in this request context's jar. Journeys sign in with
  // the Bearer token; a cookie left there would sign in their later calls, and its replacement at the next sign-up
  // would end this account's session (a login revokes the session whose cookie it replaces).
  await request.clearCookies({ name: SESSION_COOKIE });
  return (await login.json()).token as string;
}

/**
 * Signs an account in again through the API (sessions age with the server's clock: after a jump of more than a week,
 * the person signs in again); returns the bearer token. No cookie is left in the request context, whose later calls
 * it would sign in.
 */
export async function logIn(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  await request.clearCookies({ name: SESSION_COOKIE });
  return (await login.json()).token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The session cookie's name over the journeys' plain http (`__Host-tc_session` over https; ADR 015). */
export const SESSION_COOKIE = 'tc_session';

/**
 * Signs the browser in as a login would (ADR 015): the session cookie in the browser, and the display copy of the
 * user in localStorage (`null` when the journey has none: the screens fetch it), put there once so a later sign-out
 * or delete sticks.
 */
export async function storeSession(page: Page, token: string, user: unknown = null) {
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: token, url: `http://127.0.0.1:${e2ePort()}` }]);
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('authUser', value);
    }
  }, JSON.stringify(user));
}

/** Switches the open page's browser to another account now; the page reads it on its next load. */
export async function switchSession(page: Page, token: string) {
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: token, url: `http://127.0.0.1:${e2ePort()}` }]);
  await page.evaluate(() => localStorage.setItem('authUser', 'null'));
}

/** Signs the browser in on every page load, whatever the page did (a journey that never signs out). */
export async function alwaysSignedIn(page: Page, token: string) {
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: token, url: `http://127.0.0.1:${e2ePort()}` }]);
  await page.addInitScript(() => {
    if (localStorage.getItem('authUser') === null) localStorage.setItem('authUser', 'null');
  });
}

/** Whether the browser still holds a session: the cookie, or the signed-in copy. */
export async function signedInHere(page: Page): Promise<boolean> {
  const cookie = (await page.context().cookies()).some((c) => c.name === SESSION_COOKIE);
  return cookie || (await page.evaluate(() => localStorage.getItem('authUser') !== null));
}

/** What a script on the page can see of the session: none of it, once ADR 015 holds. */
export async function tokenVisibleToScripts(page: Page, token?: string): Promise<boolean> {
  return page.evaluate((value) => {
    const stores = [localStorage, sessionStorage];
    const everything = [
      document.cookie,
      ...stores.flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`)),
    ].join('\n');
    return (
      /(^|\n)token=/.test(everything) ||
      /tc_session/.test(everything) ||
      (!!value && everything.includes(value))
    );
  }, token ?? '');
}

/**
 * `npm run grant-admin -- <email>` against the journeys' data folder: the server's ADMIN_EMAILS is fixed when it
 * starts, so the role is granted the way an operator would on a running system.
 */
export async function grantAdmin(email: string) {
  await promisify(execFile)(process.execPath, ['scripts/run.ts', 'grant-admin', email], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), NODE_ENV: 'production' },
  });
}

/** Publishes a page through the API, as the editor's Publish Now does, and waits until it is served (HEAD: no visit). */
export async function publishPage(
  request: APIRequestContext,
  token: string,
  username: string,
  fullName = 'Dana Pipe',
) {
  const answer = await request.post('/api/business-card/create_business_card', {
    headers: bearer(token),
    multipart: { full_name: fullName, phone_number: '0117 496 0456' },
  });
  expect(answer.status()).toBeLessThan(300);
  await expect.poll(async () => (await request.head(`/u/${username}`)).status()).toBe(200);
}

/** An owner's page, live (publishing starts the trial), taking quote requests as every page does at first. */
export async function livePage(request: APIRequestContext, username: string, name: string) {
  const token = await signUp(request, username);
  const published = await request.post('/api/business-card/create_business_card', {
    headers: bearer(token),
    multipart: { main_heading: name, full_name: name, phone_number: '07700 900123' },
  });
  expect(published.status()).toBeLessThan(300);
  await expect.poll(async () => (await request.head(`/u/${username}`)).status()).toBe(200);
  return token;
}
