import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENQUIRY_NOT_FOUND } from '../../events/enquiry/decider';
import { createTestApp } from '../../tests/support/api/app';
import { jpegFile } from '../../tests/support/api/media/images';
import { livePage, requestQuote } from '../../tests/support/api/quotes';
import { listMedia, mediaIds } from '../../tests/support/media/stored';
import { holdMedia } from '../media/in-flight';
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
      keptWithoutMail: false,
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
    // Nothing to the address but the deletion's own confirmation (issue 28), which forgets it once sent.
    expect(
      await t.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('to_address', '=', 'dana@example.com')
        .execute(),
    ).toEqual([{ subject: 'Your TradeCard account has been deleted' }]);
    // Sam's enquiry, from the same customer, stays whole.
    expect(JSON.parse((await streamOf(sams.enquiry_id))[0]?.data ?? '{}')).toMatchObject({
      name: 'Pat Customer',
      email: 'pat@example.com',
    });
  });
});

describe('the owner deletes one enquiry: DELETE /api/enquiries/:id', () => {
  const remove = (token: string, id: string) => t.call('DELETE', `/api/enquiries/${id}`, undefined, token);
  const mailRows = () =>
    t.db.selectFrom('mail_outbox').select(['id', 'about', 'sent_at']).orderBy('id').execute();
  const aboutEnquiries = (rows: { about: string | null }[]) =>
    rows.filter((row) => row.about?.startsWith('enquiry-')).map((row) => row.about);

  it('erases it for good: the details from the log, its photos, and the mail about it, sent or queued', async () => {
    const dana = await livePage(t);
    await livePage(t, 'sam');
    const shared = await jpegFile('#224488');
    await requestQuote(t, { photos: [await jpegFile('#884422'), shared] });
    // Its mail is sent: the row, its bodies blanked, stays a while for support, until this delete.
    await t.deliverMail();
    t.advance(60_000);
    await requestQuote(t, { name: 'Lee Later', phone: '', email: 'lee@example.com' });
    // The same photo sent to another page: one file, which stays for it.
    await requestQuote(t, { photos: [shared] }, { 'x-forwarded-for': '198.51.100.4' }, 'sam');
    const [later, first] = (await enquiriesOf(dana)).data as Enquiry[];
    const sams = await enquiryOf('sam');
    const [samPhoto] = JSON.parse(sams.photos) as { id: string }[];
    const mailBefore = await mailRows();
    expect(aboutEnquiries(mailBefore)).toEqual([
      `enquiry-${first?.id}`,
      `enquiry-${later?.id}`,
      `enquiry-${sams.enquiry_id}`,
    ]);
    expect(mailBefore.find((row) => row.about === `enquiry-${first?.id}`)?.sent_at).not.toBeNull();
    expect(await t.db.selectFrom('mail_attachments').select('id').execute()).not.toEqual([]);

    const deleted = await remove(dana, first?.id ?? '');
    expect(deleted).toMatchObject({
      status: 200,
      body: { success: true, message: 'The enquiry from Pat Customer is deleted.' },
    });

    expect((await enquiriesOf(dana)).data.map((each: Enquiry) => each.id)).toEqual([later?.id]);
    const stream = await streamOf(first?.id ?? '');
    expect(stream.map((event) => event.type)).toEqual(['EnquiryReceived', 'EnquiryErased']);
    expect(JSON.parse(stream[1]?.data ?? '{}')).toEqual({
      enquiryId: first?.id,
      accountId: expect.any(String),
      by: expect.any(String),
    });
    expect(JSON.parse(stream[0]?.metadata ?? '{}').redacted).toBe(true);
    expect(JSON.stringify(stream)).not.toMatch(/Pat|pat@example|BS3|tap drips/);
    // The sent mail about it is gone; the one about Lee's enquiry, and Sam's, stay.
    const mailAfter = await mailRows();
    expect(mailAfter).toHaveLength(mailBefore.length - 1);
    expect(aboutEnquiries(mailAfter)).toEqual([`enquiry-${later?.id}`, `enquiry-${sams.enquiry_id}`]);
    expect(mediaIds(mediaDir())).toEqual([samPhoto?.id]);
    // Sam's enquiry, with the same photo from the same customer, stays whole.
    expect(JSON.parse((await streamOf(sams.enquiry_id))[0]?.data ?? '{}')).toMatchObject({
      name: 'Pat Customer',
    });
  });

  it('takes the queued mail about it, with its photos, so it never goes out', async () => {
    const dana = await livePage(t);
    await requestQuote(t, { photos: [await jpegFile()] });
    expect(await t.db.selectFrom('mail_attachments').select('id').execute()).toHaveLength(1);
    const [enquiry] = (await enquiriesOf(dana)).data as Enquiry[];

    expect((await remove(dana, enquiry?.id ?? '')).status).toBe(200);

    expect(aboutEnquiries(await mailRows())).toEqual([]);
    expect(await mailRows()).not.toEqual([]);
    expect(await t.db.selectFrom('mail_attachments').select('id').execute()).toEqual([]);
    expect(listMedia(mediaDir())).toEqual([]);
  });

  it('leaves a photo another request has in hand, as the sweep does: that request is about to name it', async () => {
    const dana = await livePage(t);
    await requestQuote(t, { photos: [await jpegFile()] });
    const [enquiry] = (await enquiriesOf(dana)).data as Enquiry[];
    const [id] = mediaIds(mediaDir());
    const release = await holdMedia(id as string);
    try {
      expect((await remove(dana, enquiry?.id ?? '')).status).toBe(200);
      expect(mediaIds(mediaDir())).toEqual([id]);
    } finally {
      release();
    }
  });

  it("answers anyone else's, an unknown one, one already deleted and a signed-out caller as not there", async () => {
    const dana = await livePage(t);
    const sam = await livePage(t, 'sam');
    await requestQuote(t);
    const [enquiry] = (await enquiriesOf(dana)).data as Enquiry[];
    const id = enquiry?.id ?? '';

    for (const [token, target] of [
      [sam, id],
      [dana, '00000000-0000-4000-8000-000000000000'],
      [dana, 'not-an-id'],
    ] as const)
      expect(await remove(token, target)).toMatchObject({ status: 404, body: { error: ENQUIRY_NOT_FOUND } });
    expect((await t.call('DELETE', `/api/enquiries/${id}`)).status).toBe(401);
    expect((await enquiriesOf(dana)).data).toHaveLength(1);

    expect((await remove(dana, id)).status).toBe(200);
    expect(await remove(dana, id)).toMatchObject({ status: 404, body: { error: ENQUIRY_NOT_FOUND } });
    expect(
      await t.db.selectFrom('events').select('type').where('type', '=', 'EnquiryErased').execute(),
    ).toHaveLength(1);
  });
});
