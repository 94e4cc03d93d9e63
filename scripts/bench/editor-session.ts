import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { sentTo, waitForMail } from '../../tests/support/api/mail/outbox';
import { startTsChild } from './child-process';
import { SITE_ORIGIN, SITE_PORT, siteBuilt } from './site-build';

/** Debian's Chromium, the one browser this project's machines can install. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const PASSWORD = 'Plumber2026';
/** The session cookie's name on plain http (api/auth/session-cookie.ts). */
const SESSION_COOKIE = 'tc_session';

async function post(origin: string, route: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${origin}/api${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(data)}`);
  return data;
}

/** Registers, verifies with the code from the server's outbox, and logs in, as a newcomer would. */
export async function signUp(
  origin: string,
  dataDir: string,
  username: string,
): Promise<{ token: string; user: unknown }> {
  const email = `${username}@example.com`;
  await post(origin, '/register', { name: 'Bench Editor', email, username, password: PASSWORD });
  // Sent just after the request commits: wait for it rather than looking once.
  const mail = await waitForMail(path.join(dataDir, 'outbox'), (m) => sentTo(m, email));
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no verification code in the outbox');
  await post(origin, '/verify-email', { email, code });
  const { token, user } = await post(origin, '/login', { email, password: PASSWORD });
  if (typeof token !== 'string') throw new Error('login gave no token');
  return { token, user };
}

/** A page in a browser signed in as the login form leaves one (ADR 015): the HttpOnly cookie and the user's copy. */
export async function signedInPage(
  browser: Browser,
  origin: string,
  session: { token: string; user: unknown },
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: session.token, url: origin }]);
  await context.addInitScript(
    (value) => localStorage.setItem('authUser', value),
    JSON.stringify(session.user),
  );
  return context.newPage();
}

const START_TIMEOUT_MS = 60_000;

/**
 * The site built and `npm start`'s server on the site's port with an empty data folder, and Chromium: what an
 * editor bench drives. Everything is stopped and the folder removed once `run` is done.
 */
export async function withEditorServer<T>(
  run: (session: { origin: string; dataDir: string; browser: Browser }) => Promise<T>,
): Promise<T> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`The editor benches need Debian's Chromium at ${CHROMIUM}`);
  const origin = SITE_ORIGIN;
  siteBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-editor-'));
  const server = startTsChild('api/server.ts', {
    DATA_DIR: dataDir,
    PORT: String(SITE_PORT),
    PUBLIC_URL: origin,
    SEED_DEMO: 'false',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    await server.waitFor(/TradeCard is running/, START_TIMEOUT_MS);
    return await run({ origin, dataDir, browser });
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
