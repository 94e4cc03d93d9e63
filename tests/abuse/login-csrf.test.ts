import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CROSS_SITE_REFUSED } from '../../api/auth/same-origin';
import { NOT_JSON } from '../../api/http/validate';
import { createTestApp } from '../support/api/app';

// Issue 27, finding 9: an auto-submitting form on another site, enctype="text/plain" with a body that reads as JSON,
// signed the visitor's browser into the attacker's account (2 of 2), and a cross-site logout cleared the cookie while
// the session stayed valid. Sessions now start and end only from our own pages.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const OWN = 'https://tradecard.test';
/** What the attacker's page makes the browser send: no preflight, so any page can. */
const forged = (route: string, body: unknown, stamp: Record<string, string>) =>
  t.app.request(route, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...stamp },
    body: JSON.stringify(body),
  });

describe('login CSRF', () => {
  it('signs no browser into the attacker’s account from another site’s form: 0 of 2', async () => {
    await t.signUp('mallory');
    const attacker = { email: 'mallory@example.com', password: 'Plumber2026' };
    const stamps = [{ origin: 'https://evil.example' }, { origin: 'null' }];
    let signedIn = 0;
    for (const stamp of stamps) {
      const answer = await forged('/api/login', attacker, stamp);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ error: CROSS_SITE_REFUSED });
      if (answer.headers.getSetCookie().length > 0) signedIn += 1;
    }
    expect(signedIn).toBe(0);
    // A form with no Origin at all (an old browser) still can't: its body is not JSON by type.
    const unstamped = await forged('/api/login', attacker, {});
    expect(unstamped.status).toBe(400);
    expect(await unstamped.json()).toEqual({ error: NOT_JSON });
    expect(unstamped.headers.getSetCookie()).toEqual([]);
  });

  it('registers no account from another site', async () => {
    const answer = await forged(
      '/api/register',
      { name: 'Mallory', email: 'm2@example.com', username: 'mallory2', password: 'Plumber2026' },
      { origin: 'https://evil.example' },
    );
    expect(answer.status).toBe(403);
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('lets no other site sign a visitor out: no cookie cleared, the session kept', async () => {
    const token = await t.signUp('dana');
    const answer = await t.app.request('/api/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example', authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect((await t.call('GET', '/api/profile', undefined, token)).status).toBe(200);
  });

  it('still signs in and out from our own pages, and API clients that send no Origin', async () => {
    await t.signUp('dana');
    const credentials = { email: 'dana@example.com', password: 'Plumber2026' };
    const fromOurPage = await t.call('POST', '/api/login', credentials, undefined, { origin: OWN });
    expect(fromOurPage.status).toBe(200);
    expect(fromOurPage.headers.getSetCookie().join()).toMatch(/tc_session=/);
    const fromApp = await t.call('POST', '/api/login', credentials);
    expect(fromApp.status).toBe(200);
    const out = await t.call('POST', '/api/logout', undefined, fromApp.body.token, { origin: OWN });
    expect(out.status).toBe(200);
    expect((await t.call('GET', '/api/profile', undefined, fromApp.body.token)).status).toBe(401);
  });
});
