import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { sampleCardFields } from '../../renderer/sample/sample-card';

type Json = Record<string, unknown>;

async function call(baseUrl: string, pathname: string, body: Json, token?: string) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Json };
}

/** The six-digit code in the newest mail to `email`, from the server's outbox folder (MAIL=outbox). */
async function codeFromOutbox(dataDir: string, email: string, timeoutMs: number): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files.sort().reverse()) {
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
      if (!JSON.stringify(mail.to ?? '').includes(email)) continue;
      const code = mail.text?.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification code for ${email} in ${outbox} after ${timeoutMs} ms`);
}

/** Registers, verifies and logs in over HTTP, as a tradesperson would; returns the bearer token. */
export async function signUpOverHttp(baseUrl: string, dataDir: string, username: string): Promise<string> {
  const email = `${username}@bench.test`;
  const password = 'Plumber2026';
  const registered = await call(baseUrl, '/api/register', {
    name: 'Rita Republish',
    email,
    username,
    password,
  });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const code = await codeFromOutbox(dataDir, email, 15_000);
  const verified = await call(baseUrl, '/api/verify-email', { email, code });
  if (verified.status !== 200)
    throw new Error(`verify-email: ${verified.status} ${JSON.stringify(verified.body)}`);
  const login = await call(baseUrl, '/api/login', { email, password });
  const token = login.body.token;
  if (typeof token !== 'string') throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return token;
}

/**
 * One save from the editor (SPEC §5) with no photos (an account may only show photos it uploaded itself); the bio's
 * length changes with `revision`, so consecutive pages differ in length as well as in content.
 */
export async function publish(baseUrl: string, token: string, revision: number): Promise<number> {
  const bio = `Revision ${revision}: ${'Fitted bathrooms, wet rooms and tiling across Bristol. '.repeat(1 + (revision % 9))}`;
  const response = await call(
    baseUrl,
    '/api/business-card/create_business_card',
    { ...sampleCardFields, full_name: 'Rita Republish', bio },
    token,
  );
  return response.status;
}
