import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpThroughApi } from '../support/abuse/server';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';

// Finding 3 of issue 11: a stand-in chat widget read the session token from localStorage and took the account over.
// The session is now an HttpOnly cookie (ADR 015), out of any script's reach; what a hostile page can still do is
// make the visitor's browser send it, so the real server must refuse a change that comes from another site.

const SITE = 'https://cards.tradecard.test';
let server: ServerProcess & { url: string };
let cookie: string;
let setCookie: string;

beforeAll(async () => {
  server = await startServerProcess({ env: { PUBLIC_URL: SITE, TRUST_PROXY: '1' } });
  const email = await signUpThroughApi(server, 'dana', 'Plumber2026', '198.51.100.30');
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, 'x-forwarded-for': '198.51.100.30' },
    body: JSON.stringify({ email, password: 'Plumber2026' }),
  });
  expect(login.status).toBe(200);
  setCookie = login.headers.getSetCookie().join('\n');
  cookie = setCookie.split(';')[0] ?? '';
});
afterAll(async () => {
  await server?.cleanup();
});

const send = (route: string, method: string, headers: Record<string, string>, body?: string) =>
  fetch(`${server.url}${route}`, { method, headers: { cookie, ...headers }, body, redirect: 'manual' });

it('hands the browser a cookie no script can read, for this host only, over https only', () => {
  expect(cookie).toMatch(/^__Host-tc_session=[\w-]{43}$/);
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/Secure/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).not.toMatch(/Domain=/i);
});

it('refuses what a hostile page can make the browser send with the cookie', async () => {
  // A form post needs no preflight, so a page anywhere can send one; so can a page on a look-alike origin.
  const forged: Record<string, string>[] = [
    { origin: 'https://evil.example', 'content-type': 'text/plain' },
    { origin: 'https://cards.tradecard.test.evil.example', 'content-type': 'application/json' },
    { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
    { referer: 'https://evil.example/page', 'content-type': 'application/json' },
  ];
  for (const headers of forged) {
    const changeName = await send('/api/profile', 'PUT', headers, JSON.stringify({ name: 'Owned' }));
    expect(changeName.status, JSON.stringify(headers)).toBe(403);
    expect(((await changeName.json()) as { error: string }).error).toMatch(/another site/);
    const logout = await send('/api/logout', 'POST', headers, '{}');
    expect(logout.status).toBe(403);
  }
  const profile = await send('/api/profile', 'GET', {});
  expect(((await profile.json()) as { data: { name: string } }).data.name).toBe('Dana Pipe');
});

it('lets our own pages use it, by PUBLIC_URL or by the address the server was reached at', async () => {
  for (const origin of [SITE, server.url]) {
    const answer = await send(
      '/api/profile',
      'PUT',
      { origin, 'content-type': 'application/json' },
      '{"name":"Dana P"}',
    );
    expect(answer.status).toBe(200);
  }
});
