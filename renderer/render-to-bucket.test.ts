import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountDecider } from '../events/account/decider';
import { cardDecider } from '../events/card/decider';
import { handleCommand } from '../events/command';
import { headersFor, mediaKey, pageKey, profileKey, vcardPhotoKey } from '../platform/storage/key-layout';
import type { S3Storage } from '../platform/storage/s3';
import type { StoredObject } from '../platform/storage/storage';
import { openTempDatabase } from '../tests/support/events/db';
import { fullCard } from '../tests/support/renderer/card';
import { diskTarget } from '../tests/support/renderer/disk-target';
import { freshBucket } from '../tests/support/storage/bucket';
import { qrCodeFile } from './qr-files';
import { rebuildProfiles } from './rebuild';
import { renderAccount } from './render-account';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
let bucket: S3Storage;
const now = new Date('2026-11-22T10:00:00Z');
const target = () => diskTarget(path.join(t.dir, 'public'));

beforeEach(async () => {
  t = await openTempDatabase();
  bucket = await freshBucket();
});
afterEach(async () => {
  await t.close();
});

const card = fullCard();

async function publishDana() {
  const account = (command: Parameters<typeof accountDecider.decide>[0]) =>
    handleCommand(t.db, { decider: accountDecider, streamId: 'account-dana', command, now });
  await account({
    type: 'RegisterAccount',
    accountId: 'dana',
    name: 'Dana',
    email: 'dana@example.com',
    username: 'dana',
  });
  await account({ type: 'StartTrial' });
  await handleCommand(t.db, {
    decider: cardDecider,
    streamId: 'card-dana',
    command: { type: 'PublishCard', accountId: 'dana', content: card, accountMayPublish: true },
    now,
  });
  // The avatar's photo as intake stores it, so the vCard gets its JPEG.
  const avatar = card.avatar as NonNullable<typeof card.avatar>;
  const webp = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();
  for (const width of avatar.widths)
    await bucket.put(mediaKey(avatar.id, width), webp, headersFor(mediaKey(avatar.id, width)));
}

const object = async (key: string): Promise<StoredObject> => {
  const found = await bucket.get(key);
  if (!found || found === 'not-modified') throw new Error(`${key} is not in the bucket`);
  return found;
};

describe('rendering into the bucket (STORAGE=s3)', () => {
  it('writes the page, its gzip copy, the vCard and its photo with the headers the app serves them with', async () => {
    await publishDana();
    expect(await renderAccount(t.db, 'dana', { ...target(), storage: bucket })).toBe('live');

    const page = await object(pageKey('dana'));
    expect(page.headers).toEqual({
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'public, max-age=60, s-maxage=0, must-revalidate',
    });
    expect(page.body.toString()).toContain('Dave Thompson');
    const gz = await object(`${pageKey('dana')}.gz`);
    expect(gz.headers?.contentEncoding).toBe('gzip');
    expect(gunzipSync(gz.body).equals(page.body)).toBe(true);
    const vcard = await object(profileKey('dana', 'contact.vcf'));
    expect(vcard.headers).toEqual({
      contentType: 'text/vcard; charset=utf-8',
      cacheControl: 'public, max-age=60, s-maxage=0, must-revalidate',
      contentDisposition: 'attachment; filename="dana-contact.vcf"',
    });
    expect(vcard.body.toString()).toContain('PHOTO');
    const avatar = card.avatar as NonNullable<typeof card.avatar>;
    expect((await object(vcardPhotoKey(avatar.id))).headers?.contentType).toBe('image/jpeg');

    // The same bytes the disk gets: the store changes where a page goes, never what it is.
    await renderAccount(t.db, 'dana', target());
    expect(fs.readFileSync(path.join(target().publicDir, 'u', 'dana', 'index.html')).equals(page.body)).toBe(
      true,
    );
  });

  it('writes nothing again for an unchanged page', async () => {
    await publishDana();
    await renderAccount(t.db, 'dana', { ...target(), storage: bucket });
    const writes: string[] = [];
    bucket.onChanged((key) => writes.push(key));
    await renderAccount(t.db, 'dana', { ...target(), storage: bucket });
    expect(writes).toEqual([]);
  });

  it('draws a QR code into the bucket on first request, keyed by the address it encodes', async () => {
    await publishDana();
    expect(await qrCodeFile({ ...target(), storage: bucket }, 'dana', 'qr.png')).toBeNull();
    await renderAccount(t.db, 'dana', { ...target(), storage: bucket });
    const key = await qrCodeFile({ ...target(), storage: bucket }, 'dana', 'qr.png');
    expect(key).toMatch(/^u\/dana\/qr\.[0-9a-f]{16}\.png$/);
    expect((await object(key as string)).headers?.contentType).toBe('image/png');
    // A new address draws a new code and the old one goes.
    const moved = await qrCodeFile(
      { ...target(), publicUrl: 'https://cards.example.com', storage: bucket },
      'dana',
      'qr.png',
    );
    expect(moved).not.toBe(key);
    expect(await bucket.head(key as string)).toBeNull();
  });

  it('a rebuild removes the objects of a name no account holds', async () => {
    await publishDana();
    await bucket.put(pageKey('stray'), 'old', headersFor(pageKey('stray')));
    await bucket.put(
      profileKey('stray', 'contact.vcf'),
      'old',
      headersFor(profileKey('stray', 'contact.vcf')),
    );
    const result = await rebuildProfiles(t.db, { ...target(), storage: bucket });
    expect(result).toMatchObject({ rendered: 1, removed: 1 });
    expect(await bucket.head(pageKey('stray'))).toBeNull();
    expect(await bucket.head(profileKey('stray', 'contact.vcf'))).toBeNull();
    expect(await bucket.head(pageKey('dana'))).not.toBeNull();
  });
});
