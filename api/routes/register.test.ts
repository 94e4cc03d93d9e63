import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { createTestApp } from '../../tests/support/api/app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const dana = { name: 'Dana Pipe', email: 'dana@example.com', username: 'dana', password: 'Plumber2026' };

describe('POST /api/register', () => {
  it('creates an unverified account, trims and lower-cases, and mails a 6-digit code', async () => {
    const response = await t.call('POST', '/api/register', {
      ...dana,
      email: '  Dana@Example.COM ',
      username: ' Dana ',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Verification code sent!',
      email: 'dana@example.com',
    });
    const user = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'dana@example.com', username: 'dana', is_verified: 0 });
    const mail = await t.lastMailTo('dana@example.com');
    expect(mail.subject).toBe('Your TradeCard verification code');
    const code = await t.lastCodeFor('dana@example.com');
    const stored = await t.db.selectFrom('verification_codes').selectAll().executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores the password as an argon2id hash at OWASP cost, never in the log', async () => {
    await t.call('POST', '/api/register', dana);
    const { password_hash } = await t.db
      .selectFrom('credentials')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const log = [];
    for await (const event of readAll(t.db)) log.push(event);
    expect(JSON.stringify(log)).not.toContain('Plumber2026');
    expect(JSON.stringify(log)).not.toContain('argon2');
  });

  it('names which of email or username is taken', async () => {
    await t.call('POST', '/api/register', dana);
    const sameEmail = await t.call('POST', '/api/register', { ...dana, username: 'other' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toMatch(/email already exists/);
    const sameUsername = await t.call('POST', '/api/register', {
      ...dana,
      email: 'other@example.com',
      username: 'DANA',
    });
    expect(sameUsername.status).toBe(409);
    expect(sameUsername.body.error).toMatch(/username is already taken/);
  });

  it('lets exactly one of two raced registrations for the same email through', async () => {
    const [a, b] = await Promise.all([
      t.call('POST', '/api/register', { ...dana, username: 'dana1' }),
      t.call('POST', '/api/register', { ...dana, username: 'dana2' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.error).toMatch(/email already exists/);
    expect(await t.db.selectFrom('users').selectAll().execute()).toHaveLength(1);
    expect(await t.db.selectFrom('credentials').selectAll().execute()).toHaveLength(1);
    const events = [];
    for await (const event of readAll(t.db)) events.push(event.type);
    expect(events).toEqual(['AccountRegistered']);
  });

  it.each([
    [{ ...dana, password: 'weakpass' }, 'Please meet all password requirements.'],
    [{ ...dana, username: '' }, 'Username is required.'],
    [{ ...dana, username: undefined }, 'Username is required.'],
    [{ ...dana, username: 'admin' }, 'That username is reserved. Please choose another.'],
    [{ ...dana, username: 'no spaces' }, 'Username may only use letters, numbers, hyphens and underscores.'],
    [{ ...dana, email: 'nope' }, 'Please enter a valid email address.'],
    [{ ...dana, name: '   ' }, 'Name is required.'],
    [{ ...dana, password: `A1${'x'.repeat(200)}` }, 'Password must be at most 128 characters.'],
    [[dana], 'Request body must be a JSON object.'],
  ])('refuses %j with a clear error and stores nothing', async (body, error) => {
    const response = await t.call('POST', '/api/register', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('accepts a 64-character password', async () => {
    const response = await t.call('POST', '/api/register', { ...dana, password: `Aa1${'z'.repeat(61)}` });
    expect(response.status).toBe(201);
  });
});

describe('POST /api/verify-email', () => {
  beforeEach(async () => {
    await t.call('POST', '/api/register', dana);
  });

  it('verifies with the mailed code, once', async () => {
    const code = await t.lastCodeFor(dana.email);
    const response = await t.call('POST', '/api/verify-email', { email: dana.email, code });
    expect(response).toMatchObject({
      status: 200,
      body: { success: true, message: 'Email verified successfully!' },
    });
    expect((await t.db.selectFrom('users').select('is_verified').executeTakeFirstOrThrow()).is_verified).toBe(
      1,
    );
    expect(await t.db.selectFrom('verification_codes').selectAll().execute()).toEqual([]);
  });

  it('voids the code after five wrong tries, so the sixth fails even with the right code', async () => {
    const code = await t.lastCodeFor(dana.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const errors = [];
    for (let i = 0; i < 5; i++)
      errors.push((await t.call('POST', '/api/verify-email', { email: dana.email, code: wrong })).body.error);
    expect(errors.slice(0, 4)).toEqual(
      Array(4).fill('That code is not correct. Please check it and try again.'),
    );
    expect(errors[4]).toBe('Too many wrong attempts. Please request a new code.');
    const sixth = await t.call('POST', '/api/verify-email', { email: dana.email, code });
    expect(sixth).toMatchObject({
      status: 400,
      body: { error: 'This code is no longer valid. Please request a new one.' },
    });
    expect((await t.db.selectFrom('users').select('is_verified').executeTakeFirstOrThrow()).is_verified).toBe(
      0,
    );
  });

  it('refuses a code older than 10 minutes', async () => {
    const code = await t.lastCodeFor(dana.email);
    t.advance(10 * 60_000 + 1);
    const response = await t.call('POST', '/api/verify-email', { email: dana.email, code });
    expect(response).toMatchObject({
      status: 400,
      body: { error: 'This code has expired. Please request a new one.' },
    });
  });

  it('asks for six digits', async () => {
    for (const code of ['12345', '1234567', 'abcdef', 123456]) {
      const response = await t.call('POST', '/api/verify-email', { email: dana.email, code });
      expect(response).toMatchObject({ status: 400, body: { error: 'Please enter the 6-digit code.' } });
    }
  });
});

describe('POST /api/resend-code', () => {
  beforeEach(async () => {
    await t.call('POST', '/api/register', dana);
  });

  it('refuses a resend within 30 seconds of the last send, then sends a new code that replaces the old', async () => {
    const first = await t.lastCodeFor(dana.email);
    t.advance(10_000);
    const early = await t.call('POST', '/api/resend-code', { email: dana.email });
    expect(early.status).toBe(429);
    expect(early.body.error).toBe('Please wait 20 seconds before asking for another code.');
    expect(early.headers.get('retry-after')).toBe('20');

    t.advance(20_000);
    const resent = await t.call('POST', '/api/resend-code', { email: dana.email });
    expect(resent).toMatchObject({ status: 200, body: { success: true, message: 'New code sent!' } });
    expect(await t.outbox()).toHaveLength(2);
    const second = await t.lastCodeFor(dana.email);
    if (second !== first) {
      const old = await t.call('POST', '/api/verify-email', { email: dana.email, code: first });
      expect(old.status).toBe(400);
    }
    expect((await t.call('POST', '/api/verify-email', { email: dana.email, code: second })).status).toBe(200);
  });

  it('answers an unknown address the same way, sending nothing', async () => {
    const response = await t.call('POST', '/api/resend-code', { email: 'nobody@example.com' });
    expect(response).toMatchObject({ status: 200, body: { success: true, message: 'New code sent!' } });
    expect(await t.outbox()).toHaveLength(1);
  });
});

describe('mail a stranger can send to someone else’s address (issue 11, finding 8)', () => {
  const victim = 'victim@example.com';
  const mailsTo = async (address: string) =>
    (await t.outbox()).filter((mail) => JSON.stringify(mail.to).includes(address)).length;

  it('slows down one address registering many accounts', async () => {
    const from = { 'x-forwarded-for': '203.0.113.80' };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const body = { ...dana, email: `v${i}@example.com`, username: `victim${i}` };
      statuses.push((await t.call('POST', '/api/register', body, undefined, from)).status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(11);
    const refused = await t.call('POST', '/api/register', { ...dana }, undefined, from);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many requests from your network\. Please wait \d+ seconds/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sends one address at most 3 such mails an hour, whichever endpoints and addresses ask', async () => {
    await t.call('POST', '/api/register', { ...dana, email: victim }, undefined, {
      'x-forwarded-for': '203.0.113.1',
    });
    // A stranger who knows the password they chose asks for everything every 30 s, from a new address each time.
    for (let step = 0; step < 120; step++) {
      t.advance(30_000);
      const from = { 'x-forwarded-for': `198.51.100.${step}` };
      await t.call('POST', '/api/resend-code', { email: victim }, undefined, from);
      await t.call('POST', '/api/forgot-password', { email: victim }, undefined, from);
      if (step % 10 === 0)
        await t.call('POST', '/api/login', { email: victim, password: dana.password }, undefined, from);
    }
    // register at 0 s, then two more inside its hour; the fourth only once the first has aged out.
    expect(await mailsTo(victim)).toBe(4);
  });

  it('sends one address at most 10 such mails a day', async () => {
    await t.call('POST', '/api/register', { ...dana, email: victim });
    for (let step = 0; step < 143; step++) {
      t.advance(10 * 60_000);
      const from = { 'x-forwarded-for': `198.51.100.${step}` };
      await t.call('POST', '/api/resend-code', { email: victim }, undefined, from);
      await t.call('POST', '/api/forgot-password', { email: victim }, undefined, from);
    }
    // 143 steps of 10 minutes: the last at 23 h 50 min, still inside the registration mail's day.
    expect(await mailsTo(victim)).toBe(10);
  });

  it('says so when a resend or a sign-in would mail an address that has had its share', async () => {
    await t.call('POST', '/api/register', { ...dana, email: victim });
    for (let i = 0; i < 2; i++) {
      t.advance(31_000);
      expect((await t.call('POST', '/api/resend-code', { email: victim })).status).toBe(200);
    }
    t.advance(31_000);
    const capped = await t.call('POST', '/api/resend-code', { email: victim });
    expect(capped.status).toBe(429);
    expect(capped.body.error).toMatch(
      /^We’ve sent several emails to this address recently\. .* try again in \d+ minutes\.$/,
    );
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(3000);
    const login = await t.call('POST', '/api/login', { email: victim, password: dana.password });
    expect(login).toMatchObject({
      status: 403,
      body: {
        error: 'Please verify your email with the code we sent you. We can’t send another just now.',
        resend: true,
      },
    });
    expect(await mailsTo(victim)).toBe(3);
  });

  it('never puts the name the registrant typed in the code mail', async () => {
    await t.call('POST', '/api/register', {
      ...dana,
      name: 'Your bank account is locked, call 0900 000',
      email: victim,
    });
    const mail = await t.lastMailTo(victim);
    for (const part of [mail.subject, mail.text, String(mail.html)])
      expect(part).not.toContain('bank account');
    expect(mail.text).toMatch(/^Hi there,/);
  });
});
