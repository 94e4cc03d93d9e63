import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountDecider } from '../../events/account/decider';
import { handleCommand } from '../../events/command';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { publishedCard } from '../../tests/support/renderer/published';
import { profileSitemap } from './profile-sitemap';

let t: Awaited<ReturnType<typeof createTestApp>>;
const now = new Date('2026-11-22T10:00:00Z');

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const render = () => catchUp(t.db, t.renderTarget);
const account = (id: string, command: Parameters<typeof accountDecider.decide>[0], at = now) =>
  handleCommand(t.db, { decider: accountDecider, streamId: `account-${id}`, command, now: at });
const register = (id: string) =>
  account(id, { type: 'RegisterAccount', accountId: id, name: id, email: `${id}@example.com`, username: id });

/** The addresses a sitemap or sitemap index lists, in order. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

const get = (
  url: string,
  app: { request: typeof t.app.request } = t.app,
  headers: Record<string, string> = {},
) => app.request(url, { headers });

/** The XML at `url`, once its answer is checked to be a sitemap's: a 200, XML, cached for a short while by anyone. */
async function xmlAt(url: string) {
  const response = await get(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('public, max-age=600');
  return response.text();
}

describe('the sitemap of live pages', () => {
  it('lists each live page at its address, with when it last changed, in an index of parts', async () => {
    await publishedCard(t.db, 'dana', now);
    await publishedCard(t.db, 'sam', now);
    await render();

    const indexXml = await xmlAt('/sitemap-profiles.xml');
    expect(indexXml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(locs(indexXml)).toEqual(['https://tradecard.test/sitemap-profiles-1.xml']);

    const xml = await xmlAt('/sitemap-profiles-1.xml');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
    );
    expect(xml.trimEnd()).toMatch(/<\/urlset>$/);
    expect(locs(xml)).toEqual(['https://tradecard.test/u/dana', 'https://tradecard.test/u/sam']);
    const { rendered_at } = await t.db
      .selectFrom('rendered_profiles')
      .select('rendered_at')
      .where('username', '=', 'dana')
      .executeTakeFirstOrThrow();
    expect(xml).toContain(
      `<url><loc>https://tradecard.test/u/dana</loc><lastmod>${rendered_at?.replace(/\.\d+Z$/, 'Z')}</lastmod></url>`,
    );
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
  });

  it('never lists a page that is not live: unpublished, never started, expired, or deleted', async () => {
    await publishedCard(t.db, 'dana', now);
    await register('fresh'); // no trial: the "isn't live yet" page
    await register('blank');
    await account('blank', { type: 'StartTrial' }); // live, nothing published: "isn't set up yet"
    await publishedCard(t.db, 'ended', now);
    await publishedCard(t.db, 'gone', now);
    await publishedCard(t.db, 'ending', now);
    await publishedCard(t.db, 'leaving', now);
    await render();
    await account('ended', { type: 'EndTrial' }, new Date('2026-12-07T00:00:00Z'));
    await account('gone', { type: 'DeleteAccount' });
    await render();
    // The projector has not caught up with these yet: their live pages are still on disk, but not listed.
    await account('ending', { type: 'EndTrial' }, new Date('2026-12-07T00:00:00Z'));
    await account('leaving', { type: 'DeleteAccount' });

    const xml = await (await get('/sitemap-profiles-1.xml')).text();
    expect(locs(xml)).toEqual(['https://tradecard.test/u/dana']);
    expect(locs(await (await get('/sitemap-profiles.xml')).text())).toHaveLength(1);
  });

  it('lists a subscriber whose trial is over', async () => {
    await publishedCard(t.db, 'dana', now);
    await render();
    await t.db
      .updateTable('users')
      .set({ trial_ended: 1, is_subscribed: 1 })
      .where('id', '=', 'dana')
      .execute();
    expect(locs(await (await get('/sitemap-profiles-1.xml')).text())).toEqual([
      'https://tradecard.test/u/dana',
    ]);
    await t.db.updateTable('users').set({ is_subscribed: 0 }).where('id', '=', 'dana').execute();
    expect(locs(await (await get('/sitemap-profiles-1.xml')).text())).toEqual([]);
  });

  it('escapes what it lists', async () => {
    // No username the app accepts needs it; a row written some other way still cannot break the file.
    const odd = `o&<b>"q'`;
    await t.db
      .insertInto('users')
      .values({
        id: 'odd',
        name: 'Odd',
        email: 'odd@example.com',
        username: odd,
        is_verified: 1,
        is_admin: 0,
        trial_expires: '2026-12-06T10:00:00.000Z',
        trial_ended: 0,
        is_subscribed: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await t.db
      .insertInto('rendered_profiles')
      .values({ account_id: 'odd', username: odd, live: 1, rendered_at: '2026-11-22T10:00:00.000Z' })
      .execute();
    const xml = await (await get('/sitemap-profiles-1.xml')).text();
    expect(xml).toContain(
      '<url><loc>https://tradecard.test/u/o&amp;&lt;b&gt;&quot;q&apos;</loc><lastmod>2026-11-22T10:00:00Z</lastmod></url>',
    );
    expect(xml).not.toContain(odd);
  });

  it('sends it gzipped to a client that takes gzip', async () => {
    await publishedCard(t.db, 'dana', now);
    await render();
    const plain = await (await get('/sitemap-profiles-1.xml')).text();
    const zipped = await get('/sitemap-profiles-1.xml', t.app, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(plain);
  });

  it('splits the pages into parts of at most the cap, and has no part beyond the last', async () => {
    const names = ['ali', 'bea', 'cat', 'dev', 'eve'];
    for (const name of names) await publishedCard(t.db, name, now);
    await render();
    // A cap of 2 and one row a read: the paging a part of 50,000 pages in reads of 1,000 does.
    const small = profileSitemap({
      db: t.db,
      publicUrl: 'https://tradecard.test',
      urlsPerPart: 2,
      rowsPerRead: 1,
    });
    expect(locs(await (await get('/sitemap-profiles.xml', small)).text())).toEqual([
      'https://tradecard.test/sitemap-profiles-1.xml',
      'https://tradecard.test/sitemap-profiles-2.xml',
      'https://tradecard.test/sitemap-profiles-3.xml',
    ]);
    const part = async (n: number) =>
      locs(await (await get(`/sitemap-profiles-${n}.xml`, small)).text()).map((url) => url?.split('/u/')[1]);
    expect(await part(1)).toEqual(['ali', 'bea']);
    expect(await part(2)).toEqual(['cat', 'dev']);
    expect(await part(3)).toEqual(['eve']);
    const beyond = await get('/sitemap-profiles-4.xml', small);
    expect(beyond.status).toBe(404);
    expect(beyond.headers.get('cache-control')).toBe('no-store');
  });

  it('has one part, empty, before any page is live, and answers other names as any missing file', async () => {
    expect(locs(await (await get('/sitemap-profiles.xml')).text())).toEqual([
      'https://tradecard.test/sitemap-profiles-1.xml',
    ]);
    expect(await (await get('/sitemap-profiles-1.xml')).text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n',
    );
    for (const url of ['/sitemap-profiles-2.xml', '/sitemap-profiles-0.xml', '/sitemap-profiles-01.xml'])
      expect((await get(url)).status).toBe(404);
  });
});
