import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENQUIRY_NOT_FOUND } from '../../events/enquiry/decider';
import { createTestApp } from '../../tests/support/api/app';
import { jpegFile } from '../../tests/support/api/media/images';
import { livePage, requestQuote } from '../../tests/support/api/quotes';
import { listMedia, mediaIds } from '../../tests/support/media/stored';
import { sweepMedia } from '../media/sweep';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

type Enquiry = { id: string; name: string; status: string; photos: { thumb: string; full: string }[] };
const enquiriesOf = async (token: string) => (await t.call('GET', '/api/enquiries', undefined, token)).body;
const mark = (token: string, id: string, status: unknown) =>
  t.call('POST', `/api/enquiries/${id}/status`, { status }, token);
const mediaDir = () => path.join(t.deps.publicDir, 'media');

describe("the owner's enquiries: /api/enquiries", () => {
  it('lists the owner’s own, newest first, with ways to answer and the photos, and no one else’s', async () => {
    const dana = await livePage(t);
    const sam = await livePage(t, 'sam');
    expect(await enquiriesOf(dana)).toEqual({
      success: true,
      data: [],
      quoteForm: { enabled: true, url: 'https://tradecard.test/u/dana/quote' },
    });
    expect((await requestQuote(t, { photos: [await jpegFile('#aa3300', 1200, 900)] })).status).toBe(303);
    t.advance(60_000);
    expect((await requestQuote(t, { name: 'Lee Later', phone: '', email: 'lee@example.com' })).status).toBe(
      303,
    );

    const listed = await enquiriesOf(dana);
    expect(listed.data.map((enquiry: Enquiry) => enquiry.name)).toEqual(['Lee Later', 'Pat Customer']);
    const [later, first] = listed.data;
    expect(later).toMatchObject({
      phone: null,
      phoneHref: null,
      emailHref: 'mailto:lee@example.com',
      photos: [],
    });
    const [id] = mediaIds(mediaDir());
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Pat Customer',
      phone: '07700 900456',
      phoneHref: 'tel:+447700900456',
      email: 'pat@example.com',
      emailHref: 'mailto:pat@example.com',
      postcode: 'BS3 1AA',
      job: 'The kitchen tap drips.\nIt has for a week.',
      photos: [{ thumb: `/media/${id}-320.webp`, full: `/media/${id}-1200.webp`, width: 1200, height: 900 }],
      status: 'new',
      receivedAt: '2026-11-22T09:00:05.000Z',
    });
    // The thumbnail is served as the card's photos are: by its content address, which nothing public lists.
    expect((await t.app.request(first.photos[0].thumb)).status).toBe(200);
    expect((await enquiriesOf(sam)).data).toEqual([]);
  });

  it('says when quote requests are switched off', async () => {
    const dana = await livePage(t, 'dana', false);
    expect((await enquiriesOf(dana)).quoteForm).toEqual({
      enabled: false,
      url: 'https://tradecard.test/u/dana/quote',
    });
  });

  it('lets the owner mark an enquiry replied, won or lost, and answers anyone else as if it did not exist', async () => {
    const dana = await livePage(t);
    const sam = await livePage(t, 'sam');
    await requestQuote(t);
    const [enquiry] = (await enquiriesOf(dana)).data as Enquiry[];
    const id = enquiry?.id ?? '';

    const won = await mark(dana, id, 'won');
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({
      success: true,
      message: 'The enquiry from Pat Customer is marked won.',
      data: { id, status: 'won' },
    });
    expect((await enquiriesOf(dana)).data[0].status).toBe('won');
    // Marked again, nothing more is recorded.
    expect((await mark(dana, id, 'won')).status).toBe(200);
    const changes = await t.db
      .selectFrom('events')
      .select('type')
      .where('type', '=', 'EnquiryStatusChanged')
      .execute();
    expect(changes).toHaveLength(1);

    for (const [token, target] of [
      [sam, id],
      [dana, '00000000-0000-4000-8000-000000000000'],
      [dana, 'not-an-id'],
    ] as const)
      expect(await mark(token, target, 'lost')).toMatchObject({
        status: 404,
        body: { error: ENQUIRY_NOT_FOUND },
      });
    expect(await mark(dana, id, 'archived')).toMatchObject({
      status: 400,
      body: { error: 'Please choose a status: new, replied, won or lost.' },
    });
    expect((await t.call('POST', `/api/enquiries/${id}/status`, 'not json', dana)).status).toBe(400);
    expect((await t.call('POST', `/api/enquiries/${id}/status`, { status: 'lost' })).status).toBe(401);
    expect((await t.call('GET', '/api/enquiries')).status).toBe(401);
    expect((await enquiriesOf(dana)).data[0].status).toBe('won');
  });

  it('keeps an enquiry’s photos through the sweep, however old', async () => {
    await livePage(t);
    await requestQuote(t, { photos: [await jpegFile()] });
    const before = listMedia(mediaDir());
    expect(before).toHaveLength(3);
    await sweepMedia(t.db, t.deps.storage, new Date(t.deps.now().getTime() + 30 * 24 * 3600_000));
    expect(listMedia(mediaDir())).toEqual(before);
  });
});

const enquiryOf = (username: string) =>
  t.db
    .selectFrom('enquiries')
    .innerJoin('users', 'users.id', 'enquiries.account_id')
    .select(['enquiry_id', 'photos'])
    .where('users.username', '=', username)
    .executeTakeFirstOrThrow();
const streamOf = (enquiryId: string) =>
  t.db
    .selectFrom('events')
    .select(['type', 'data', 'metadata'])
    .where('stream_id', '=', `enquiry-${enquiryId}`)
    .orderBy('stream_position')
    .execute();

describe('erasure', () => {
  it('erases the enquiries with the owner’s account: the details from the log, the photos, the queued mail', async () => {
    const dana = await livePage(t);
    await livePage(t, 'sam');
    const shared = await jpegFile('#224488');
    await requestQuote(t, { photos: [await jpegFile('#884422'), shared] });
    // The same photo sent to another page too: one file, which stays for it.
    await requestQuote(t, { photos: [shared] }, { 'x-forwarded-for': '198.51.100.4' }, 'sam');
    expect(mediaIds(mediaDir())).toHaveLength(2);
    const danas = await enquiryOf('dana');
    const sams = await enquiryOf('sam');
    const [samPhoto] = JSON.parse(sams.photos) as { id: string }[];

    expect((await t.call('DELETE', '/api/profile', undefined, dana)).status).toBe(200);

    expect(await t.db.selectFrom('enquiries').select('enquiry_id').execute()).toEqual([
      { enquiry_id: sams.enquiry_id },
    ]);
    const erased = await streamOf(danas.enquiry_id);
    expect(erased.map((event) => event.type)).toEqual(['EnquiryReceived', 'EnquiryErased']);
    expect(JSON.parse(erased[0]?.metadata ?? '{}').redacted).toBe(true);
    expect(JSON.parse(erased[0]?.data ?? '{}')).toMatchObject({
      name: '[erased]',
      phone: null,
      email: null,
      postcode: null,
      job: '[erased]',
      photos: [],
    });
    expect(JSON.stringify(erased)).not.toMatch(/Pat|pat@example|BS3|tap drips/);
    expect(mediaIds(mediaDir())).toEqual([samPhoto?.id]);
    expect(
      await t.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', 'dana@example.com')
        .execute(),
    ).toEqual([]);
    // Sam's enquiry, from the same customer, stays whole.
    expect(JSON.parse((await streamOf(sams.enquiry_id))[0]?.data ?? '{}')).toMatchObject({
      name: 'Pat Customer',
      email: 'pat@example.com',
    });
  });
});
