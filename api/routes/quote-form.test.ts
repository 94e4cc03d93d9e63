import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enquiriesReceived, enquiriesRefused } from '../../observability/metrics';
import { diskStorageAt } from '../../platform/storage/disk';
import type { Storage } from '../../platform/storage/storage';
import { createTestApp } from '../../tests/support/api/app';
import { photosIn } from '../../tests/support/api/mail/photos';
import { jpegFile } from '../../tests/support/api/media/images';
import { type FormPart, streamedForm } from '../../tests/support/api/media/streams';
import {
  CUSTOMER,
  CUSTOMER_FIELDS,
  livePage as livePageOf,
  openForm as openFormOf,
  type QuoteFields,
  requestQuote,
  sendForm,
} from '../../tests/support/api/quotes';
import { listMedia } from '../../tests/support/media/stored';
import type { Deps } from '../deps';
import { MAILED_ADDRESSES_PER_PAGE_PER_DAY, QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY } from '../enquiries/limits';
import { MAIL_PHOTO_SIDE } from '../enquiries/photos';
import { MAX_FORM_AGE_MS, MIN_FORM_AGE_MS } from '../enquiries/stamp';
import { QUOTE_CSP, QUOTE_UPLOAD_LIMIT } from './quote-form';

let t: Awaited<ReturnType<typeof createTestApp>>;
/** Runs as each photo file is written, once a test sets it: what happens meanwhile elsewhere. */
let onPut: (() => Promise<void>) | null = null;

/** The disk store, with a hook in its writes. */
function hookedStorage(root: string): Storage {
  const disk = diskStorageAt(root);
  return Object.assign(Object.create(disk), {
    put: async (...args: Parameters<Storage['put']>) => {
      await onPut?.();
      return disk.put(...args);
    },
  });
}

beforeEach(async () => {
  onPut = null;
  t = await createTestApp();
  Object.assign(t.deps, { storage: hookedStorage(t.deps.publicDir) } satisfies Partial<Deps>);
});
afterEach(async () => {
  await t.close();
});

const OWNER = 'dana@example.com';

const livePage = (username = 'dana', quotes = true) => livePageOf(t, username, quotes);
const openForm = (username = 'dana') => openFormOf(t, username);
const send = (fields: QuoteFields, headers: Record<string, string> = CUSTOMER, username = 'dana') =>
  sendForm(t, fields, headers, username);
const request = (fields: QuoteFields = {}, headers: Record<string, string> = CUSTOMER) =>
  requestQuote(t, fields, headers);

const enquiryEvents = () =>
  t.db.selectFrom('events').select(['type', 'data']).where('stream_id', 'like', 'enquiry-%').execute();
const quoteMails = () =>
  t.db.selectFrom('mail_outbox').select('id').where('subject', 'like', 'Quote request%').execute();
const media = () => listMedia(path.join(t.deps.publicDir, 'media'));
const temp = () => {
  const dir = path.join(t.deps.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

type Answer = { status: number; headers: Headers; html: string };

/** A refusal page, as a page is served, saying what happened. */
function expectRefusalPage(answer: Answer, status: number, words: string | RegExp) {
  expect(answer.status, answer.html).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  expect(answer.headers.get('content-security-policy')).toBe(QUOTE_CSP);
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  expect(answer.html).toMatch(words);
  expect(answer.html).not.toMatch(/<script/i);
}

/** A refused request, the first to the page: the refusal page, and no event, mail, photo or temp file left of it. */
async function expectRefused(answer: Answer, status: number, words: string | RegExp) {
  expectRefusalPage(answer, status, words);
  expect(await enquiryEvents()).toEqual([]);
  expect(await quoteMails()).toEqual([]);
  expect(await t.db.selectFrom('mail_attachments').select('id').execute()).toEqual([]);
  expect(await t.db.selectFrom('media_files').select('id').execute()).toEqual([]);
  expect(media()).toEqual([]);
  expect(temp()).toEqual([]);
}

describe('the quote form at /u/<name>/quote', () => {
  it('is a small page of its own, with no script, a signed time and a field only a program fills in', async () => {
    await livePage();
    const { response, html, stamp } = await openForm();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(QUOTE_CSP);
    expect(QUOTE_CSP).toContain("form-action 'self'");
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<h1>Request a quote</h1>');
    expect(html).toContain('Tell Dana Pipe about the job');
    const form = /<form [^>]*>/.exec(html)?.[0] ?? '';
    for (const attribute of ['action="/u/dana/quote"', 'method="post"', 'enctype="multipart/form-data"'])
      expect(form.toLowerCase()).toContain(attribute);
    expect(stamp).toMatch(/^\d+-[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    // The page's colours, but its white on the default orange (2.8:1) would fail AA: the form's button reads black.
    expect(html).toContain('--btn:#F47629;--btf:#000000');
    // The honeypot: out of sight, out of the tab order, never autofilled, and labelled for a person who finds it.
    expect(html).toContain(
      '<div class="tq-hp" aria-hidden="true"><label for="q-website">Leave this empty</label>',
    );
    const honeypot = (/<input id="q-website"[^>]*>/.exec(html)?.[0] ?? '').toLowerCase();
    for (const attribute of ['name="website"', 'tabindex="-1"', 'autocomplete="off"'])
      expect(honeypot).toContain(attribute);
    const photos = (/<input id="q-photos"[^>]*>/.exec(html)?.[0] ?? '').toLowerCase();
    for (const attribute of ['name="photos"', 'type="file"', 'accept="image/*"', 'multiple=""'])
      expect(photos).toContain(attribute);
  });

  it('is linked from the page while quote requests are on, and is a 404 once they are off', async () => {
    const token = await livePage();
    const { renderAccount } = await import('../../renderer/render-account');
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await renderAccount(t.db, user.id, t.renderTarget);
    const page = fs.readFileSync(path.join(t.deps.publicDir, 'u', 'dana', 'index.html'), 'utf8');
    expect(page).toContain('<a class="tc-bt" href="/u/dana/quote">Request a quote</a>');

    await t.publishForm(token, [
      ['main_heading', 'Dana Pipe Plumbing'],
      ['full_name', 'Dana Pipe'],
      ['phone_number', '07700 900123'],
      ['quotes_enabled', 'false'],
    ]);
    await renderAccount(t.db, user.id, t.renderTarget);
    expect(fs.readFileSync(path.join(t.deps.publicDir, 'u', 'dana', 'index.html'), 'utf8')).not.toContain(
      'Request a quote',
    );
    const off = await openForm();
    expect(off.response.status).toBe(404);
    expect(off.html).toContain('Dana Pipe isn’t taking quote requests here');
    expect(off.html).toContain('href="/u/dana"');
  });

  it('is a 404 for a name nobody has, and for a page that is not live', async () => {
    const unknown = await openForm('nobody');
    expect(unknown.response.status).toBe(404);
    expect(unknown.html).toContain('No business card found for “nobody”');
    // Signed up, never published: no trial, no page; the form says so as the page itself does (SPEC §2).
    await t.signUp('sam', 'sam@example.com');
    const notLive = await openForm('sam');
    expect(notLive.response.status).toBe(404);
    expect(notLive.html).toContain('This profile isn’t live yet');
  });
});

describe('a quote request', () => {
  it('reaches the owner: the enquiry, the mail with its photos and Reply-To, and the confirmation page', async () => {
    await livePage();
    const sent = await request({
      photos: [await jpegFile('#c06030', 2400, 1800), await jpegFile('#3060c0', 900, 1600)],
    });
    expect(sent.status, sent.html).toBe(303);
    expect(sent.headers.get('location')).toBe('/u/dana/quote/sent');

    const confirmation = await t.app.request('/u/dana/quote/sent');
    expect(confirmation.status).toBe(200);
    expect(confirmation.headers.get('content-security-policy')).toBe(QUOTE_CSP);
    const thanks = await confirmation.text();
    expect(thanks).toContain('<h1>Request sent</h1>');
    expect(thanks).toContain('Dana Pipe has your request and will reply by phone or email.');
    expect(thanks).toContain('href="/u/dana"');

    const events = await enquiryEvents();
    expect(events.map((event) => event.type)).toEqual(['EnquiryReceived']);
    const data = JSON.parse(events[0]?.data ?? '{}');
    expect(data).toMatchObject({
      name: 'Pat Customer',
      phone: '07700 900456',
      email: 'pat@example.com',
      postcode: 'BS3 1AA',
      job: 'The kitchen tap drips.\nIt has for a week.',
      receivedAt: t.deps.now().toISOString(),
    });
    expect(data.photos).toHaveLength(2);
    const [wide, tall] = data.photos;
    expect([wide.width, wide.height]).toEqual([1600, 1200]);
    expect([tall.width, tall.height]).toEqual([900, 1600]);
    const row = await t.db.selectFrom('enquiries').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Pat Customer', status: 'new', postcode: 'BS3 1AA' });
    // The photos are stored as a card's are, and recorded, so the sweep and erasure know them.
    expect((await t.db.selectFrom('media_files').select('id').execute()).map((r) => r.id).sort()).toEqual(
      [wide.id, tall.id].sort(),
    );

    const mail = await t.lastMailTo(OWNER);
    expect(mail.subject).toBe('Quote request from Pat Customer');
    expect(mail.replyTo?.text).toBe('pat@example.com');
    expect(mail.text).toContain('Pat Customer asked for a quote through your TradeCard page.');
    expect(mail.text).toContain('Postcode: BS3 1AA');
    expect(mail.text).toContain('> The kitchen tap drips.\n> It has for a week.');
    expect(mail.text).toContain('Your enquiries: https://tradecard.test/enquiries');
    // Upright and stripped, as the stored photos are: no EXIF to say where they were taken.
    const jpeg = { contentType: 'image/jpeg', format: 'jpeg', longerSide: MAIL_PHOTO_SIDE, exif: false };
    expect(await photosIn(mail)).toEqual([
      { filename: 'photo-1.jpg', ...jpeg },
      { filename: 'photo-2.jpg', ...jpeg },
    ]);
    // Sent: the mail's files leave the database with its bodies.
    expect(await t.db.selectFrom('mail_attachments').select('id').execute()).toEqual([]);
    expect(temp()).toEqual([]);
  });

  it('without an email address, says to call, and the mail has no Reply-To', async () => {
    await livePage();
    expect((await request({ email: '' })).status).toBe(303);
    const mail = await t.lastMailTo(OWNER);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain('Pat Customer gave no email address: call or text them on 07700 900456.');
    expect(mail.attachments).toEqual([]);
  });

  it('escapes what the customer typed, in the mail and in the form shown back', async () => {
    await livePage();
    const name = '<img src=x onerror=alert(1)>';
    const again = await request({ name, job: '' });
    expect(again.status).toBe(400);
    expect(again.html).not.toContain(name);
    expect(again.html).toContain('value="&lt;img src=x onerror=alert(1)&gt;"');
    expect((await request({ name, job: '<b>Bold</b> & "quoted"' })).status).toBe(303);
    const mail = await t.lastMailTo(OWNER);
    expect(mail.html).not.toContain('<b>Bold</b>');
    expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    expect(mail.html).not.toContain('<img src=x');
  });
});

describe('the counts an operator watches', () => {
  const refused = async (reason: string) =>
    (await enquiriesRefused.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;
  const received = async () => (await enquiriesReceived.get()).values[0]?.value ?? 0;

  it('counts each request passed on, and each refused by its reason', async () => {
    await livePage();
    const before = {
      received: await received(),
      honeypot: await refused('honeypot'),
      tooFast: await refused('too_fast'),
      invalid: await refused('invalid'),
      noPage: await refused('no_page'),
    };
    await request();
    await request({ website: 'x' });
    await send({ ...CUSTOMER_FIELDS, stamp: (await openForm()).stamp });
    await request({ name: '' });
    await send(CUSTOMER_FIELDS, CUSTOMER, 'nobody');
    expect({
      received: await received(),
      honeypot: await refused('honeypot'),
      tooFast: await refused('too_fast'),
      invalid: await refused('invalid'),
      noPage: await refused('no_page'),
    }).toEqual({
      received: before.received + 1,
      honeypot: before.honeypot + 1,
      tooFast: before.tooFast + 1,
      invalid: before.invalid + 1,
      noPage: before.noPage + 1,
    });
  });
});

describe('fields to fix', () => {
  it('shows the form again with what was typed and what to fix, and keeps nothing', async () => {
    await livePage();
    const answer = await request({
      name: '',
      phone: '',
      email: '',
      postcode: 'nowhere',
      photos: [await jpegFile()],
    });
    await expectRefused(answer, 400, '<h2 id="q-problems">Please check the form</h2>');
    expect(answer.html).toContain('Please enter your name.');
    expect(answer.html).toContain('Please give a phone number or an email address, so they can reply.');
    expect(answer.html).toContain('Please enter a UK postcode like BS3 1AA');
    expect(answer.html).toContain('value="nowhere"');
    expect(answer.html).toContain('The kitchen tap drips.\nIt has for a week.</textarea>');
    expect(answer.html).toContain('Please choose your photos again');
    expect(answer.html).toMatch(/id="q-name" aria-describedby="q-name-error" aria-invalid="true"/);
    // The same signed time: fixed and sent straight back, it is not "too fast".
    const stamp = /name="stamp" value="([^"]+)"/.exec(answer.html)?.[1] ?? '';
    expect((await send({ ...CUSTOMER_FIELDS, stamp })).status).toBe(303);
  });

  it('refuses a photo that is no photo, naming it, and keeps neither it nor the good one', async () => {
    await livePage();
    const fake = new File([new TextEncoder().encode('not a photo at all')], 'tap.jpg', {
      type: 'image/jpeg',
    });
    const answer = await request({ photos: [await jpegFile(), fake] });
    await expectRefused(answer, 400, 'Photo 2 is not a photo we can read.');
    expect(answer.html).toContain('value="Pat Customer"');
  });
});

describe('spam defences, each refusing with a page saying what to do', () => {
  it('refuses a form whose hidden field was filled in', async () => {
    await livePage();
    await expectRefused(await request({ website: 'https://spam.example' }), 400, /Leave this empty/);
  });

  it('refuses a form sent too soon after it was shown, giving it back to be sent again', async () => {
    await livePage();
    const { stamp } = await openForm();
    t.advance(MIN_FORM_AGE_MS - 1000);
    const answer = await send({ ...CUSTOMER_FIELDS, stamp, photos: [await jpegFile()] });
    await expectRefused(answer, 400, 'Please wait a few seconds and send it again.');
    expect(answer.html).toContain('<h2 id="q-problems">Your request wasn’t sent yet</h2>');
    expect(answer.html).toContain('value="Pat Customer"');
    expect(answer.html).toContain('Please choose your photos again');
    // Sent again as it came back, a moment later: through.
    const again = /name="stamp" value="([^"]+)"/.exec(answer.html)?.[1] ?? '';
    t.advance(1000);
    expect((await send({ ...CUSTOMER_FIELDS, stamp: again })).status).toBe(303);
  });

  it('refuses a form with no signed time, or a made-up one', async () => {
    await livePage();
    const { stamp } = await openForm();
    t.advance(60_000);
    const forged = stamp.replace(/^\d+/, (time) => String(Number(time) - 60_000));
    await expectRefused(await send(CUSTOMER_FIELDS), 400, 'Please open the quote form again');
    await expectRefused(
      await send({ ...CUSTOMER_FIELDS, stamp: forged }),
      400,
      'This form couldn’t be checked.',
    );
  });

  it('refuses a form opened over a day ago', async () => {
    await livePage();
    const { stamp } = await openForm();
    t.advance(MAX_FORM_AGE_MS + 1000);
    await expectRefused(
      await send({ ...CUSTOMER_FIELDS, stamp }),
      400,
      'This form was opened more than a day ago.',
    );
  });

  it('takes one request from one form: the same form sent again is refused, and nothing is added', async () => {
    await livePage();
    const { stamp } = await openForm();
    t.advance(MIN_FORM_AGE_MS);
    expect((await send({ ...CUSTOMER_FIELDS, stamp })).status).toBe(303);
    const before = { events: await enquiryEvents(), mails: await quoteMails() };
    expectRefusalPage(
      await send({ ...CUSTOMER_FIELDS, stamp }, { 'x-forwarded-for': '198.51.100.1' }),
      400,
      'This request has been sent already. To send another, please open the quote form again.',
    );
    expect(await enquiryEvents()).toEqual(before.events);
    expect(await quoteMails()).toEqual(before.mails);
    // A fresh form sends again.
    expect((await request()).status).toBe(303);
  });

  it(`takes ${QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY} requests a day from one address to one page, and says so before the next is typed`, async () => {
    await livePage();
    await livePage('sam');
    for (let i = 0; i < QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY; i++) expect((await request()).status).toBe(303);
    const before = { events: await enquiryEvents(), mails: await quoteMails() };
    const words =
      'You’ve sent Dana Pipe 3 quote requests today, and they have them all. To add anything, please call or email them';
    // Told before typing: the form isn't shown.
    const shown = await openForm();
    expect(shown.response.status).toBe(429);
    expect(shown.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(shown.html).toContain(words);
    expect(shown.stamp).toBe('');
    expectRefusalPage(await send({ ...CUSTOMER_FIELDS, stamp: 'x' }), 429, words);
    expect(await enquiryEvents()).toEqual(before.events);
    expect(await quoteMails()).toEqual(before.mails);
    // Another page, and another address, are not held back; this address is again the next day.
    expect((await requestQuote(t, {}, CUSTOMER, 'sam')).status).toBe(303);
    expect((await request({}, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(303);
    t.advance(24 * 3600_000);
    expect((await request()).status).toBe(303);
  });

  it(`mails the first ${MAILED_ADDRESSES_PER_PAGE_PER_DAY} addresses of a day, and keeps the rest on the owner’s list without a mail, saying so first`, async () => {
    const token = await livePage();
    for (let i = 0; i < MAILED_ADDRESSES_PER_PAGE_PER_DAY; i++) {
      const sent = await request({}, { 'x-forwarded-for': `198.51.100.${i}` });
      expect(sent.status, sent.html).toBe(303);
      expect(sent.headers.get('location')).toBe('/u/dana/quote/sent');
    }
    expect(await quoteMails()).toHaveLength(MAILED_ADDRESSES_PER_PAGE_PER_DAY);
    // An address already mailed today is mailed again.
    expect((await request({}, { 'x-forwarded-for': '198.51.100.0' })).headers.get('location')).toBe(
      '/u/dana/quote/sent',
    );
    const fresh = { 'x-forwarded-for': '192.0.2.1' };
    const shown = await openFormOf(t, 'dana', fresh);
    expect(shown.response.status).toBe(200);
    expect(shown.html).toContain(
      'Dana Pipe has had a lot of quote requests today. Yours will be kept on their list of requests, but they won’t get an email about it today, so if it’s urgent please call them.',
    );
    t.advance(MIN_FORM_AGE_MS);
    const kept = await send({ ...CUSTOMER_FIELDS, stamp: shown.stamp, name: 'Kim Late' }, fresh);
    expect(kept.status, kept.html).toBe(303);
    expect(kept.headers.get('location')).toBe('/u/dana/quote/sent?kept');
    const thanks = await (await t.app.request('/u/dana/quote/sent?kept')).text();
    expect(thanks).toContain(
      'Your request is on Dana Pipe’s list of requests. They won’t get an email about it today',
    );
    expect(await quoteMails()).toHaveLength(MAILED_ADDRESSES_PER_PAGE_PER_DAY + 1);
    const listed = await t.app.request('/api/enquiries', { headers: { authorization: `Bearer ${token}` } });
    const { data } = (await listed.json()) as { data: { name: string; keptWithoutMail: boolean }[] };
    expect(data[0]).toMatchObject({ name: 'Kim Late', keptWithoutMail: true });
    expect(data.filter((each) => each.keptWithoutMail)).toHaveLength(1);
    // A day later the page's mail is back for everyone.
    t.advance(24 * 3600_000);
    expect((await request({}, fresh)).headers.get('location')).toBe('/u/dana/quote/sent');
  });

  it('refuses a body over the limit before reading it, and a photo over 10 MB as it arrives', async () => {
    await livePage();
    const { stamp } = await openForm();
    t.advance(MIN_FORM_AGE_MS);
    const declared = await t.app.request('/u/dana/quote', {
      method: 'POST',
      headers: {
        ...CUSTOMER,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(QUOTE_UPLOAD_LIMIT + 1),
      },
      body: 'x',
    });
    await expectRefused(
      { status: declared.status, headers: declared.headers, html: await declared.text() },
      413,
      'Each photo can be up to 10 MB',
    );

    const parts: FormPart[] = [
      ...Object.entries({ ...CUSTOMER_FIELDS, stamp }).map(([name, value]) => ({ name, value })),
      { name: 'photos', filename: 'huge.jpg', size: 40 * 1024 * 1024 },
    ];
    const form = streamedForm(parts);
    const streamed = await t.app.request('/u/dana/quote', {
      method: 'POST',
      headers: { ...CUSTOMER, 'content-type': form.contentType },
      body: form.body,
      duplex: 'half',
    } as RequestInit);
    await expectRefused(
      { status: streamed.status, headers: streamed.headers, html: await streamed.text() },
      413,
      'Photo 1 is larger than 10 MB. Please choose a smaller photo.',
    );
    expect(form.pulled.bytes).toBeLessThan(12 * 1024 * 1024);
  });

  it('refuses more than three photos', async () => {
    await livePage();
    const photos = await Promise.all(['#111111', '#222222', '#333333', '#444444'].map((c) => jpegFile(c)));
    await expectRefused(await request({ photos }), 400, 'You can send up to 3 photos.');
  });

  it('refuses a form sent to a page that takes none, or to no page, without reading it', async () => {
    await livePage('dana', false);
    const off = await request();
    expect(off.status).toBe(404);
    expect(off.html).toContain('isn’t taking quote requests here');
    const none = await send({ ...CUSTOMER_FIELDS, stamp: 'x' }, CUSTOMER, 'nobody');
    expect(none.status).toBe(404);
    expect(none.html).toContain('No business card found for “nobody”');
    expect(await enquiryEvents()).toEqual([]);
    expect(temp()).toEqual([]);
  });

  it('leaves no photo behind when the limit is reached while its photos were being stored', async () => {
    await livePage();
    const { stamp } = await openForm();
    t.advance(MIN_FORM_AGE_MS);
    // As this request's photos are written, the same address sends its day's worth without photos.
    onPut = async () => {
      onPut = null;
      for (let i = 0; i < QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY; i++)
        expect((await request()).status).toBe(303);
    };
    const answer = await send({
      ...CUSTOMER_FIELDS,
      stamp,
      photos: [await jpegFile(), await jpegFile('#00aa00')],
    });
    expect(answer.status).toBe(429);
    expect(answer.html).toContain('You’ve sent Dana Pipe 3 quote requests today');
    expect(await enquiryEvents()).toHaveLength(QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY);
    expect(await quoteMails()).toHaveLength(QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY);
    expect(await t.db.selectFrom('mail_attachments').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('media_files').select('id').execute()).toEqual([]);
    expect(media()).toEqual([]);
    expect(temp()).toEqual([]);
  });

  it('prepares at most two requests from one address at once; a third waits its turn', async () => {
    await livePage();
    const stamps = [(await openForm()).stamp, (await openForm()).stamp, (await openForm()).stamp];
    t.advance(MIN_FORM_AGE_MS);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let writing = 0;
    let bothWriting: () => void = () => {};
    const twoAtOnce = new Promise<void>((resolve) => {
      bothWriting = resolve;
    });
    onPut = async () => {
      writing += 1;
      if (writing === 2) bothWriting();
      await held;
    };
    const first = send({ ...CUSTOMER_FIELDS, stamp: stamps[0] as string, photos: [await jpegFile()] });
    const second = send({
      ...CUSTOMER_FIELDS,
      stamp: stamps[1] as string,
      photos: [await jpegFile('#00aa00')],
    });
    await twoAtOnce;
    expectRefusalPage(
      await send({ ...CUSTOMER_FIELDS, stamp: stamps[2] as string }),
      429,
      'Your last request is still being sent. Please wait for it to finish, then send this one again.',
    );
    // Another address is not held back meanwhile.
    onPut = null;
    expect((await request({}, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(303);
    release();
    expect((await first).status).toBe(303);
    expect((await second).status).toBe(303);
    expect((await send({ ...CUSTOMER_FIELDS, stamp: stamps[2] as string })).status).toBe(303);
  });

  it('says so when the disk fails part-way through the photos, and leaves none of them', async () => {
    await livePage();
    const { stamp } = await openForm();
    t.advance(MIN_FORM_AGE_MS);
    let puts = 0;
    onPut = async () => {
      puts += 1;
      if (puts === 5) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    };
    const answer = await send({
      ...CUSTOMER_FIELDS,
      stamp,
      photos: [await jpegFile(), await jpegFile('#00aa00')],
    });
    await expectRefused(answer, 503, 'short of disk space');
    expect(answer.headers.get('retry-after')).toBe('60');
  });
});
