import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { e2eDataDir } from './env';

const PASSWORD = 'Plumber2026';

/** The newest code mailed to an address, read from the server's outbox as the person would read their inbox. */
export function lastCodeFor(email: string): string {
  const outbox = path.join(e2eDataDir(), 'outbox');
  const mails = fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((mail) => mail.includes(email));
  const code = mails.at(-1)?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No verification code for ${email} in the outbox`);
  return code;
}

/** Registers, verifies and logs in through the API; returns the bearer token. */
export async function signUp(request: APIRequestContext, username: string): Promise<string> {
  const email = `${username}@example.com`;
  const registered = await request.post('/api/register', {
    data: { name: 'Dana Pipe', email, username, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  await request.post('/api/verify-email', { data: { email, code: lastCodeFor(email) } });
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
