import { devices, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { photosIn } from '../support/api/mail/photos';
import { livePage, storeSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { untilOldEnough } from './form-age';
import { mailsSoFar, mailTo } from './mail';

/**
 * Issue 17's done-when for quote requests: a customer on a phone with JavaScript off asks for a quote with two
 * photos from the page, sees the confirmation, the owner's mail carries the photos and answers the customer, and
 * the owner marks the enquiry won on the Enquiries page. Then each spam defence, tried by a script.
 */

/** A photo of the job, in two colours so each is its own file. */
const photo = async (name: string, colour: string, width: number, height: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer(),
});

test.describe('quote requests (issue 17)', () => {
  test('a customer with no JavaScript sends a request with two photos; the owner gets the mail, marks it won, then deletes it', async ({
    browser,
    page,
    request,
  }) => {
    const owner = 'quinnbuild';
    const token = await livePage(request, owner, 'Quinn Build');

    // The customer's phone, with JavaScript off, from an address of its own.
    const context = await browser.newContext({
      ...devices['Pixel 7'],
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-forwarded-for': '198.18.170.17' },
    });
    const phone = await context.newPage();
    const scripts: string[] = [];
    phone.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(sent.url());
    });
    await phone.goto(`/u/${owner}`);
    await phone.getByRole('link', { name: 'Request a quote' }).click();
    await expect(phone).toHaveURL(new RegExp(`/u/${owner}/quote$`));
    const shownAt = Date.now();
    await expect(phone.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeVisible();
    await phone.getByLabel('Your name').fill('Pat Customer');
    await phone.getByLabel('Phone').fill('07700 900456');
    await phone.getByLabel('Email').fill('pat@example.com');
    await phone.getByLabel('Postcode (optional)').fill('bs3 1aa');
    await phone.getByLabel('What’s the job?').fill('The kitchen tap drips.\nIt has for a week.');
    await phone
      .getByLabel('Photos (optional)')
      .setInputFiles([
        await photo('tap.jpg', '#c06030', 2400, 1800),
        await photo('sink.jpg', '#3060c0', 1200, 1600),
      ]);
    // No one fills a form in under three seconds; the form refuses one that was.
    await untilOldEnough(shownAt);
    const before = await mailsSoFar();
    await phone.getByRole('button', { name: 'Send request' }).click();

    await expect(phone).toHaveURL(new RegExp(`/u/${owner}/quote/sent$`));
    await expect(phone.getByRole('heading', { level: 1, name: 'Request sent' })).toBeVisible();
    await expect(
      phone.getByText('Quinn Build has your request and will reply by phone or email.'),
    ).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Back to Quinn Build' })).toHaveAttribute(
      'href',
      `/u/${owner}`,
    );
    expect(scripts).toEqual([]);
    await context.close();

    // The owner's mail: the details, the two photos, and a reply that goes to the customer.
    const mail = await mailTo(`${owner}@example.com`, 'Quote request from Pat Customer', { after: before });
    expect(mail.replyTo).toBe('pat@example.com');
    expect(mail.text).toContain('Postcode: BS3 1AA');
    expect(mail.text).toContain('> The kitchen tap drips.\n> It has for a week.');
    const jpeg = { contentType: 'image/jpeg', format: 'jpeg', longerSide: 1600, exif: false };
    expect(await photosIn(mail)).toEqual([
      { filename: 'photo-1.jpg', ...jpeg },
      { filename: 'photo-2.jpg', ...jpeg },
    ]);

    // The owner, signed in with JavaScript on: the enquiry on the Enquiries page, marked won, still won on reload.
    await storeSession(page, token);
    await page.goto('/enquiries');
    const enquiry = page.getByRole('article', { name: 'Pat Customer' });
    await expect(enquiry.getByRole('link', { name: '07700 900456' })).toHaveAttribute(
      'href',
      'tel:+447700900456',
    );
    await expect(enquiry.getByRole('link', { name: 'pat@example.com' })).toHaveAttribute(
      'href',
      'mailto:pat@example.com',
    );
    await expect(enquiry).toContainText('BS3 1AA');
    await expect(enquiry).toContainText('The kitchen tap drips.');
    const thumbnails = enquiry.getByRole('img');
    await expect(thumbnails).toHaveCount(2);
    for (const thumbnail of await thumbnails.all())
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    await expect(enquiry.getByLabel('Status')).toHaveValue('new');
    await expectNoAxeViolations(page);

    await enquiry.getByLabel('Status').selectOption({ label: 'Won' });
    await expect(
      page.locator('#toasts').getByText('The enquiry from Pat Customer is marked won.'),
    ).toBeVisible();
    await page.reload();
    const status = page.getByRole('article', { name: 'Pat Customer' }).getByLabel('Status');
    await expect(status).toHaveValue('won');
    await expect(status.locator('option:checked')).toHaveText('Won');

    // The customer asks to be forgotten: the owner deletes the enquiry, after a question that starts on Keep it.
    const photoAddresses = await page
      .getByRole('article', { name: 'Pat Customer' })
      .getByRole('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    expect(photoAddresses).toHaveLength(2);
    await page.getByRole('button', { name: 'Delete the enquiry from Pat Customer' }).click();
    const question = page.getByRole('dialog', { name: 'Delete the enquiry from Pat Customer?' });
    await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await expectNoAxeViolations(page);
    await question.getByRole('button', { name: 'Delete enquiry' }).click();
    await expect(
      page.locator('#toasts').getByText('The enquiry from Pat Customer is deleted.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeFocused();
    await expect(page.getByRole('article', { name: 'Pat Customer' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No enquiries yet' })).toBeVisible();
    // Its photos went with it.
    for (const address of photoAddresses) expect((await request.get(address)).status()).toBe(404);
  });

  test('the quote form meets WCAG A/AA', async ({ page, request }) => {
    await livePage(request, 'quoteaxe', 'Axel Access');
    await page.goto('/u/quoteaxe/quote');
    await expect(page.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('each spam defence refuses a scripted request with a page saying what to do', async ({ request }) => {
    const owner = 'quotespam';
    await livePage(request, owner, 'Sam Spam');
    const from = { 'x-forwarded-for': '198.18.171.23' };
    const openForm = async () => {
      const form = await request.get(`/u/${owner}/quote`, { headers: from });
      expect(form.status()).toBe(200);
      return /name="stamp" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
    };
    const fields = { name: 'Bot', phone: '07700 900789', job: 'Cheap pills', website: '' };
    const post = (multipart: Record<string, string>) =>
      request.post(`/u/${owner}/quote`, { headers: from, multipart, maxRedirects: 0 });
    const expectRefusal = async (answer: Awaited<ReturnType<typeof post>>, status: number, words: string) => {
      expect(answer.status()).toBe(status);
      expect(answer.headers()['content-type']).toMatch(/^text\/html/);
      const html = await answer.text();
      expect(html).toContain('<h1>Your request wasn’t sent</h1>');
      expect(html).toContain(words);
      expect(html).toContain(`href="/u/${owner}/quote">Back to the form</a>`);
    };

    // A script fills in every field it finds, the hidden one too.
    const stampShownAt = Date.now();
    const stamp = await openForm();
    await expectRefusal(
      await post({ ...fields, stamp, website: 'https://pills.example' }),
      400,
      'Leave this empty',
    );
    // A script sends the form the moment it has it: it comes back, as it would to a person that quick.
    const tooSoon = await post({ ...fields, stamp: await openForm() });
    expect(tooSoon.status()).toBe(400);
    const shownBack = await tooSoon.text();
    expect(shownBack).toContain('Your request wasn’t sent yet');
    expect(shownBack).toContain('Please wait a few seconds and send it again.');
    expect(shownBack).toContain(`action="/u/${owner}/quote"`);

    // A script sends one form again and again: it goes once.
    await untilOldEnough(stampShownAt);
    expect((await post({ ...fields, stamp })).status()).toBe(303);
    await expectRefusal(await post({ ...fields, stamp }), 400, 'This request has been sent already.');
    // With a fresh form each time, one address sends a page three a day; the form itself then says so.
    const stampsShownAt = Date.now();
    const stamps = [await openForm(), await openForm()];
    await untilOldEnough(stampsShownAt);
    for (const each of stamps) expect((await post({ ...fields, stamp: each })).status()).toBe(303);
    const shown = await request.get(`/u/${owner}/quote`, { headers: from });
    expect(shown.status()).toBe(429);
    expect(Number(shown.headers()['retry-after'])).toBeGreaterThan(0);
    expect(await shown.text()).toContain('You’ve sent Sam Spam 3 quote requests today');
  });
});
