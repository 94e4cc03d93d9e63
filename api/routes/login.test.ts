import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp({ adminEmails: ['boss@example.com'] });
});
afterEach(async () => {
  await t.close();
});

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/api/login', { email, password }, undefined, headers);

describe('POST /api/login', () => {
  it('signs a verified user in with a bearer token and the user', async () => {
    await t.signUp('dana');
    const response = await login(' DANA@example.com', 'Plumber2026');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Login successful!');
    expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.user).toMatchObject({
      email: 'dana@example.com',
      username: 'dana',
      isVerified: true,
      isSubscribed: false,
    });
    const sessions = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(JSON.stringify(sessions)).not.toContain(response.body.token);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    await t.signUp('dana');
    const wrongPassword = await login('dana@example.com', 'Wrong12345');
    const unknownEmail = await login('nobody@example.com', 'Plumber2026');
    expect(wrongPassword).toMatchObject({ status: 401, body: { error: 'Invalid email or password.' } });
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('tells an unverified user to verify, with resend set, and mails a fresh code', async () => {
    await t.call('POST', '/api/register', {
      name: 'Sam',
      email: 'sam@example.com',
      username: 'sam',
      password: 'Plumber2026',
    });
    t.advance(31_000);
    const response = await login('sam@example.com', 'Plumber2026');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: 'Please verify your email. We’ve sent you a new code.',
      resend: true,
    });
    expect(await t.outbox()).toHaveLength(2);
    const code = await t.lastCodeFor('sam@example.com');
    expect((await t.call('POST', '/api/verify-email', { email: 'sam@example.com', code })).status).toBe(200);
    expect((await login('sam@example.com', 'Plumber2026')).status).toBe(200);
  });

  it('does not reveal an unverified account to a wrong password', async () => {
    await t.call('POST', '/api/register', {
      name: 'Sam',
      email: 'sam@example.com',
      username: 'sam',
      password: 'Plumber2026',
    });
    expect(await login('sam@example.com', 'Wrong12345')).toMatchObject({
      status: 401,
      body: { error: 'Invalid email or password.' },
    });
  });

  it('slows repeated failures on one account with growing delays that always end', async () => {
    await t.signUp('dana');
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 5; i++) expect((await login('dana@example.com', 'Wrong12345', ip)).status).toBe(401);
    expect((await login('dana@example.com', 'Wrong12345', ip)).status).toBe(401);
    const blocked = await login('dana@example.com', 'Plumber2026', ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/^Too many login attempts\. Please wait 1 second /);
    expect(blocked.headers.get('retry-after')).toBe('1');

    t.advance(1_000);
    expect((await login('dana@example.com', 'Wrong12345', ip)).status).toBe(401);
    expect((await login('dana@example.com', 'Plumber2026', ip)).status).toBe(429);
    // The delay doubles but is capped, so the owner is never locked out for good.
    for (let i = 0; i < 20; i++) {
      t.advance(15 * 60_000);
      await login('dana@example.com', 'Wrong12345', ip);
    }
    t.advance(15 * 60_000);
    expect((await login('dana@example.com', 'Plumber2026', ip)).status).toBe(200);
  });

  it('lets the owner in from a clean address while a stranger guessing from another is held back', async () => {
    await t.signUp('dana');
    const attacker = { 'x-forwarded-for': '203.0.113.66' };
    const owner = { 'x-forwarded-for': '198.51.100.20' };
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await login('dana@example.com', `Guess${i}`, attacker)).status);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6).every((status) => status === 429)).toBe(true);
    expect((await login('dana@example.com', 'Plumber2026', owner)).status).toBe(200);
    // The right password from the attacker's address is still refused: the wait there isn't over.
    expect((await login('dana@example.com', 'Plumber2026', attacker)).status).toBe(429);
  });

  it('holds guesses spread over many addresses back with the account-wide brake, but never a clean address', async () => {
    await t.signUp('dana');
    for (let i = 0; i < 12; i++)
      await login('dana@example.com', 'Wrong12345', { 'x-forwarded-for': `203.0.113.${i}` });
    const again = await login('dana@example.com', 'Plumber2026', { 'x-forwarded-for': '203.0.113.3' });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('2');
    expect(
      (await login('dana@example.com', 'Plumber2026', { 'x-forwarded-for': '198.51.100.20' })).status,
    ).toBe(200);
    // The brake tops out at a minute, so an owner who mistyped once during an attack waits at most that.
    for (let i = 0; i < 30; i++) {
      t.advance(60_000);
      await login('dana@example.com', 'Wrong12345', { 'x-forwarded-for': `203.0.113.${i % 12}` });
    }
    expect(
      Number(
        (await login('dana@example.com', 'x', { 'x-forwarded-for': '203.0.113.3' })).headers.get(
          'retry-after',
        ),
      ),
    ).toBeLessThanOrEqual(60);
  });

  it('tells the owner by mail of repeated failed sign-ins, once a day however many there are', async () => {
    await t.signUp('dana');
    const notices = async () =>
      (await t.outbox()).filter(
        (mail) => mail.subject === 'Repeated failed sign-ins to your TradeCard account',
      );
    for (let i = 0; i < 9; i++)
      await login('dana@example.com', 'Wrong12345', { 'x-forwarded-for': `203.0.113.${i}` });
    expect(await notices()).toHaveLength(0);
    for (let i = 0; i < 40; i++) {
      t.advance(60_000);
      await login('dana@example.com', 'Wrong12345', { 'x-forwarded-for': `203.0.113.${i % 20}` });
    }
    const told = await notices();
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Forgot password');
    expect(told[0]?.text).toContain('https://tradecard.test/login');
    t.advance(24 * 3600_000);
    await login('dana@example.com', 'Wrong12345', { 'x-forwarded-for': '192.0.2.1' });
    expect(await notices()).toHaveLength(2);
  });

  it('does not tell an unverified account, whose address nobody has proved', async () => {
    await t.call('POST', '/api/register', {
      name: 'Sam',
      email: 'sam@example.com',
      username: 'sam',
      password: 'Plumber2026',
    });
    for (let i = 0; i < 20; i++)
      await login('sam@example.com', 'Wrong12345', { 'x-forwarded-for': `203.0.113.${i}` });
    expect((await t.outbox()).map((mail) => mail.subject)).toEqual(['Your TradeCard verification code']);
  });

  it('forgets every slow-down on the account when its password is reset', async () => {
    await t.signUp('dana');
    const home = { 'x-forwarded-for': '198.51.100.20' };
    for (let i = 0; i < 8; i++) await login('dana@example.com', 'Wrong12345', home);
    for (let i = 0; i < 12; i++)
      await login('dana@example.com', 'Wrong12345', { 'x-forwarded-for': `203.0.113.${i}` });
    expect((await login('dana@example.com', 'Plumber2026', home)).status).toBe(429);

    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' }, undefined, home);
    const link = (await t.lastMailTo('dana@example.com')).text?.match(
      /reset-password\/([A-Za-z0-9_-]+)/,
    )?.[1];
    expect(
      (await t.call('POST', `/api/reset-password/${link}`, { password: 'NewPlumber2026' }, undefined, home))
        .status,
    ).toBe(200);
    expect((await login('dana@example.com', 'NewPlumber2026', home)).status).toBe(200);
    expect(
      (await login('dana@example.com', 'NewPlumber2026', { 'x-forwarded-for': '203.0.113.3' })).status,
    ).toBe(200);
  });

  it('throttles one address guessing across many accounts', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.9' };
    for (let i = 0; i < 21; i++) await login(`guess${i}@example.com`, 'Wrong12345', ip);
    expect((await login('guess99@example.com', 'Wrong12345', ip)).status).toBe(429);
    expect(
      (await login('guess99@example.com', 'Wrong12345', { 'x-forwarded-for': '198.51.100.10' })).status,
    ).toBe(401);
  });

  it('makes an ADMIN_EMAILS account an admin when it signs in', async () => {
    await t.signUp('boss', 'boss@example.com');
    const response = await login('boss@example.com', 'Plumber2026');
    expect(response.body.user.isAdmin).toBe(true);
    await t.signUp('worker');
    expect((await login('worker@example.com', 'Plumber2026')).body.user.isAdmin).toBe(false);
  });
});

describe('sessions', () => {
  it('ends a session on logout: the token no longer opens the profile', async () => {
    const token = await t.signUp('dana');
    expect((await t.call('GET', '/api/profile', undefined, token)).status).toBe(200);
    expect(await t.call('POST', '/api/logout', undefined, token)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await t.call('GET', '/api/profile', undefined, token)).toMatchObject({
      status: 401,
      body: { error: 'Session expired. Please log in again.' },
    });
  });

  it('refuses a missing, made-up or expired token', async () => {
    const token = await t.signUp('dana');
    expect(await t.call('GET', '/api/profile')).toMatchObject({
      status: 401,
      body: { error: 'Please log in to continue.' },
    });
    expect((await t.call('GET', '/api/profile', undefined, 'made-up-token')).status).toBe(401);
    t.advance(7 * 24 * 3600_000 + 1);
    expect(await t.call('GET', '/api/profile', undefined, token)).toMatchObject({
      status: 401,
      body: { error: 'Session expired. Please log in again.' },
    });
  });

  it('keeps a remembered session, used within each week, for 30 days', async () => {
    await t.signUp('dana');
    const { body } = await t.call('POST', '/api/login', {
      email: 'dana@example.com',
      password: 'Plumber2026',
      remember: true,
    });
    // Unused for 7 days it would end sooner (the idle timeout, api/auth/session-cookie.test.ts).
    for (const days of [6, 6, 6, 6, 5]) {
      t.advance(days * 24 * 3600_000);
      expect((await t.call('GET', '/api/profile', undefined, body.token)).status).toBe(200);
    }
    t.advance(2 * 24 * 3600_000);
    expect((await t.call('GET', '/api/profile', undefined, body.token)).status).toBe(401);
  });
});
