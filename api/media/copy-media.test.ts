import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { listMedia } from '../../tests/support/media/stored';
import { copyMissingMedia } from './copy-media';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-copy-media-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const A = 'a'.repeat(24);
const B = `b${'0'.repeat(23)}`;

it('copies a flat backup (from before sharding) into shards, and then only what is missing', async () => {
  const backup = path.join(root, 'nightly.db.media');
  const media = path.join(root, 'media');
  fs.mkdirSync(backup);
  fs.writeFileSync(path.join(backup, `${A}-320.webp`), 'a photo');
  fs.writeFileSync(path.join(backup, `${A}-vcard.jpg`), 'its vCard');
  fs.writeFileSync(path.join(backup, `.${A}-640.webp.partial`), 'half a copy');
  expect(await copyMissingMedia(backup, media)).toBe(2);
  expect(fs.readFileSync(path.join(media, 'aa', `${A}-320.webp`), 'utf8')).toBe('a photo');
  expect(listMedia(media)).toEqual([`${A}-320.webp`, `${A}-vcard.jpg`]);

  fs.mkdirSync(path.join(backup, 'b0'));
  fs.writeFileSync(path.join(backup, 'b0', `${B}-1600.webp`), 'another');
  expect(await copyMissingMedia(backup, media)).toBe(1);
  expect(await copyMissingMedia(backup, media)).toBe(0);
  expect(fs.readdirSync(media).sort()).toEqual(['aa', 'b0']);
});
