import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { siteImagesIn } from './images';

describe('site images', () => {
  it('reads WebP sizes from lossy, lossless and extended files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-images-'));
    const folder = path.join(dir, 'images', 'card');
    fs.mkdirSync(folder, { recursive: true });
    const image = sharp({ create: { width: 300, height: 190, channels: 4, background: '#F47629' } });
    await image.clone().webp({ quality: 80 }).toFile(path.join(folder, 'front-300.webp'));
    await image.clone().resize(600, 380).webp({ lossless: true }).toFile(path.join(folder, 'front-600.webp'));
    await image.clone().webp({ quality: 80, alphaQuality: 50 }).toFile(path.join(folder, 'back-300.webp'));
    const images = siteImagesIn(dir, 'card');
    expect(images.map((i) => [i.name, i.width, i.height])).toEqual([
      ['back', 300, 190],
      ['front', 300, 190],
    ]);
    expect(images[1]?.srcset).toBe('/images/card/front-300.webp 300w, /images/card/front-600.webp 600w');
  });
});
