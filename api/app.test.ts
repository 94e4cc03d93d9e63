import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../tests/support/api/app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('the API edge', () => {
  it('answers malformed JSON with a readable 400', async () => {
    const response = await t.call('POST', '/api/register', '{"name": "Dana",');
    expect(response).toMatchObject({ status: 400, body: { error: 'Request body must be valid JSON.' } });
  });

  it('refuses an oversized body with 413 before reading it', async () => {
    const response = await t.call('POST', '/api/register', { name: 'x'.repeat(100_000) });
    expect(response).toMatchObject({ status: 413, body: { error: 'Request body is too large.' } });
  });

  it('holds every area’s JSON bodies to 64 KB, at its prefix or at the root, and lets the webhook carry more', async () => {
    const token = await t.signUp('dana');
    const tooLarge = { status: 413, body: { error: 'Request body is too large.' } };
    expect(await t.call('PUT', '/api/profile', { name: 'x'.repeat(100_000) }, token)).toMatchObject(tooLarge);
    expect(await t.call('POST', '/api/contact', { message: 'x'.repeat(100_000) })).toMatchObject(tooLarge);
    expect(await t.call('POST', '/api/logout', { padding: 'x'.repeat(100_000) })).toMatchObject(tooLarge);
    // The provider's events carry whole objects: 200 KB reaches the route, which answers for itself.
    const event = { padding: 'x'.repeat(200_000) };
    expect((await t.call('POST', '/api/webhooks/stripe', event)).status).not.toBe(413);
    expect(await t.call('POST', '/api/webhooks/stripe', { padding: 'x'.repeat(2_000_000) })).toMatchObject(
      tooLarge,
    );
  });

  it('answers unknown API paths with JSON 404', async () => {
    expect(await t.call('GET', '/api/nothing-here')).toMatchObject({
      status: 404,
      body: { error: 'Not found.' },
    });
  });

  it('hides unexpected failures behind a plain 500', async () => {
    await t.signUp('dana');
    await t.db.schema.dropTable('throttles').execute();
    const response = await t.call('POST', '/api/login', { email: 'dana@example.com', password: 'x' });
    expect(response).toEqual({
      status: 500,
      body: { error: 'Something went wrong' },
      headers: response.headers,
    });
  });
});

describe('replay after real use', () => {
  it('rebuilds the users table identical to what the API left', async () => {
    const { replay } = await import('../events/replay');
    const token = await t.signUp('dana');
    await t.signUp('sam');
    await t.call('PUT', '/api/profile', { name: 'Dana the Plumber' }, token);
    await t.call('POST', '/api/register', {
      name: 'Lee',
      email: 'lee@example.com',
      username: 'lee',
      password: 'Plumber2026',
    });
    const deleter = await t.signUp('gone');
    await t.call('DELETE', '/api/profile', undefined, deleter);
    const before = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(before).toHaveLength(3);
    await replay(t.db);
    expect(await t.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
