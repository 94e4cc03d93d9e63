import { devices, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { bearer, grantAdmin, livePage, signUp, storeSession, switchSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { untilOldEnough } from './form-age';
import { mailsSoFar, mailTo } from './mail';

/**
 * Issue 30's done-when: quote request → marked won → a review link in one tap → the customer, with JavaScript off,
 * leaves five stars and a photo → the page shows "Verified customer" first, with the average; the owner's attempt to
 * change it is refused, and the link can't be used twice.
 */

test('quote request → won → review link → five stars and a photo with no script → Verified customer, first', async ({
  browser,
  page,
  request,
}) => {
  const owner = 'reviewbuild';
  const token = await livePage(request, owner, 'Robin Build');
  const customer = await browser.newContext({
    ...devices['Pixel 7'],
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-forwarded-for': '198.18.170.30' },
  });
  const phone = await customer.newPage();
  const scripts: string[] = [];
  phone.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });

  // The quote request.
  await phone.goto(`/u/${owner}/quote`);
  const shownAt = Date.now();
  await phone.getByLabel('Your name').fill('Pat Customer');
  await phone.getByLabel('Phone').fill('07700 900456');
  await phone.getByLabel('Email').fill('pat@example.com');
  await phone.getByLabel('What’s the job?').fill('A new shower.');
  await untilOldEnough(shownAt);
  await phone.getByRole('button', { name: 'Send request' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Request sent' })).toBeVisible();

  // The owner marks it won and asks for a review in one tap: the link, WhatsApp and a text with the message, a mail.
  await storeSession(page, token);
  await page.goto('/enquiries');
  const enquiry = page.getByRole('article', { name: 'Pat Customer', exact: true });
  await enquiry.getByLabel('Status').selectOption({ label: 'Won' });
  await expect(enquiry.getByLabel('Status')).toHaveValue('won');
  const before = await mailsSoFar();
  await enquiry.getByRole('button', { name: 'Ask for a review' }).click();
  const link = enquiry.getByLabel('Review link for Pat Customer (works once, for 30 days)');
  await expect(link).toHaveValue(new RegExp(`/u/${owner}/review/[A-Za-z0-9_-]{32}$`));
  const url = new URL(await link.inputValue());
  await expect(enquiry.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/447700900456\?text=Hi%20Pat%2C%20thanks%20for%20choosing%20Robin%20Build\./,
  );
  await expect(enquiry.getByRole('link', { name: 'Send a text' })).toHaveAttribute(
    'href',
    /^sms:\+447700900456\?&body=Hi%20Pat/,
  );
  await expect(enquiry).toContainText('We’ve emailed the link to Pat Customer too.');
  await expectNoAxeViolations(page);
  // A customer who never used the form: their name is enough; WhatsApp opens on a contact the owner picks.
  const any = page.getByRole('region', { name: 'Ask a customer for a review' });
  await any.getByLabel('Customer’s name').fill('Lee Other');
  await any.getByRole('button', { name: 'Make a review link' }).click();
  await expect(any.getByLabel('Review link for Lee Other (works once, for 30 days)')).toHaveValue(
    new RegExp(`/u/${owner}/review/[A-Za-z0-9_-]{32}$`),
  );
  await expect(any.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=Hi%20Lee%2C%20thanks%20for%20choosing%20Robin%20Build\./,
  );
  const asked = await mailTo('pat@example.com', 'Robin Build would like your review', { after: before });
  expect(asked.text).toContain(url.href);

  // The customer, still with no script: five stars, a few words, the name as offered, a photo, consent.
  await phone.goto(url.pathname);
  const formShownAt = Date.now();
  await expect(phone.getByRole('heading', { level: 1, name: 'Review Robin Build' })).toBeVisible();
  await expect(phone.getByText('How did Robin Build do with “A new shower.”?')).toBeVisible();
  await phone.getByLabel('5 stars: Excellent').check();
  await phone.getByLabel('Your review').fill('Quick, tidy and the shower is perfect.');
  await expect(phone.getByLabel('Your name as shown')).toHaveValue('Pat C.');
  await phone.getByLabel('Photos of the finished job (optional)').setInputFiles([
    {
      name: 'shower.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a6f97' } })
        .jpeg()
        .toBuffer(),
    },
  ]);
  await phone
    .getByLabel('Robin Build may show my review, the name above and my photos on their page.')
    .check();
  await untilOldEnough(formShownAt);
  await phone.getByRole('button', { name: 'Send review' }).click();
  await expect(phone).toHaveURL(new RegExp(`${url.pathname}/sent$`));
  await expect(phone.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();

  // On the page, first and with the average, as soon as the projector has rendered it.
  await expect.poll(async () => (await request.get(`/u/${owner}`)).text()).toContain('Verified customer');
  await phone.goto(`/u/${owner}`);
  const reviews = phone.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('5.0 ★ out of 5 from 1 verified customer');
  const first = reviews.getByRole('listitem').first();
  await expect(first).toContainText('Quick, tidy and the shower is perfect.');
  await expect(first).toContainText('Pat C. · Verified customer');
  await expect(first.getByRole('img', { name: 'Photo of the finished job, from Pat C.' })).toBeVisible();
  expect(scripts).toEqual([]);

  // The owner can't change it; the link can't be used again.
  const [review] = (await (await request.get('/api/reviews', { headers: bearer(token) })).json()).data;
  const change = await request.patch(`/api/reviews/${review.id}`, {
    headers: bearer(token),
    data: { rating: 1, text: 'Changed' },
  });
  expect(change.status()).toBe(403);
  expect((await change.json()).error).toContain('can’t be changed');
  const again = await phone.goto(url.pathname);
  expect(again?.status()).toBe(410);
  await expect(phone.getByText('This review link has already been used.')).toBeVisible();
  await customer.close();
});

test('the owner replies once and reports a review; support removes it; the page says one was removed', async ({
  browser,
  page,
  request,
}) => {
  const owner = 'reviewreply';
  const token = await livePage(request, owner, 'Sam Sparks');
  const asked = await request.post('/api/review-requests', {
    headers: bearer(token),
    data: { name: 'Lee Other' },
  });
  expect(asked.status()).toBe(201);
  const link = new URL((await asked.json()).url).pathname;

  // The customer leaves a review with no script.
  const customer = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-forwarded-for': '198.18.170.31' },
  });
  const phone = await customer.newPage();
  await phone.goto(link);
  const shownAt = Date.now();
  await phone.getByLabel('1 star: Bad').check();
  await phone.getByLabel('Your review').fill('Never turned up.');
  await phone
    .getByLabel('Sam Sparks may show my review, the name above and my photos on their page.')
    .check();
  await untilOldEnough(shownAt);
  await phone.getByRole('button', { name: 'Send review' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await customer.close();

  // The owner sees it with what was asked for and received; there is nothing to edit its words with.
  await storeSession(page, token);
  await page.goto('/enquiries');
  const reviews = page.getByRole('region', { name: 'Verified reviews' });
  await expect(reviews).toContainText('1 asked for · 1 received');
  const card = reviews.getByRole('article', { name: 'Review from Lee Other' });
  await expect(card.getByRole('img', { name: '1 out of 5 stars' })).toBeVisible();
  await expect(card).toContainText('Never turned up.');
  // The one thing to type in is the reply: nothing edits the customer's words or stars.
  await expect(card.getByRole('textbox')).toHaveCount(1);
  await expect(card.getByRole('combobox')).toHaveCount(0);

  // One public reply: posted, shown on the page, and the form gone.
  await card
    .getByLabel('Your public reply (one only, shown under the review)')
    .fill('We came at 9; no one was in.');
  await card.getByRole('button', { name: 'Post reply' }).click();
  await expect(card).toContainText('Your reply: We came at 9; no one was in.');
  await expect(card.getByRole('button', { name: 'Post reply' })).toHaveCount(0);
  await expect
    .poll(async () => (await request.get(`/u/${owner}`)).text())
    .toContain('We came at 9; no one was in.');

  // A report to support, with why; the review stays on the page meanwhile.
  await card.getByRole('button', { name: 'Report to support' }).click();
  await card.getByLabel('Why should support look at it?').fill('Lee was never my customer.');
  await card.getByRole('button', { name: 'Send report' }).click();
  await expect(card).toContainText('Reported to support');
  await expectNoAxeViolations(page);

  // Support sees the report on /admin and removes it, with a reason.
  const admin = await signUp(request, 'reviewsupport');
  await grantAdmin('reviewsupport@example.com');
  await switchSession(page, admin);
  await page.goto('/admin');
  const reported = page.getByRole('region', { name: 'Reported reviews' });
  const entry = reported.getByRole('article', { name: 'Lee O.: 1 of 5 stars' });
  await expect(entry).toContainText('Lee was never my customer.');
  await expect(entry.getByRole('link', { name: 'See it on the page' })).toHaveAttribute(
    'href',
    new RegExp(`/u/${owner}$`),
  );
  await entry.getByLabel('Reason for removing it (the owner sees it)').fill('Not a customer of this trader.');
  await entry.getByRole('button', { name: 'Remove review' }).click();
  await expect(entry).toContainText('Removed');
  await expect(entry).toContainText('Not a customer of this trader.');
  await expectNoAxeViolations(page);

  // Nothing removed silently: the page counts it.
  await expect
    .poll(async () => (await request.get(`/u/${owner}`)).text())
    .toContain('1 review was removed by support for breaking our rules.');
  expect(await (await request.get(`/u/${owner}`)).text()).not.toContain('Never turned up.');
});
