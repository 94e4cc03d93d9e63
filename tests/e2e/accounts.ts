import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
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

/** Registers, verifies and logs in through the API; returns the bearer token. */
export async function signUp(request: APIRequestContext, username: string): Promise<string> {
  const email = `${username}@example.com`;
  const registered = await request.post('/api/register', {
    data: { name: 'Dana Pipe', email, username, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  await request.post('/api/verify-email', { data: { email, code: await lastCodeFor(email) } });
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
