import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { CROSS_SITE_REFUSED } from './same-origin';
import { hashToken } from './secrets';

let t: Awaited<ReturnType<typeof createTestApp>>;
afterEach(async () => {
  await t.close();
});

const SITE = 'https://tradecard.test';
const DAY = 24 * 60 * 60 * 1000;

/** Signs up, then logs in as a browser would; returns the login's Set-Cookie and its cookie pair. */
async function browserLogin(remember = false, headers: Record<string, string> = {}) {
  await t.signUp('dana');
  const login = await t.call(
    'POST',
    '/api/login',
    { email: 'dana@example.com', password: 'Plumber2026', remember },
    undefined,
    { origin: SITE, ...headers },
  );
  expect(login.status).toBe(200);
  const setCookie = login.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  return { login, setCookie, cookie };
}

const withCookie = (cookie: string, headers: Record<string, string> = {}) => ({ cookie, ...headers });

describe('the session cookie over https', () => {
  it('is __Host-, HttpOnly, Secure, SameSite=Lax, Path=/, host-only, and lives as long as the session', async () => {
    t = await createTestApp();
    const { login, setCookie, cookie } = await browserLogin();
    expect(cookie).toBe(`__Host-tc_session=${login.body.token}`);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(setCookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(setCookie).toMatch(/Max-Age=604800/);
  });

  it('lives 30 days with remember-me', async () => {
    t = await createTestApp();
    const { setCookie } = await browserLogin(true);
    expect(setCookie).toMatch(/Max-Age=2592000/);
  });
});

describe('the session cookie over http', () => {
  it('is tc_session, without Secure (a browser would drop a Secure cookie from http)', async () => {
    t = await createTestApp({ publicUrl: 'http://localhost:3000' });
    const { login, setCookie } = await browserLogin(false, { origin: 'http://localhost:3000' });
    expect(setCookie.split(';')[0]).toBe(`tc_session=${login.body.token}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).not.toMatch(/Secure/i);
  });
});

describe('signing in by cookie', () => {
  it('reads the profile with the cookie alone', async () => {
    t = await createTestApp();
    const { cookie } = await browserLogin();
    const profile = await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie));
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ email: 'dana@example.com' });
  });

  it('accepts a change from our own origin, or with only a same-origin Referer', async () => {
    t = await createTestApp();
    const { cookie } = await browserLogin();
    const fromSite = await t.call(
      'POST',
      '/api/trial/start',
      {},
      undefined,
      withCookie(cookie, { origin: SITE }),
    );
    expect(fromSite.status).not.toBe(403);
    const byReferer = await t.call(
      'POST',
      '/api/trial/start',
      {},
      undefined,
      withCookie(cookie, { referer: `${SITE}/myprofile` }),
    );
    expect(byReferer.status).not.toBe(403);
  });

  it('refuses a change from another site, or with no origin at all, with 403 and a sentence', async () => {
    t = await createTestApp();
    const { cookie } = await browserLogin();
    const strangers: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/x' },
      {},
    ];
    for (const headers of strangers) {
      const answer = await t.call('POST', '/api/logout', {}, undefined, withCookie(cookie, headers));
      expect(answer).toMatchObject({ status: 403, body: { error: CROSS_SITE_REFUSED } });
    }
    const still = await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie));
    expect(still.status).toBe(200);
  });

  it('still takes a Bearer change with no Origin: no browser sends that header by itself', async () => {
    t = await createTestApp();
    const token = await t.signUp('dana');
    const answer = await t.call('POST', '/api/trial/start', {}, token);
    expect(answer.status).not.toBe(403);
    const logout = await t.call('POST', '/api/logout', {}, token);
    expect(logout.status).toBe(200);
    expect((await t.call('GET', '/api/profile', undefined, token)).status).toBe(401);
  });
});

describe('logout, reset and rotation', () => {
  it('logout revokes the cookie’s session and clears the cookie', async () => {
    t = await createTestApp();
    const { cookie } = await browserLogin();
    const logout = await t.call('POST', '/api/logout', {}, undefined, withCookie(cookie, { origin: SITE }));
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/^__Host-tc_session=;.*Max-Age=0/);
    const after = await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie));
    expect(after.status).toBe(401);
  });

  it('a password reset clears the cookie', async () => {
    t = await createTestApp();
    const { cookie } = await browserLogin();
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    const link = (await t.lastMailTo('dana@example.com')).text?.match(/reset-password\/([\w-]+)/)?.[1];
    const reset = await t.call(
      'POST',
      `/api/reset-password/${link}`,
      { password: 'Plumber2027' },
      undefined,
      withCookie(cookie, { origin: SITE }),
    );
    expect(reset.status).toBe(200);
    expect(reset.headers.get('set-cookie')).toMatch(/^__Host-tc_session=;.*Max-Age=0/);
    expect((await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie))).status).toBe(401);
  });

  it('deleting the account clears the cookie', async () => {
    t = await createTestApp();
    const { cookie } = await browserLogin();
    const deleted = await t.call(
      'DELETE',
      '/api/profile',
      undefined,
      undefined,
      withCookie(cookie, { origin: SITE }),
    );
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('set-cookie')).toMatch(/^__Host-tc_session=;.*Max-Age=0/);
  });

  it('a login issues a new token and ends the one its cookie replaces', async () => {
    t = await createTestApp();
    const { login, cookie } = await browserLogin();
    const again = await t.call(
      'POST',
      '/api/login',
      { email: 'dana@example.com', password: 'Plumber2026' },
      undefined,
      withCookie(cookie, { origin: SITE }),
    );
    expect(again.body.token).not.toBe(login.body.token);
    expect((await t.call('GET', '/api/profile', undefined, login.body.token)).status).toBe(401);
    expect((await t.call('GET', '/api/profile', undefined, again.body.token)).status).toBe(200);
  });
});

describe('timeouts', () => {
  it('ends a session unused for 7 days, even a remembered one', async () => {
    t = await createTestApp();
    const { cookie } = await browserLogin(true);
    t.advance(7 * DAY - 60_000);
    expect((await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie))).status).toBe(200);
    // Used a minute before the deadline, so it lives another 7 days from then.
    t.advance(7 * DAY - 60_000);
    expect((await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie))).status).toBe(200);
    t.advance(7 * DAY);
    const idle = await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie));
    expect(idle).toMatchObject({ status: 401, body: { error: 'Session expired. Please log in again.' } });
  });

  it('records use at most once a minute', async () => {
    t = await createTestApp();
    const { login, cookie } = await browserLogin();
    const lastUsed = async () =>
      (
        await t.db
          .selectFrom('sessions')
          .select('last_used_at')
          .where('token_hash', '=', hashToken(login.body.token))
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const start = await lastUsed();
    t.advance(30_000);
    await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie));
    expect(await lastUsed()).toBe(start);
    t.advance(30_000);
    await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie));
    expect(await lastUsed()).not.toBe(start);
  });

  it('ends a session at its expiry however busy it is (30 days with remember-me)', async () => {
    t = await createTestApp();
    const { cookie } = await browserLogin(true);
    for (let day = 1; day < 30; day++) {
      t.advance(DAY);
      expect((await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie))).status).toBe(
        200,
      );
    }
    t.advance(DAY);
    expect((await t.call('GET', '/api/profile', undefined, undefined, withCookie(cookie))).status).toBe(401);
  });
});
