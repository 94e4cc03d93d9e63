import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { grantAdmin } from './grant-admin';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('grantAdmin', () => {
  it('makes an existing account an admin once, and says so', async () => {
    const token = await t.signUp('dana');
    expect(await grantAdmin(t.db, ' DANA@example.com ', 'test', new Date())).toEqual({
      email: 'dana@example.com',
      status: 'granted',
    });
    expect((await grantAdmin(t.db, 'dana@example.com', 'test', new Date())).status).toBe('already');
    expect((await t.call('GET', '/api/profile', undefined, token)).body.data.isAdmin).toBe(true);
  });

  it('names the email it could not find', async () => {
    await expect(grantAdmin(t.db, 'ghost@example.com', 'test', new Date())).rejects.toThrow(
      'No account with the email ghost@example.com.',
    );
  });
});
