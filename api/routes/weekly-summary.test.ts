import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { accountIdOf } from '../../tests/support/visits/stats';
import { weeklySummaryOffUrl } from '../weekly-summary/queue';
import { LINK_NOT_VALID } from './weekly-summary';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const idOf = (username: string) => accountIdOf(t.db, username);

/** The address the mail's link and its List-Unsubscribe carry, as a path on the app. */
const offPath = async (username: string) =>
  new URL(weeklySummaryOffUrl(t.deps.publicUrl, t.deps.secret, await idOf(username))).pathname;

/** What a mail client does for RFC 8058's one-click: a form POST with this one field, no cookie, no session. */
const oneClick = (path: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

const preferenceEvents = () =>
  t.db.selectFrom('events').select('data').where('type', '=', 'WeeklySummaryPreferenceChanged').execute();

const setting = async (token: string) =>
  (await t.call('GET', '/api/profile/notifications', undefined, token)).body.data.weeklySummary;

describe('the weekly summary’s one-click off', () => {
  it('opening the link asks first and changes nothing; its button (a POST) turns the summary off', async () => {
    const token = await t.signUp('dana');
    const path = await offPath('dana');

    const opened = await t.app.request(path);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^text\/html/);
    expect(opened.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(opened.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await opened.text();
    expect(page).toContain('Turn off the weekly summary?');
    expect(page).toContain(
      '<form method="post"><button type="submit">Turn off the weekly summary</button></form>',
    );
    expect(await setting(token)).toBe(true);
    expect(await preferenceEvents()).toEqual([]);

    const posted = await oneClick(path);
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('The weekly summary is off');
    expect(await setting(token)).toBe(false);

    // Opened again: it says so, and offers the way back.
    const again = await (await t.app.request(path)).text();
    expect(again).toContain('The weekly summary is off');
    expect(again).toContain('href="/notifications"');
  });

  it('a second POST (the mail client, then its person) records nothing more', async () => {
    const token = await t.signUp('dana');
    const path = await offPath('dana');
    expect((await oneClick(path)).status).toBe(200);
    expect((await t.app.request(path, { method: 'POST' })).status).toBe(200);
    const recorded = await preferenceEvents();
    expect(recorded.map((event) => JSON.parse(event.data))).toEqual([
      { accountId: await idOf('dana'), on: false, via: 'mail' },
    ]);
    expect(await setting(token)).toBe(false);
  });

  it('a wrong, altered or other account’s token is refused with a readable error, and changes nothing', async () => {
    const dana = await t.signUp('dana');
    await t.signUp('erin');
    const path = await offPath('dana');
    const erinsMac = (await offPath('erin')).split('.').at(-1);
    const wrong = [
      '/api/weekly-summary/off/not-a-token',
      `${path.slice(0, -2)}xx`,
      `/api/weekly-summary/off/${await idOf('dana')}.${erinsMac}`,
    ];
    for (const bad of wrong) {
      for (const method of ['GET', 'POST']) {
        const answer = await t.app.request(bad, { method });
        expect(answer.status, `${method} ${bad}`).toBe(404);
        expect(await answer.json()).toEqual({ error: LINK_NOT_VALID });
      }
    }
    expect(await setting(dana)).toBe(true);
  });

  it('a deleted account’s link finds nothing to turn off', async () => {
    const token = await t.signUp('dana');
    const path = await offPath('dana');
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    const opened = await t.app.request(path);
    expect(opened.status).toBe(404);
    expect(await opened.json()).toEqual({ error: LINK_NOT_VALID });
    const posted = await oneClick(path);
    expect(posted.status).toBe(404);
    expect(await posted.json()).toEqual({ error: 'Account not found.' });
  });
});

describe('/api/profile/notifications', () => {
  it('is for the signed-in user, and refuses anything but true or false', async () => {
    expect(await t.call('GET', '/api/profile/notifications')).toMatchObject({ status: 401 });
    const token = await t.signUp('dana');
    expect(await t.call('GET', '/api/profile/notifications', undefined, token)).toMatchObject({
      status: 200,
      body: { success: true, data: { weeklySummary: true } },
    });
    for (const body of [{ weeklySummary: 'no' }, {}, []]) {
      const answer = await t.call('PUT', '/api/profile/notifications', body, token);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    expect(await setting(token)).toBe(true);
  });
});
