import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { holdMedia } from './in-flight';
import { MEDIA_GRACE_MS, removeLeftoverTemp, sweepMedia } from './sweep';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let mediaDir: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.signUp('dana');
  mediaDir = path.join(t.deps.publicDir, 'media');
});
afterEach(async () => {
  await t.close();
});

const photo = async (colour: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'photo.jpg',
    { type: 'image/jpeg' },
  );

async function publish(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [key, value] of entries) form.append(key, value);
  const response = await t.app.request('/api/business-card/create_business_card', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read response fields freely
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const ids = () => [
  ...new Set(
    fs
      .readdirSync(mediaDir)
      .filter((n) => !n.startsWith('.'))
      .map((n) => n.slice(0, 24)),
  ),
];

/** Every file in the media folder made `ms` older. */
function age(ms: number) {
  for (const name of fs.readdirSync(mediaDir)) {
    const file = path.join(mediaDir, name);
    const when = new Date(fs.statSync(file).mtimeMs - ms);
    fs.utimesSync(file, when, when);
  }
}

describe('sweepMedia', () => {
  it('removes a replaced photo and crash leftovers once past the grace period, and nothing a card shows', async () => {
    expect(
      (
        await publish([
          ['full_name', 'Dana'],
          ['cover_photo', await photo('#aa0000')],
        ])
      ).status,
    ).toBe(200);
    const [old] = ids() as [string];
    expect(
      (
        await publish([
          ['full_name', 'Dana'],
          ['cover_photo', await photo('#00aa00')],
        ])
      ).status,
    ).toBe(200);
    const shown = ids().find((id) => id !== old) as string;
    fs.writeFileSync(path.join(mediaDir, `.${shown}-80.webp.0a1b2c.tmp`), 'half a file');
    expect(ids().sort()).toEqual([old, shown].sort());

    // Within the grace period nothing goes: a publish in flight may be about to name it.
    expect(await sweepMedia(t.deps.db, mediaDir, new Date())).toEqual({ removed: 0, bytes: 0 });
    age(MEDIA_GRACE_MS + 60_000);
    const swept = await sweepMedia(t.deps.db, mediaDir, new Date());
    expect(swept.removed).toBeGreaterThan(1);
    expect(ids()).toEqual([shown]);
    expect(fs.readdirSync(mediaDir).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('leaves an old photo that a request in flight holds', async () => {
    expect(
      (
        await publish([
          ['full_name', 'Dana'],
          ['cover_photo', await photo('#aa0000')],
        ])
      ).status,
    ).toBe(200);
    const [old] = ids() as [string];
    await publish([
      ['full_name', 'Dana'],
      ['cover_photo_removed', 'true'],
    ]);
    age(MEDIA_GRACE_MS + 60_000);
    const release = await holdMedia(old);
    expect((await sweepMedia(t.deps.db, mediaDir, new Date())).removed).toBe(0);
    release();
    expect((await sweepMedia(t.deps.db, mediaDir, new Date())).removed).toBeGreaterThan(0);
    expect(ids()).toEqual([]);
  });
});

describe('removeLeftoverTemp', () => {
  it('removes the upload folder and half-written media files a killed server left', async () => {
    const tempDir = path.join(t.deps.dataDir, 'tmp', 'upload-0123456789abcdef');
    fs.mkdirSync(tempDir, { recursive: true });
    fs.writeFileSync(path.join(tempDir, 'works-0'), 'part of a photo');
    fs.mkdirSync(mediaDir, { recursive: true });
    fs.writeFileSync(path.join(mediaDir, '.0123456789abcdef01234567-320.webp.a1b2c3.tmp'), 'half');
    fs.writeFileSync(path.join(mediaDir, '0123456789abcdef01234567-320.webp'), 'a stored photo');
    expect(await removeLeftoverTemp(t.deps.dataDir, mediaDir)).toBe(2);
    expect(fs.readdirSync(path.join(t.deps.dataDir, 'tmp'))).toEqual([]);
    expect(fs.readdirSync(mediaDir)).toEqual(['0123456789abcdef01234567-320.webp']);
  });
});
