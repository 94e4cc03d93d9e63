import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardContent } from '../../events/card/content';
import { cardDecider } from '../../events/card/decider';
import { cardStreamId } from '../../events/card/events';
import { handleCommand } from '../../events/command';
import { createTestApp } from '../../tests/support/api/app';
import { listMedia } from '../../tests/support/media/stored';
import { seedDemo } from '../demo/seed';

// Issue 11, finding 5: a card may show only photos its own account uploaded, and erasure removes every one of them.

let t: Awaited<ReturnType<typeof createTestApp>>;
let mediaDir: string;
beforeEach(async () => {
  t = await createTestApp();
  mediaDir = path.join(t.deps.publicDir, 'media');
});
afterEach(async () => {
  await t.close();
});

const jpeg = async (colour: string) =>
  new Uint8Array(
    await sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );
const file = (bytes: Uint8Array) => new File([new Uint8Array(bytes)], 'photo.jpg', { type: 'image/jpeg' });

const publish = (token: string, entries: [string, string | File][]) =>
  t.publishForm(token, [['full_name', 'Dana Pipe'], ...entries]);

const stored = () => listMedia(mediaDir).map((name) => name.slice(0, 24));

describe('photos belong to the account that uploaded them', () => {
  it("refuses a card that names another account's photo, and takes the owner's own", async () => {
    const erin = await t.signUp('erin');
    const mallory = await t.signUp('mallory');
    const published = await publish(erin, [['works', file(await jpeg('#aa2200'))]]);
    expect(published.status).toBe(200);
    const url = published.body.data.works[0] as string;

    for (const field of ['existing_works', 'cover_photo', 'avatar']) {
      const label = { existing_works: 'Work image 1', cover_photo: 'Cover photo', avatar: 'Profile photo' }[
        field
      ];
      expect(await publish(mallory, [[field, url]])).toEqual({
        status: 400,
        body: { error: `${label} must be a photo you uploaded yourself.` },
      });
    }
    expect(
      (
        await publish(erin, [
          ['existing_works', url],
          ['bio', 'Still mine'],
        ])
      ).status,
    ).toBe(200);
  });

  it('erasure removes the photo even from a card that copied its address before copying was refused', async () => {
    const erin = await t.signUp('erin');
    await t.signUp('mallory');
    expect((await publish(erin, [['cover_photo', file(await jpeg('#aa2200'))]])).status).toBe(200);
    const erinCard = JSON.parse(
      (await t.deps.db.selectFrom('cards').select('content').executeTakeFirstOrThrow()).content,
    ) as CardContent;
    // Mallory's card as the old code let her publish it: Erin's photo as her cover.
    const mallory = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'mallory')
      .executeTakeFirstOrThrow();
    await handleCommand(t.deps.db, {
      decider: cardDecider,
      streamId: cardStreamId(mallory.id),
      command: { type: 'PublishCard', accountId: mallory.id, content: erinCard, accountMayPublish: true },
      now: t.deps.now(),
    });
    expect(stored().length).toBeGreaterThan(0);
    expect((await t.call('DELETE', '/api/profile', undefined, erin)).status).toBe(200);
    expect(stored()).toEqual([]);
  });

  it('erasure removes every photo the account uploaded, replaced ones too, but not bytes another also uploaded', async () => {
    const erin = await t.signUp('erin');
    const mallory = await t.signUp('mallory');
    const shared = await jpeg('#123456');
    expect((await publish(erin, [['cover_photo', file(await jpeg('#aa2200'))]])).status).toBe(200);
    const replaced = stored()[0];
    expect((await publish(erin, [['cover_photo', file(shared)]])).status).toBe(200);
    // Mallory has the very same file and uploads it herself: it is hers as much as Erin's.
    expect((await publish(mallory, [['cover_photo', file(shared)]])).status).toBe(200);
    const sharedId = stored().find((id) => id !== replaced);
    expect(new Set(stored())).toEqual(new Set([replaced, sharedId]));

    expect((await t.call('DELETE', '/api/profile', undefined, erin)).status).toBe(200);
    expect(new Set(stored())).toEqual(new Set([sharedId]));
    const rows = await t.deps.db.selectFrom('media_uploads').selectAll().execute();
    expect(rows.map((row) => row.media_id)).toEqual([sharedId]);
  });

  it("keeps the sample profile's photos its own, so the demo account can edit its card", async () => {
    const seeded = await seedDemo(t.deps);
    expect(seeded.status).toBe('created');
    if (seeded.status !== 'created') return;
    const login = await t.call('POST', '/api/login', { email: seeded.email, password: seeded.password });
    const token = login.body.token as string;
    const card = await t.call('GET', '/api/business-card/my_card', undefined, token);
    const works = card.body.data.works as string[];
    expect(works.length).toBe(3);
    const entries: [string, string][] = works.map((url) => ['existing_works', url]);
    expect((await publish(token, [...entries, ['cover_photo', card.body.data.cover_photo]])).status).toBe(
      200,
    );
  });
});
