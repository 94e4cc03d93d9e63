import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replay } from '../../events/replay';
import { readAll } from '../../events/store';
import { createTestApp } from '../../tests/support/api/app';
import { signUpAdmin } from '../../tests/support/api/payments/flows';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('/api/profile', () => {
  it('returns the signed-in user under data', async () => {
    const token = await t.signUp('dana');
    const response = await t.call('GET', '/api/profile', undefined, token);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'Dana Pipe',
      email: 'dana@example.com',
      username: 'dana',
      isVerified: true,
      isSubscribed: false,
      trialExpires: null,
    });
    expect(response.body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('updates the display name and refuses a blank or overlong one', async () => {
    const token = await t.signUp('dana');
    const updated = await t.call('PUT', '/api/profile', { name: '  Dana the Plumber ' }, token);
    expect(updated).toMatchObject({
      status: 200,
      body: { success: true, message: 'Profile updated successfully!', data: { name: 'Dana the Plumber' } },
    });
    expect((await t.call('PUT', '/api/profile', { name: ' ' }, token)).body).toEqual({
      error: 'Name is required.',
    });
    expect((await t.call('PUT', '/api/profile', { name: 'x'.repeat(81) }, token)).body).toEqual({
      error: 'Name must be at most 80 characters.',
    });
    expect((await t.call('PUT', '/api/profile', { name: 'Someone' })).status).toBe(401);
  });

  it('deletes the account: erases its personal data, ends its sessions, frees its email', async () => {
    const token = await t.signUp('dana');
    await t.call('PUT', '/api/profile', { name: 'Dana Renamed' }, token);
    await t.call(
      'POST',
      '/api/business-card/create_business_card',
      { full_name: 'Dana Card Name', phone_number: '0117 496 0999' },
      token,
    );
    await t.call(
      'POST',
      '/api/contact',
      { name: 'Dana Pipe', email: 'dana@example.com', reason: 'Other', message: 'My number is 07700 900123' },
      token,
    );
    const deleted = await t.call('DELETE', '/api/profile', undefined, token);
    expect(deleted).toMatchObject({
      status: 200,
      body: { success: true, message: 'Your account has been deleted' },
    });

    expect((await t.call('GET', '/api/profile', undefined, token)).status).toBe(401);
    expect(
      (await t.call('POST', '/api/login', { email: 'dana@example.com', password: 'Plumber2026' })).status,
    ).toBe(401);
    for (const table of [
      'users',
      'cards',
      'credentials',
      'sessions',
      'verification_codes',
      'reset_tokens',
    ] as const) {
      expect(await t.db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
    const log = [];
    for await (const event of readAll(t.db)) log.push(event);
    expect(log.map((e) => e.type)).toContain('AccountDeleted');
    // The username is the one thing kept, on the deletion itself, so its printed cards stay reserved (issue 11).
    const kept = log.filter((e) => e.type !== 'AccountDeleted');
    expect(log.find((e) => e.type === 'AccountDeleted')?.data).toMatchObject({ username: 'dana' });
    const text = JSON.stringify(kept);
    for (const personal of [
      'dana@example.com',
      'Dana Pipe',
      'Dana Renamed',
      'Dana Card Name',
      '0117 496 0999',
      '07700 900123',
      '"dana"',
    ])
      expect(text).not.toContain(personal);
    expect(await t.db.selectFrom('reserved_usernames').select(['username']).execute()).toEqual([
      { username: 'dana' },
    ]);

    const again = { name: 'Dana', email: 'dana@example.com', username: 'dana2', password: 'Plumber2026' };
    expect((await t.call('POST', '/api/register', again)).status).toBe(201);
  });

  it('keeps a deleted account’s username from anyone else for 12 months (issue 11, finding 6)', async () => {
    const token = await t.signUp('dana');
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    const stranger = { name: 'Stranger', email: 'x@example.com', username: 'Dana', password: 'Plumber2026' };
    expect(await t.call('POST', '/api/register', stranger)).toMatchObject({
      status: 409,
      body: { error: 'This username is already taken. Please choose another.' },
    });
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);

    // Replay rebuilds the reservation from the log: it is a fact there, not a side table.
    await replay(t.db);
    expect((await t.call('POST', '/api/register', stranger)).status).toBe(409);

    t.advance(364 * DAY_MS);
    expect((await t.call('POST', '/api/register', stranger)).status).toBe(409);
    t.advance(2 * DAY_MS);
    expect((await t.call('POST', '/api/register', stranger)).status).toBe(201);
  });

  it('POST /api/admin/usernames/:username/release lets an admin free a reserved username at once; only an admin', async () => {
    const token = await t.signUp('dana');
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    const someone = await t.signUp('someone');
    expect((await t.call('POST', '/api/admin/usernames/dana/release', {}, someone)).status).toBe(403);
    expect((await t.call('POST', '/api/admin/usernames/dana/release', {})).status).toBe(401);

    const admin = await signUpAdmin(t);
    expect(await t.call('POST', '/api/admin/usernames/nobody/release', {}, admin)).toMatchObject({
      status: 404,
      body: { error: 'No deleted account is holding that username.' },
    });
    expect(await t.call('POST', '/api/admin/usernames/dana/release', {}, admin)).toMatchObject({
      status: 200,
      body: { success: true, message: 'The username dana is free to register again.' },
    });
    const log = [];
    for await (const event of readAll(t.db)) log.push(event.type);
    expect(log).toContain('UsernameReleased');
    await replay(t.db);
    expect(await t.db.selectFrom('reserved_usernames').selectAll().execute()).toEqual([]);
    const stranger = { name: 'Stranger', email: 'x@example.com', username: 'dana', password: 'Plumber2026' };
    expect((await t.call('POST', '/api/register', stranger)).status).toBe(201);
  });

  it('deleting the account drops every sign-in throttle that names its address, from every address', async () => {
    const token = await t.signUp('dana');
    // Ten failures from ten addresses: a brake per pair, one on the account, and the owner's daily notice.
    for (let i = 0; i < 10; i++)
      await t.call('POST', '/api/login', { email: 'dana@example.com', password: 'Wrong12345' }, undefined, {
        'x-forwarded-for': `203.0.113.${i}`,
      });
    const naming = async () =>
      (await t.db.selectFrom('throttles').select('key').execute())
        .map((row) => row.key)
        .filter((key) => key.includes('dana@example.com'));
    expect(await naming()).toEqual(
      expect.arrayContaining(['login:account:dana@example.com', 'login:notice:dana@example.com']),
    );
    // One brake per pair: the address by its keyed hash, never in clear.
    const pairs = (await naming()).filter((key) => key.startsWith('login:pair:dana@example.com '));
    expect(pairs).toHaveLength(10);
    expect(pairs.join(' ')).not.toContain('203.0.113.');

    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    expect(await naming()).toEqual([]);
  });

  it('deleting the account drops its mail still queued and every sent row naming it', async () => {
    const token = await t.signUp('dana');
    // Queued, not yet sent: a reset link (a secret) and a message to support sent from this address.
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    await t.call(
      'POST',
      '/api/contact',
      { name: 'Dana Pipe', email: 'dana@example.com', reason: 'Other', message: 'Please call me' },
      token,
    );
    await t.call('POST', '/api/contact', { ...otherPerson, agree: true });
    const queued = await t.db.selectFrom('mail_outbox').selectAll().where('sent_at', 'is', null).execute();
    expect(queued.map((row) => row.subject)).toEqual([
      'Reset your TradeCard password',
      expect.stringContaining('Dana Pipe'),
      expect.stringContaining('Sam Other'),
    ]);

    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    const left = await t.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
    // What is left to the address is the deletion's own confirmation (issue 28), which forgets it once sent.
    expect(left.map((row) => row.subject)).toEqual([
      expect.stringContaining('Sam Other'),
      'Your TradeCard account has been deleted',
    ]);
    expect(JSON.stringify(left.slice(0, 1))).not.toContain('dana@example.com');
    const delivered = await t.outbox();
    expect(delivered.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/verification code/),
      expect.stringContaining('Sam Other'),
      'Your TradeCard account has been deleted',
    ]);
    expect(JSON.stringify(await t.db.selectFrom('mail_outbox').selectAll().execute())).not.toContain(
      'dana@example.com',
    );
  });
});

const otherPerson = { name: 'Sam Other', email: 'sam@example.com', reason: 'Other', message: 'Hello' };
