import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { sentTo, waitForMail } from '../support/api/mail/outbox';
import { e2eDataDir } from './env';

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
  return (await login.json()).token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A stored session, put in place once (as a login would), so a later sign-out or delete sticks. */
export async function storeSession(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', value);
    }
  }, token);
}
