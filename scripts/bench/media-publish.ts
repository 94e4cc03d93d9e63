import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { storedFile } from '../../api/media/stored';
import { findCardContent } from '../../events/card/cards-read-model';
import { type ImageRef, largestMediaUrl } from '../../events/card/content';
import { sampleCardFields } from '../../renderer/sample/sample-card';
import { createTestApp } from '../../tests/support/api/app';
import { atMost, type BenchOptions, type BenchRow, info } from './report';
import { percentile } from './stats';

type Sizes = { fillerAccounts: number; warmUpPublishes: number; timedPublishes: number };
/** About 10k tradespeople × 5 photos × 4 widths: the folder of issue 12 whose listing made publish take 1 s. */
const FULL: Sizes = { fillerAccounts: 10_000, warmUpPublishes: 10, timedPublishes: 150 };
const QUICK: Sizes = { fillerAccounts: 100, warmUpPublishes: 2, timedPublishes: 10 };
const PHOTOS_EACH = 5;
const WIDTHS = [320, 640, 1280, 1600];

type Install = Awaited<ReturnType<typeof install>>;

const address = largestMediaUrl;

/** A distinct small photo for each slot, so each is its own upload. */
const photo = async (n: number) =>
  new File(
    [
      new Uint8Array(
        await sharp({
          create: { width: 900, height: 600, channels: 3, background: { r: 40 * n, g: 90, b: 200 - 30 * n } },
        })
          .jpeg()
          .toBuffer(),
      ),
    ],
    `photo-${n}.jpg`,
    { type: 'image/jpeg' },
  );

/**
 * An app over its own database and data folder with one account that uploaded a cover, an avatar and four work
 * photos through the real intake, then dropped the fourth. With `fillers`, the media folder also holds that many
 * other accounts' photos as a real install would: their files in the shards (hard links of four real WebPs, one a
 * width, under distinct ids) and their media_files and media_uploads rows.
 */
async function install(fillers: number) {
  const test = await createTestApp();
  const token = await test.signUp('bench');
  const form = new FormData();
  form.append('full_name', 'Bea Bench');
  form.append('cover_photo', await photo(0));
  form.append('avatar', await photo(1));
  for (let n = 2; n < 6; n++) form.append('works', await photo(n));
  const first = await test.app.request('/api/business-card/create_business_card', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (first.status !== 200)
    throw new Error(`the first publish answered ${first.status}: ${await first.text()}`);
  const account = await test.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const card = await findCardContent(test.db, account.id);
  if (!card?.cover_photo || !card.avatar || card.works.length !== 4)
    throw new Error('the first publish lost photos');
  const mediaDir = path.join(test.deps.publicDir, 'media');
  if (fillers > 0) await fill(test, mediaDir, fillers);
  return { test, token, card, mediaDir };
}

/** The other accounts' photos: files first, then their rows, as intake writes them. */
async function fill(test: Awaited<ReturnType<typeof createTestApp>>, mediaDir: string, n: number) {
  // One real WebP a width to link to: ext4 allows 65,000 links to a file, and 10k × 5 stay under it.
  const sourceDir = path.join(test.dir, 'filler-sources');
  fs.mkdirSync(sourceDir, { recursive: true });
  const sources: string[] = [];
  for (const width of WIDTHS) {
    const file = path.join(sourceDir, `${width}.webp`);
    await sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: '#8090a0' } })
      .webp()
      .toFile(file);
    sources.push(file);
  }
  const now = new Date().toISOString();
  for (let account = 0; account < n; account++) {
    const ids = Array.from({ length: PHOTOS_EACH }, () => randomBytes(12).toString('hex'));
    for (const id of ids) {
      fs.mkdirSync(path.dirname(storedFile(mediaDir, id, 320)), { recursive: true });
      for (const [i, width] of WIDTHS.entries())
        fs.linkSync(sources[i] as string, storedFile(mediaDir, id, width));
    }
    await test.db
      .insertInto('media_files')
      .values(
        ids.map((id) => ({
          id,
          width: 1600,
          height: 1200,
          widths: JSON.stringify(WIDTHS),
          bytes: 4096,
          created_at: now,
        })),
      )
      .execute();
    await test.db
      .insertInto('media_uploads')
      .values(ids.map((media_id) => ({ media_id, account_id: `filler-${account}`, uploaded_at: now })))
      .execute();
  }
}

/**
 * One save as the editor sends it (JSON, the photos as addresses). Every other save puts the dropped fourth work
 * photo back, so its ref is not in the card and must be looked up: where a listing of the folder used to happen.
 */
async function timedPublish({ test, token, card }: Install, n: number): Promise<number> {
  const works = card.works.slice(0, n % 2 === 0 ? 3 : 4).map(address);
  const started = performance.now();
  const response = await test.app.request('/api/business-card/create_business_card', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      ...sampleCardFields,
      full_name: 'Bea Bench',
      bio: `Revision ${n}: bathrooms and wet rooms across Bristol.`,
      cover_photo: address(card.cover_photo as ImageRef),
      avatar: address(card.avatar as ImageRef),
      existing_works: works,
    }),
  });
  const body = await response.text();
  const took = performance.now() - started;
  if (response.status !== 200) throw new Error(`publish answered ${response.status}: ${body}`);
  return took;
}

/**
 * Publish POST p50 with an empty media folder and with 200k other files in it (issue 12: 9.7 ms vs 1,077 ms when
 * every publish listed the folder), the two apps side by side in one process and their publishes interleaved, so
 * a busy moment on a shared machine lands on both alike.
 */
export async function mediaPublish({ quick }: BenchOptions): Promise<BenchRow[]> {
  const sizes = quick ? QUICK : FULL;
  const empty = await install(0);
  const full = await install(sizes.fillerAccounts);
  try {
    const files = sizes.fillerAccounts * PHOTOS_EACH * WIDTHS.length;
    const filesLabel = files.toLocaleString('en-US');
    for (let n = 0; n < sizes.warmUpPublishes; n++) {
      await timedPublish(empty, n);
      await timedPublish(full, n);
    }
    const times = { empty: [] as number[], full: [] as number[] };
    for (let n = 0; n < sizes.timedPublishes; n++) {
      times.empty.push(await timedPublish(empty, n));
      times.full.push(await timedPublish(full, n));
    }
    const p50 = { empty: percentile(times.empty, 50), full: percentile(times.full, 50) };
    return [
      info(
        `publish POST p50, media folder with only the account's photos (${sizes.timedPublishes} saves)`,
        p50.empty,
        'ms',
      ),
      info(`publish POST p50, ${filesLabel} more files in media`, p50.full, 'ms'),
      info(`publish POST p95, only the account's photos`, percentile(times.empty, 95), 'ms'),
      info(`publish POST p95, ${filesLabel} more files in media`, percentile(times.full, 95), 'ms'),
      atMost(`publish POST p50: ${filesLabel} files ÷ none`, p50.full / p50.empty, '×', 1.2),
    ];
  } finally {
    await empty.test.close();
    await full.test.close();
  }
}
