import { expect, test } from '@playwright/test';
import { MAX_REPLY, MAX_REPORT_REASON } from '../../api/routes/reviews';
import { MAX_JOB, MAX_NAME } from '../../events/enquiry/input';
import { MAX_DISPLAY_NAME } from '../../events/review/input';
import { REVIEWS_ON_THE_PAGE } from '../../events/review/verified';
import { XSS_PAYLOADS } from '../support/security/xss-payloads';
import { bearer, grantAdmin, livePage, signUp, storeSession, switchSession } from './accounts';
import { untilOldEnough } from './form-age';
import { watchForHarm } from './watch-for-harm';

// Issue 30: the XSS corpus through every field verified reviews added, each payload typed where a person would type
// it: the customer's name and job (a quote request), the review's words and display name (the review form), the
// owner's reply and report, and the page's owner's name the review form shows. Judged as xss-corpus.spec.ts judges
// the card: by what Chromium does on the public page, the review form, /enquiries and support's /admin.

const customerAddress = (index: number) => `198.18.${172 + Math.floor(index / 250)}.${(index % 250) + 1}`;
const stampOf = (html: string) => /name="stamp" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** Sends twenty at a time, as twenty customers would: the server meets them together, as it does in life. */
async function inTwenties<T>(items: readonly T[], send: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += REVIEWS_ON_THE_PAGE)
    await Promise.all(items.slice(start, start + REVIEWS_ON_THE_PAGE).map(send));
}

test('no payload of the corpus runs, reaches elsewhere or breaks a page through the review fields', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const origin = new URL(baseURL as string).origin;
  const browser = watchForHarm(page, origin);
  const chunks: string[][] = [];
  for (let start = 0; start < XSS_PAYLOADS.length; start += REVIEWS_ON_THE_PAGE)
    chunks.push(XSS_PAYLOADS.slice(start, start + REVIEWS_ON_THE_PAGE));

  // One page per twenty payloads (the most a page shows); the owner's own name is a payload too: the review form
  // and its mail say it. Signed up one after another: sign-ups share this request context's cookie jar, where a
  // login revokes the session whose cookie it replaces (accounts.ts).
  const owners: { username: string; token: string; chunk: string[]; first: number; count: number }[] = [];
  for (const [k, chunk] of chunks.entries()) {
    const username = `xssreviews${k}`;
    const token = await livePage(request, username, (chunk[0] ?? '').slice(0, 80));
    owners.push({ username, token, chunk, first: k * REVIEWS_ON_THE_PAGE, count: chunk.length });
  }

  // Quote requests with hostile names and jobs, each from its own address (the form's limits are per address); every
  // form is opened first, so one wait makes them all old enough to send.
  const quotes = await Promise.all(
    owners.flatMap((owner) =>
      owner.chunk.map(async (payload, i) => {
        const index = owner.first + i;
        const headers = { 'x-forwarded-for': customerAddress(index) };
        const form = await request.get(`/u/${owner.username}/quote`, { headers });
        return { owner, headers, stamp: stampOf(await form.text()), payload };
      }),
    ),
  );
  await untilOldEnough(Date.now());
  await inTwenties(quotes, async (quote) => {
    const sent = await request.post(`/u/${quote.owner.username}/quote`, {
      headers: quote.headers,
      multipart: {
        stamp: quote.stamp,
        name: quote.payload.slice(0, MAX_NAME),
        phone: '07700 900456',
        job: quote.payload.slice(0, MAX_JOB),
        website: '',
      },
      maxRedirects: 0,
    });
    expect(sent.status(), `quote request ${JSON.stringify(quote.payload)}`).toBe(303);
  });

  // A review asked for from each enquiry; the customer opens the form in the browser, which judges it.
  const links: { path: string; stamp: string; payload: string; index: number }[] = [];
  for (const owner of owners) {
    const enquiries = (await (await request.get('/api/enquiries', { headers: bearer(owner.token) })).json())
      .data as { id: string; name: string }[];
    expect(enquiries).toHaveLength(owner.count);
    for (const [i, enquiry] of enquiries.entries()) {
      const asked = await request.post(`/api/enquiries/${enquiry.id}/review-request`, {
        headers: bearer(owner.token),
      });
      expect(asked.status()).toBe(201);
      const path = new URL((await asked.json()).url).pathname;
      browser.now(`the review form for ${JSON.stringify(enquiry.name)}`);
      await page.goto(path);
      await browser.check(() => expect(page.getByRole('button', { name: 'Send review' })).toBeVisible());
      const stamp = await page.locator('input[name="stamp"]').inputValue();
      links.push({ path, stamp, payload: owner.chunk[i] ?? '', index: owner.first + i });
    }
  }
  await untilOldEnough(Date.now());
  await inTwenties(links, async (link) => {
    const sent = await request.post(link.path, {
      headers: { 'x-forwarded-for': customerAddress(link.index) },
      multipart: {
        stamp: link.stamp,
        rating: String((link.index % 5) + 1),
        text: link.payload,
        displayName: link.payload.slice(0, MAX_DISPLAY_NAME),
        consent: 'yes',
        website: '',
      },
      maxRedirects: 0,
    });
    expect(sent.status(), `review ${JSON.stringify(link.payload)}`).toBe(303);
  });

  // The owner's one reply and a report to support, each a payload.
  for (const owner of owners) {
    const reviews = (await (await request.get('/api/reviews', { headers: bearer(owner.token) })).json())
      .data as { id: string; text: string }[];
    await inTwenties(reviews, async (review) => {
      const reply = await request.post(`/api/reviews/${review.id}/reply`, {
        headers: bearer(owner.token),
        data: { reply: review.text.slice(0, MAX_REPLY) },
      });
      expect(reply.status()).toBe(200);
      const report = await request.post(`/api/reviews/${review.id}/report`, {
        headers: bearer(owner.token),
        data: { reason: review.text.slice(0, MAX_REPORT_REASON) },
      });
      expect(report.status()).toBe(200);
    });
  }

  // The public pages, each with its verified reviews and replies, as a customer opens them.
  for (const owner of owners) {
    const heading = `from ${owner.count} verified customer${owner.count === 1 ? '' : 's'}`;
    await expect.poll(async () => (await request.get(`/u/${owner.username}`)).text()).toContain(heading);
    browser.now(`/u/${owner.username}`);
    await page.goto(`/u/${owner.username}`);
    await browser.check(() => expect(page.getByText(heading)).toBeVisible());
  }

  // The owner's /enquiries: every enquiry and review, with its reply and report.
  for (const owner of owners) {
    browser.now(`/enquiries of ${owner.username}`);
    await storeSession(page, owner.token);
    await page.goto('/enquiries');
    await browser.check(() =>
      expect(page.getByRole('region', { name: 'Verified reviews' })).toContainText(
        `${owner.count} asked for · ${owner.count} received`,
      ),
    );
  }

  // Support's /admin: every reported review at once.
  const admin = await signUp(request, 'xssreviewsupport');
  await grantAdmin('xssreviewsupport@example.com');
  browser.now('/admin');
  await switchSession(page, admin);
  await page.goto('/admin');
  // Other journeys' reports may be listed too: these are the ones on this journey's pages.
  const ours = page
    .getByRole('region', { name: 'Reported reviews' })
    .getByRole('article')
    .filter({ has: page.locator('a[href*="/u/xssreviews"]') });
  await browser.check(() => expect(ours).toHaveCount(XSS_PAYLOADS.length));
  expect(browser.seen).toEqual([]);
});
