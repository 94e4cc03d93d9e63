import fs from 'node:fs';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImageRef } from '../../events/card/content';
import type { DiskStorage } from '../../platform/storage/disk';
import { mediaKey } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';
import { createTestApp } from '../../tests/support/api/app';
import { jpegFile } from '../../tests/support/api/media/images';
import { buyCardsAtHostedCheckout, subscribeAtHostedCheckout } from '../../tests/support/api/payments/flows';
import { livePage, requestQuote } from '../../tests/support/api/quotes';
import { leaveReview } from '../../tests/support/api/reviews';
import { captureLogs } from '../../tests/support/observability/logs';
import { saveHits } from '../../tests/support/visits/hits';
import { accountIdOf } from '../../tests/support/visits/stats';
import { readZip } from '../../tests/support/zip';
import { exportKey, exportsPerAccount } from '../auth/throttle';
import { tallyFinishedDays } from '../visits/tally';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const download = (token?: string) =>
  t.app.request('/api/profile/export', { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The export, downloaded whole and unzipped; each JSON file parsed. */
async function exported(token: string) {
  const response = await download(token);
  expect(response.status).toBe(200);
  const files = readZip(Buffer.from(await response.arrayBuffer()));
  // biome-ignore lint/suspicious/noExplicitAny: tests read the files' fields freely; each assertion is the check
  const json = (name: string): any => {
    const file = files.get(name);
    if (!file) throw new Error(`${name} is not in the zip (it has ${[...files.keys()].join(', ')})`);
    return JSON.parse(file.toString('utf8'));
  };
  return {
    response,
    files,
    json,
    text: [...files.values()].map((file) => file.toString('latin1')).join('\n'),
  };
}

/** A photo of random pixels: hundreds of KB as WebP, where a one-colour photo is a few hundred bytes. */
async function noisyJpeg(width = 800, height = 600) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return new File([new Uint8Array(bytes)], 'noise.jpg', { type: 'image/jpeg' });
}

/** Picks a photo in the editor (stored and owned, on no card yet): what a draft holds. */
async function pickPhoto(token: string, file: File) {
  const form = new FormData();
  form.append('slot', 'works');
  form.append('photo', file);
  const response = await t.app.request('/api/business-card/photos', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { media: ImageRef } }).data.media;
}

const storedBytes = (id: string, widths: number[]) =>
  fs.readFileSync((t.deps.storage as DiskStorage).pathOf(mediaKey(id, Math.max(...widths))));

const TODAY = '2026-11-22';

describe('GET /api/profile/export', () => {
  it('gives every field of the account, card, orders, plan and cards, every event and every photo', async () => {
    const token = await t.signUp('dana');
    const published = await t.publishForm(token, [
      ['full_name', 'Dana Pipe'],
      ['job_title', 'Gas engineer'],
      ['bio', 'Boilers fixed the same day across Leeds.'],
      ['phone_number', '0117 496 0456'],
      ['contact_email', 'jobs@dana.example'],
      ['instagram_url', 'https://instagram.com/danapipe'],
      ['services', JSON.stringify([{ name: 'Boiler service', price: '£80' }])],
      ['reviews', JSON.stringify([{ name: 'Sam', text: 'Quick and tidy.', rating: 5 }])],
      ['cover_photo', await jpegFile('#204080', 1600, 900)],
      ['avatar', await jpegFile('#aa3300', 400, 400)],
      ['works', await jpegFile('#00aa33')],
      ['works', await jpegFile('#3300aa')],
    ]);
    expect(published.status).toBe(200);
    const draft = await pickPhoto(token, await jpegFile('#777700'));
    const order = await buyCardsAtHostedCheckout(t, token, 2);
    const plan = await subscribeAtHostedCheckout(t, token);
    expect((await t.call('POST', '/api/contact', supportMessage('dana@example.com'), token)).status).toBe(
      200,
    );
    const code = (await t.db.selectFrom('nfc_cards').select('code').orderBy('code').executeTakeFirstOrThrow())
      .code;
    const accountId = await accountIdOf(t.db, 'dana');
    await saveHits(t.db, [
      { day: '2026-11-20', accountId, source: 'nfc', action: 'view', cardCode: code, visitor: 'v1', hits: 3 },
    ]);
    expect(await tallyFinishedDays(t.deps)).toBe(1);

    const { response, files, json, text } = await exported(token);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="tradecard-dana-${TODAY}.zip"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');

    // The account: every column of its row, as the owner's screens name it, and its setting.
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    const profile = (await t.call('GET', '/api/profile', undefined, token)).body.data;
    expect(json('account.json')).toEqual({
      ...profile,
      trialEnded: false,
      updatedAt: user.updated_at,
      pageUrl: 'https://tradecard.test/u/dana',
      weeklySummary: true,
    });
    const account = json('account.json');
    expect({
      id: account._id,
      name: account.name,
      email: account.email,
      username: account.username,
      is_verified: account.isVerified ? 1 : 0,
      is_admin: account.isAdmin ? 1 : 0,
      trial_expires: account.trialExpires,
      trial_ended: account.trialEnded ? 1 : 0,
      is_subscribed: account.isSubscribed ? 1 : 0,
      created_at: account.createdAt,
      updated_at: account.updatedAt,
    }).toEqual(user);

    // The card: every content field as published, each photo named by its file in the zip.
    const myCard = (await t.call('GET', '/api/business-card/my_card', undefined, token)).body.data;
    const card = json('card.json');
    const { media } = myCard as { media: { cover_photo: ImageRef; avatar: ImageRef; works: ImageRef[] } };
    const published_at = (await t.db.selectFrom('cards').select('published_at').executeTakeFirstOrThrow())
      .published_at;
    const content = JSON.parse(
      (await t.db.selectFrom('cards').select('content').executeTakeFirstOrThrow()).content,
    ) as Record<string, unknown>;
    expect(card).toEqual({
      ...content,
      cover_photo: `photos/${media.cover_photo.id}.webp`,
      avatar: `photos/${media.avatar.id}.webp`,
      works: media.works.map((image) => `photos/${image.id}.webp`),
      media,
      pageUrl: 'https://tradecard.test/u/dana',
      publishedAt: published_at,
    });
    for (const key of Object.keys(content)) expect(card).toHaveProperty(key);
    expect(card.bio).toBe('Boilers fixed the same day across Leeds.');
    expect(card.reviews).toEqual([{ name: 'Sam', text: 'Quick and tidy.', rating: 5 }]);

    // Every photo the account owns, the card's and the draft's, at its largest stored width, byte for byte.
    const photos = [media.cover_photo, media.avatar, ...media.works, draft];
    expect([...files.keys()].filter((name) => name.startsWith('photos/')).sort()).toEqual(
      photos.map((image) => `photos/${image.id}.webp`).sort(),
    );
    for (const image of photos)
      expect(files.get(`photos/${image.id}.webp`)?.equals(storedBytes(image.id, image.widths))).toBe(true);
    expect(media.cover_photo.widths.length).toBeGreaterThan(1);

    // Orders, plan and cards as the owner's screens show them.
    const orders = (await t.call('GET', '/api/me/orders', undefined, token)).body.data as { type: string }[];
    expect(json('orders.json')).toEqual(orders.filter((o) => o.type === 'card'));
    expect(json('orders.json').map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(json('subscription.json')).toEqual(orders.filter((o) => o.type === 'subscription'));
    expect(json('subscription.json').map((o: { id: string }) => o.id)).toEqual([plan.id]);
    const cards = (await t.call('GET', '/api/nfc-cards', undefined, token)).body.data;
    expect(json('nfc-cards.json')).toEqual(cards);
    expect(cards).toHaveLength(2);
    expect(cards.find((c: { code: string }) => c.code === code).taps).toBe(3);

    // Every event of the account's streams and its message to us, in order, without the log's metadata.
    const events = json('events.json') as { stream: string; type: string; data: Record<string, unknown> }[];
    const streams = new Set(events.map((event) => event.stream));
    const expected = await t.db
      .selectFrom('events')
      .select(['stream_id', 'type', 'data'])
      .where((eb) =>
        eb.or([
          eb('stream_id', 'in', [`account-${accountId}`, `card-${accountId}`, `order-${order.id}`]),
          eb('stream_id', 'in', [`subscription-${plan.id}`, `visits-${accountId}-2026-11-20`]),
          eb('stream_id', 'like', 'nfccard-%'),
          eb('type', '=', 'ContactMessageReceived'),
        ]),
      )
      .orderBy('global_position')
      .execute();
    expect(
      events.map(({ stream, type, data }) => ({ stream_id: stream, type, data: JSON.stringify(data) })),
    ).toEqual(expected);
    for (const type of ['AccountRegistered', 'CardPublished', 'NfcCardIssued', 'VisitsTallied'])
      expect(events.map((event) => event.type)).toContain(type);
    expect(streams.size).toBeGreaterThanOrEqual(7);
    expect(
      events.every((event) => Object.keys(event).sort().join() === 'data,occurredAt,position,stream,type'),
    ).toBe(true);

    // A README naming each file, and none of the account's secrets anywhere.
    const readme = files.get('README.txt')?.toString('utf8') ?? '';
    for (const name of ['account.json', 'card.json', 'orders.json', 'subscription.json', 'nfc-cards.json'])
      expect(readme).toContain(name);
    expect(readme).toContain('photos/');
    expect([...files.keys()].filter((name) => !name.startsWith('photos/')).sort()).toEqual([
      'README.txt',
      'account.json',
      'card.json',
      'events.json',
      'nfc-cards.json',
      'orders.json',
      'subscription.json',
    ]);
    const hash = (await t.db.selectFrom('credentials').select('password_hash').executeTakeFirstOrThrow())
      .password_hash;
    const sessions = await t.db.selectFrom('sessions').select('token_hash').execute();
    for (const secret of [hash, token, ...sessions.map((s) => s.token_hash), 'Plumber2026'])
      expect(text).not.toContain(secret);
    expect(text).not.toContain('idempotencyKey');
    expect(text).not.toContain('actorId');
  });

  it('leaves out what an account has none of, and says in the README only what is there', async () => {
    const token = await t.signUp('dana');
    const { files, json } = await exported(token);
    expect([...files.keys()].sort()).toEqual([
      'README.txt',
      'account.json',
      'events.json',
      'nfc-cards.json',
      'orders.json',
    ]);
    expect(json('orders.json')).toEqual([]);
    expect(json('nfc-cards.json')).toEqual([]);
    const readme = files.get('README.txt')?.toString('utf8') ?? '';
    expect(readme).not.toContain('card.json');
    expect(readme).not.toContain('photos/');
  });

  it('gives the quote requests to the page, their events and their photos, and none sent to another page', async () => {
    const dana = await livePage(t);
    await livePage(t, 'sam');
    expect((await requestQuote(t, { photos: [await jpegFile('#aa3300', 1200, 900)] })).status).toBe(303);
    const listed = (await t.call('GET', '/api/enquiries', undefined, dana)).body.data;
    const id = listed[0].id as string;
    expect((await t.call('POST', `/api/enquiries/${id}/status`, { status: 'won' }, dana)).status).toBe(200);
    const forSam = { name: 'Lee Other', email: 'lee@example.com', phone: '' };
    expect((await requestQuote(t, forSam, { 'x-forwarded-for': '198.51.100.8' }, 'sam')).status).toBe(303);

    const { files, json, text } = await exported(dana);
    const [photo] = JSON.parse(
      (
        await t.db
          .selectFrom('enquiries')
          .select('photos')
          .where('enquiry_id', '=', id)
          .executeTakeFirstOrThrow()
      ).photos,
    ) as ImageRef[];
    const { photos: _urls, ...asListed } = listed[0];
    expect(json('enquiries.json')).toEqual([
      { ...asListed, status: 'won', photos: [{ ...photo, file: `photos/${photo?.id}.webp` }] },
    ]);
    expect(
      files.get(`photos/${photo?.id}.webp`)?.equals(storedBytes(photo?.id ?? '', photo?.widths ?? [])),
    ).toBe(true);
    const types = (json('events.json') as { stream: string; type: string }[])
      .filter((event) => event.stream === `enquiry-${id}`)
      .map((event) => event.type);
    expect(types).toEqual(['EnquiryReceived', 'EnquiryStatusChanged']);
    expect(text).not.toContain('Lee Other');
    expect(files.get('README.txt')?.toString('utf8')).toContain('enquiries.json');
  });

  it('hands over the reviews it asked for, with what each customer wrote and their photos (issue 30)', async () => {
    const dana = await livePage(t);
    const { reviewId } = await leaveReview(t, dana, { photos: await jpegFile('#3366aa', 900, 900) });
    const { files, json } = await exported(dana);
    const [review] = json('reviews.json');
    expect(review).toMatchObject({ id: reviewId, customerName: 'Pat Customer', rating: 4, text: 'Good' });
    const [photo] = review.photos as (ImageRef & { file: string })[];
    expect(files.get(photo?.file ?? '')?.equals(storedBytes(photo?.id ?? '', photo?.widths ?? []))).toBe(
      true,
    );
    expect(files.get('README.txt')?.toString('utf8')).toContain('reviews.json');
  });

  it("never gives one account anything of another's", async () => {
    const dana = await t.signUp('dana');
    const sam = await t.signUp('sam', 'sam@example.com');
    await t.publishForm(dana, [
      ['full_name', 'Dana Pipe'],
      ['works', await jpegFile('#00aa33')],
    ]);
    await t.publishForm(sam, [
      ['full_name', 'Sam Sparks'],
      ['works', await jpegFile('#aa0033')],
    ]);
    await pickPhoto(sam, await jpegFile('#0033aa'));
    const samsOrder = await buyCardsAtHostedCheckout(t, sam, 1);
    await t.call('POST', '/api/contact', supportMessage('sam@example.com'), sam);
    const samId = await accountIdOf(t.db, 'sam');
    const samsPhotos = (
      await t.db.selectFrom('media_uploads').select('media_id').where('account_id', '=', samId).execute()
    ).map((row) => row.media_id);
    const samsCode = (await t.db.selectFrom('nfc_cards').select('code').executeTakeFirstOrThrow()).code;
    expect(samsPhotos).toHaveLength(2);

    const { files, text, json } = await exported(dana);
    for (const theirs of [samId, 'sam@example.com', 'Sam Sparks', samsOrder.id, samsCode, ...samsPhotos])
      expect(text).not.toContain(theirs);
    expect([...files.keys()].filter((name) => name.startsWith('photos/'))).toHaveLength(1);
    expect(json('orders.json')).toEqual([]);
    expect(json('account.json').email).toBe('dana@example.com');
    // And Sam's has Sam's.
    const samsExport = await exported(sam);
    for (const id of samsPhotos) expect(samsExport.files.has(`photos/${id}.webp`)).toBe(true);
    expect(samsExport.text).toContain(samsCode);
    expect(samsExport.text).not.toContain('dana@example.com');
  });

  it('is for a signed-in owner only', async () => {
    const token = await t.signUp('dana');
    const anonymous = await download();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Please log in to continue.' });
    expect((await t.call('POST', '/api/logout', undefined, token)).status).toBe(200);
    const signedOut = await download(token);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: 'Session expired. Please log in again.' });
  });

  it('gives a few downloads in a row, then says when to come back, and forgets with the account', async () => {
    const token = await t.signUp('dana');
    for (let i = 0; i <= exportsPerAccount.free; i += 1) {
      const response = await download(token);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await download(token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
    expect(await refused.json()).toEqual({
      error: 'You’ve downloaded your data several times just now. Please try again in 15 minutes.',
    });
    // Another account is not held up by this one.
    const sam = await t.signUp('sam', 'sam@example.com');
    expect((await download(sam)).status).toBe(200);

    t.advance(exportsPerAccount.baseDelayMs);
    const again = await download(token);
    expect(again.status).toBe(200);
    expect(readZip(Buffer.from(await again.arrayBuffer())).has('account.json')).toBe(true);

    const accountId = await accountIdOf(t.db, 'dana');
    expect(
      await t.db.selectFrom('throttles').where('key', '=', exportKey(accountId)).select('key').execute(),
    ).toHaveLength(1);
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    expect(
      await t.db.selectFrom('throttles').where('key', '=', exportKey(accountId)).select('key').execute(),
    ).toEqual([]);
  });

  it('fails the download, and logs why, when a photo cannot be read part-way', async () => {
    const token = await t.signUp('dana');
    const first = await pickPhoto(token, await jpegFile('#112233'));
    const second = await pickPhoto(token, await jpegFile('#445566'));
    const [lost] = [first, second].sort((a, b) => (a.id < b.id ? 1 : -1));
    if (!lost) throw new Error('no photo');
    await t.deps.storage.delete(mediaKey(lost.id, Math.max(...lost.widths)));
    const logs = captureLogs('error');
    try {
      const response = await download(token);
      // The answer had started: its status and headers are sent before the photos are read.
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
      const line = logs.lines().find((entry) => entry.msg === 'The data export failed part-way');
      expect(line?.err?.message).toContain(lost.id);
      expect(line?.path).toBe('/api/profile/export');
    } finally {
      logs.restore();
    }
  });

  /** The app's storage, counting the photos read through it and the most read at once. */
  function countReads() {
    const storage = t.deps.storage;
    const count = { reads: 0, reading: 0, mostAtOnce: 0 };
    const counting: Storage = Object.create(storage);
    counting.get = async (key, options) => {
      count.reads += 1;
      count.reading += 1;
      count.mostAtOnce = Math.max(count.mostAtOnce, count.reading);
      try {
        return await storage.get(key, options);
      } finally {
        count.reading -= 1;
      }
    };
    t.deps.storage = counting;
    return count;
  }

  it('reads each photo only when the zip reaches it, one at a time', async () => {
    const token = await t.signUp('dana');
    for (let i = 0; i < 3; i += 1) await pickPhoto(token, await noisyJpeg());
    const count = countReads();

    const response = await download(token);
    expect(response.status).toBe(200);
    // Nobody has read the body: at most the first photo is under way, the rest wait for the client.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(count.reads).toBeLessThanOrEqual(1);
    const files = readZip(Buffer.from(await response.arrayBuffer()));
    expect(count.reads).toBe(3);
    expect(count.mostAtOnce).toBe(1);
    const photos = [...files.entries()].filter(([name]) => name.startsWith('photos/'));
    expect(photos).toHaveLength(3);
    for (const [, bytes] of photos) expect(bytes.length).toBeGreaterThan(64 * 1024);
  });

  it('stops reading photos when the client goes away part-way', async () => {
    const token = await t.signUp('dana');
    for (let i = 0; i < 3; i += 1) await pickPhoto(token, await noisyJpeg());
    const count = countReads();
    const logs = captureLogs('error');
    try {
      const response = await download(token);
      const reader = response.body?.getReader();
      expect((await reader?.read())?.done).toBe(false);
      await reader?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(count.reads).toBeLessThanOrEqual(1);
      // Going away is the client's choice, not a failure of ours.
      expect(logs.lines()).toEqual([]);
    } finally {
      logs.restore();
    }
  });
});

function supportMessage(email: string) {
  return { name: 'Dana Pipe', email, reason: 'Setup help', message: 'How do I add my hours?' };
}
