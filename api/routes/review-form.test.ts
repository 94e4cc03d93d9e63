import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardContent } from '../../events/card/content';
import { findShownCardContent } from '../../events/firm/branded-card';
import { REVIEW_LINK_EXPIRED, REVIEW_LINK_UNKNOWN, REVIEW_LINK_USED } from '../../events/review/decider';
import { ogImageHash, ogImageInputs } from '../../renderer/og-image/inputs';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { jpegFile } from '../../tests/support/api/media/images';
import { CUSTOMER, livePage } from '../../tests/support/api/quotes';
import { mediaIds } from '../../tests/support/media/stored';
import { accountIdOf } from '../../tests/support/visits/stats';
import { MIN_FORM_AGE_MS } from '../enquiries/stamp';
import { sweepMedia } from '../media/sweep';
import { QUOTE_CSP } from './quote-form';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** A review link Dana asked for, as a path on this server. */
async function askedLink(name = 'Pat Customer', email: string | undefined = 'pat@example.com') {
  const dana = await livePage(t);
  const asked = await t.call('POST', '/api/review-requests', { name, ...(email ? { email } : {}) }, dana);
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return new URL(asked.body.url as string).pathname;
}

const open = async (link: string) => {
  const response = await t.app.request(link, { headers: CUSTOMER });
  const html = await response.text();
  return { response, html, stamp: /name="stamp" value="([^"]+)"/.exec(html)?.[1] ?? '' };
};

type Fields = Record<string, string | File | File[]>;
async function send(link: string, fields: Fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const each of Array.isArray(value) ? value : [value]) form.append(name, each);
  const response = await t.app.request(link, { method: 'POST', body: form, headers: CUSTOMER });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const GOOD = {
  rating: '5',
  text: 'Tidy, quick & <b>kind</b>.',
  displayName: 'Pat C.',
  consent: 'yes',
  website: '',
};

/** The form opened, a person's few seconds, then sent. */
async function review(link: string, fields: Fields = {}) {
  const { stamp } = await open(link);
  t.advance(MIN_FORM_AGE_MS + 2000);
  return send(link, { ...GOOD, stamp, ...fields });
}

const reviews = () => t.db.selectFrom('reviews').selectAll().execute();
const mediaDir = () => path.join(t.deps.publicDir, 'media');
const livePageHtml = () => fs.readFileSync(path.join(t.deps.publicDir, 'u', 'dana', 'index.html'), 'utf8');

describe('the customer’s review at /u/<name>/review/<token>', () => {
  it('is a form with no script, their name as it will show, and a field only a program fills in', async () => {
    const link = await askedLink();
    const { response, html } = await open(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(QUOTE_CSP);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<h1>Review Dana Pipe</h1>');
    expect(html).toContain('value="Pat C."');
    expect(html).toContain(`action="${link}"`);
    expect(html).toContain('<label for="r-website">Leave this empty</label>');
    for (const stars of ['1', '2', '3', '4', '5']) expect(html).toContain(`name="rating" value="${stars}"`);
  });

  it('takes the review with a photo once: the page after, the customer’s mail with a way to remove it', async () => {
    const link = await askedLink();
    const sent = await review(link, { photos: [await jpegFile('#336699', 1200, 900)] });
    expect(sent.status, sent.html).toBe(303);
    expect(sent.headers.get('location')).toBe(`${link}/sent`);
    const [row] = await reviews();
    expect(row).toMatchObject({
      status: 'received',
      rating: 5,
      text: 'Tidy, quick & <b>kind</b>.',
      display_name: 'Pat C.',
    });
    expect(JSON.parse(row?.photos ?? '[]')).toHaveLength(1);
    // The projector renders the owner's page with it, first, with its average.
    await catchUp(t.db, t.renderTarget);
    const live = livePageHtml();
    expect(live).toContain('5.0 <span aria-hidden="true">★</span>');
    expect(live).toContain('Pat C. · Verified customer · November 2026');
    expect(live).toContain('Tidy, quick &amp; &lt;b&gt;kind&lt;/b&gt;.');
    // Its link preview image names the average too, and is drawn with it.
    const published = await findShownCardContent(t.db, await accountIdOf(t.db, 'dana'));
    const rated = ogImageHash(ogImageInputs(published as CardContent, 'dana', { count: 1, average: 5 }));
    expect(live).toContain(`/u/dana/og.jpg?v=${rated}`);
    const preview = await t.app.request('/u/dana/og.jpg');
    expect(preview.status).toBe(200);
    expect(fs.existsSync(path.join(t.deps.publicDir, 'u', 'dana', `og.${rated}.jpg`))).toBe(true);
    const thanks = await open(`${link}/sent`);
    expect(thanks.response.status).toBe(200);
    expect(thanks.html).toContain(`href="${link}/remove"`);

    await t.deliverMail();
    const mail = await t.lastMailTo('pat@example.com');
    expect(mail.subject).toBe('Thank you for reviewing Dana Pipe');
    expect(mail.text).toContain(`https://tradecard.test${link}/remove`);

    // The link is spent: opened or posted again, it says so.
    const again = await open(link);
    expect(again.response.status).toBe(410);
    expect(again.html).toContain(REVIEW_LINK_USED);
    expect((await review(link)).status).toBe(410);
    expect(await reviews()).toHaveLength(1);
  });

  it('sends the form back with what to fix, keeping what was typed, and stores nothing', async () => {
    const link = await askedLink();
    const refused = await review(link, { rating: '', text: 'Good job', consent: '' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Please choose a star rating from 1 to 5.');
    expect(refused.html).toContain('Please tick the box to let Dana Pipe show your review on their page.');
    expect(refused.html).toContain('>Good job</textarea>');
    expect((await reviews())[0]?.status).toBe('requested');
    expect(mediaIds(mediaDir())).toEqual([]);
  });

  it('refuses a program, a made-up link, another page’s link and an expired one, each with its own status', async () => {
    const link = await askedLink();
    expect((await review(link, { website: 'https://spam.example' })).status).toBe(400);
    const forged = await send(link, { ...GOOD, stamp: 'made-up' });
    expect(forged.status).toBe(400);
    expect((await reviews())[0]?.status).toBe('requested');

    const unknown = await open(link.replace(/[^/]{32}$/, 'A'.repeat(32)));
    expect(unknown.response.status).toBe(404);
    expect(unknown.html).toContain(REVIEW_LINK_UNKNOWN);
    await livePage(t, 'sam');
    expect((await open(link.replace('/u/dana/', '/u/sam/'))).response.status).toBe(404);
    expect((await open(link.replace('/u/dana/', '/u/nobody/'))).response.status).toBe(404);

    t.advance(30 * 86_400_000);
    const expired = await open(link);
    expect(expired.response.status).toBe(410);
    expect(expired.html).toContain(REVIEW_LINK_EXPIRED);
  });

  it('lets the customer remove their review, its name and photos, for good', async () => {
    const link = await askedLink();
    expect((await review(link, { photos: [await jpegFile('#993366', 900, 900)] })).status).toBe(303);
    const [photo] = mediaIds(mediaDir());
    // The sweep keeps what a review shows.
    t.advance(8 * 86_400_000);
    await sweepMedia(t.db, t.deps.storage, t.deps.now(), 0);
    expect(mediaIds(mediaDir())).toEqual([photo]);

    const confirm = await open(`${link}/remove`);
    expect(confirm.response.status).toBe(200);
    const removed = await send(`${link}/remove`, { stamp: confirm.stamp });
    expect(removed.status).toBe(200);
    expect(removed.html).toContain('Your review of Dana Pipe is removed');
    expect(await reviews()).toEqual([]);
    expect(mediaIds(mediaDir())).toEqual([]);
    await catchUp(t.db, t.renderTarget);
    expect(livePageHtml()).not.toContain('Verified customer');
    const log = await t.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', 'like', 'review-%')
      .execute();
    expect(JSON.stringify(log)).not.toContain('Tidy, quick');
    expect(JSON.stringify(log)).not.toContain('Pat Customer');
    // A second tap on the mail's link: done already.
    expect((await send(`${link}/remove`, { stamp: confirm.stamp })).status).toBe(200);
  });
});
