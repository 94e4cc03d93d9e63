import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStream } from '../../events/store';
import { createTestApp } from '../../tests/support/api/app';
import { hashPassword } from '../auth/password';

// Counts the argon2 hashes the routes run, calling through to the real one.
vi.mock('../auth/password', async (original) => {
  const real = await original<typeof import('../auth/password')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const resetTokenFromMail = async (email: string) => {
  const mail = await t.lastMailTo(email);
  const link = mail.text?.match(/https:\/\/tradecard\.test\/reset-password\/([A-Za-z0-9_-]+)/);
  if (!link?.[1]) throw new Error('no reset link in the mail');
  return link[1];
};

describe('forgot and reset password', () => {
  it('gives the same answer for known and unknown addresses, mailing only the real account', async () => {
    await t.signUp('dana');
    const before = (await t.outbox()).length;
    const known = await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    const unknown = await t.call('POST', '/api/forgot-password', { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown).toEqual({ ...known, headers: unknown.headers });
    const mails = await t.outbox();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toBe('Reset your TradeCard password');
  });

  it('sets a new password with the link, signs out every other session, and works only once', async () => {
    const oldSession = await t.signUp('dana');
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    const token = await resetTokenFromMail('dana@example.com');
    expect(JSON.stringify(await t.db.selectFrom('reset_tokens').selectAll().execute())).not.toContain(token);

    const reset = await t.call('POST', `/api/reset-password/${token}`, { password: 'NewPass2027' });
    expect(reset).toMatchObject({
      status: 200,
      body: { message: 'Password reset successful! You can now log in.' },
    });
    expect((await t.call('GET', '/api/profile', undefined, oldSession)).status).toBe(401);
    expect(
      (await t.call('POST', '/api/login', { email: 'dana@example.com', password: 'Plumber2026' })).status,
    ).toBe(401);
    expect(
      (await t.call('POST', '/api/login', { email: 'dana@example.com', password: 'NewPass2027' })).status,
    ).toBe(200);

    const reused = await t.call('POST', `/api/reset-password/${token}`, { password: 'Another2028' });
    expect(reused).toMatchObject({
      status: 400,
      body: { error: 'This reset link is invalid or has expired. Please request a new one.' },
    });
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    expect((await readStream(t.db, `account-${user.id}`)).map((e) => e.type)).toContain('PasswordChanged');
  });

  it('refuses a link older than an hour', async () => {
    await t.signUp('dana');
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    const token = await resetTokenFromMail('dana@example.com');
    t.advance(60 * 60_000 + 1);
    expect((await t.call('POST', `/api/reset-password/${token}`, { password: 'NewPass2027' })).status).toBe(
      400,
    );
  });

  it('refuses a weak password without using up the link', async () => {
    await t.signUp('dana');
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    const token = await resetTokenFromMail('dana@example.com');
    const weak = await t.call('POST', `/api/reset-password/${token}`, { password: 'weak' });
    expect(weak).toMatchObject({ status: 400, body: { error: 'Please meet all password requirements.' } });
    expect((await t.call('POST', `/api/reset-password/${token}`, { password: 'NewPass2027' })).status).toBe(
      200,
    );
  });

  it('verifies an unverified address, since the link proves the inbox', async () => {
    await t.call('POST', '/api/register', {
      name: 'Sam',
      email: 'sam@example.com',
      username: 'sam',
      password: 'Plumber2026',
    });
    await t.call('POST', '/api/forgot-password', { email: 'sam@example.com' });
    await t.call('POST', `/api/reset-password/${await resetTokenFromMail('sam@example.com')}`, {
      password: 'NewPass2027',
    });
    expect(
      (await t.call('POST', '/api/login', { email: 'sam@example.com', password: 'NewPass2027' })).status,
    ).toBe(200);
  });

  it('works only once when the link is sent twice at the same time', async () => {
    await t.signUp('dana');
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    const token = await resetTokenFromMail('dana@example.com');
    const answers = await Promise.all(
      ['NewPass2027', 'Other2028'].map((password) =>
        t.call('POST', `/api/reset-password/${token}`, { password }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const changes = (await readStream(t.db, `account-${user.id}`)).filter(
      (e) => e.type === 'PasswordChanged',
    );
    expect(changes).toHaveLength(1);
  });

  it('mails one link to requests for one account made at the same time', async () => {
    await t.signUp('dana');
    const before = (await t.outbox()).length;
    await Promise.all(
      [1, 2, 3].map((i) =>
        t.call('POST', '/api/forgot-password', { email: 'dana@example.com' }, undefined, {
          'x-forwarded-for': `203.0.113.${i}`,
        }),
      ),
    );
    expect(await t.outbox()).toHaveLength(before + 1);
  });

  it('mails at most one link a minute per account', async () => {
    await t.signUp('dana');
    const before = (await t.outbox()).length;
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    expect(await t.outbox()).toHaveLength(before + 1);
    t.advance(61_000);
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    expect(await t.outbox()).toHaveLength(before + 2);
  });

  it('answers a recipient that has had its share of mail as it answers an unknown address, sending nothing', async () => {
    await t.signUp('dana');
    const sent = (await t.outbox()).length;
    for (let i = 0; i < 2; i++) {
      t.advance(61_000);
      await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' }, undefined, {
        'x-forwarded-for': `203.0.113.${i}`,
      });
    }
    expect(await t.outbox()).toHaveLength(sent + 2);
    t.advance(61_000);
    const capped = await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    const unknown = await t.call('POST', '/api/forgot-password', { email: 'nobody@example.com' });
    expect(capped.status).toBe(200);
    expect(capped.body).toEqual(unknown.body);
    expect(await t.outbox()).toHaveLength(sent + 2);
  });

  it('greets an unverified account’s reset mail without the name its registrant typed', async () => {
    await t.call('POST', '/api/register', {
      name: 'Call 0900 000 now',
      email: 'sam@example.com',
      username: 'sam',
      password: 'Plumber2026',
    });
    await t.call('POST', '/api/forgot-password', { email: 'sam@example.com' });
    const mail = await t.lastMailTo('sam@example.com');
    expect(mail.subject).toBe('Reset your TradeCard password');
    expect(mail.text).toMatch(/^Hi there,/);
    expect(mail.text).not.toContain('0900');
  });
});

describe('made-up reset links (issue 11, finding 10)', () => {
  it('looks the link up before hashing the password, and slows an address guessing links', async () => {
    vi.mocked(hashPassword).mockClear();
    const from = { 'x-forwarded-for': '203.0.113.90' };
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const answer = await t.call(
        'POST',
        `/api/reset-password/made-up-${i}`,
        { password: 'Plumber2026' },
        undefined,
        from,
      );
      statuses.push(answer.status);
    }
    expect(vi.mocked(hashPassword)).not.toHaveBeenCalled();
    expect(statuses.slice(0, 11).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(11).every((status) => status === 429)).toBe(true);
    const refused = await t.call(
      'POST',
      '/api/reset-password/made-up',
      { password: 'Plumber2026' },
      undefined,
      from,
    );
    expect(refused.body.error).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address, with a real link, is not held back.
    await t.signUp('dana');
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    const token = await resetTokenFromMail('dana@example.com');
    expect(
      (await t.call('POST', `/api/reset-password/${token}`, { password: 'NewPlumber2026' })).status,
    ).toBe(200);
    expect(vi.mocked(hashPassword)).toHaveBeenCalledTimes(2);
  });
});
