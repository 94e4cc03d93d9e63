import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FONTS, type ImageRef } from '../../events/card/content';
import { type DiskStorage, diskStorage } from '../../platform/storage/disk';
import { headersFor, mediaKey } from '../../platform/storage/key-layout';
import { fullCard, imageRef } from '../../tests/support/renderer/card';
import { escapeXml } from '../escape-xml';
import { drawOgImage, OG_IMAGE_MAX_BYTES } from './draw';
import { OG_FONT_FILES, ogFontPath } from './fonts';
import { ogImageHash, ogImageInputs } from './inputs';

let dir: string;
let storage: DiskStorage;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-image-'));
  storage = diskStorage(dir);
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Stores a photo at each of its widths as the intake would: random pixels, which JPEG compresses worst. */
async function storePhoto(ref: ImageRef) {
  const noise = Buffer.alloc(ref.width * ref.height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  for (const width of ref.widths) {
    const height = Math.round((ref.height * width) / ref.width);
    const webp = await sharp(noise, { raw: { width: ref.width, height: ref.height, channels: 3 } })
      .resize(width, height)
      .webp({ quality: 78 })
      .toBuffer();
    await storage.put(mediaKey(ref.id, width), webp, headersFor(mediaKey(ref.id, width)));
  }
}

/** A TrueType file's family and style names (Windows, Unicode) and its OS/2 weight, read from its tables. */
function fontNames(ttf: Buffer) {
  const tables = new Map<string, number>();
  for (let i = 0; i < ttf.readUInt16BE(4); i += 1)
    tables.set(ttf.toString('latin1', 12 + i * 16, 16 + i * 16), ttf.readUInt32BE(20 + i * 16));
  const name = tables.get('name') ?? 0;
  const strings = name + ttf.readUInt16BE(name + 4);
  const found: Record<number, string> = {};
  for (let i = 0; i < ttf.readUInt16BE(name + 2); i += 1) {
    const at = name + 6 + i * 12;
    const [platform, encoding, , nameId, length, offset] = [0, 2, 4, 6, 8, 10].map((o) =>
      ttf.readUInt16BE(at + o),
    );
    if (platform === 3 && encoding === 1 && (nameId === 1 || nameId === 2))
      found[nameId as number] = ttf
        .subarray(strings + (offset as number), strings + (offset as number) + (length as number))
        .swap16()
        .toString('utf16le');
  }
  return { family: found[1], style: found[2], weight: ttf.readUInt16BE((tables.get('OS/2') ?? 0) + 4) };
}

const draw = (content = fullCard(), username = 'dave') =>
  drawOgImage(storage, ogImageInputs(content, username));

async function expectPreviewSized(jpeg: Buffer) {
  const meta = await sharp(jpeg).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  expect(jpeg.length).toBeLessThan(OG_IMAGE_MAX_BYTES);
}

/** How much the brightness varies across a region of the image: letters on a flat band vary a lot. */
async function bandStats(jpeg: Buffer, area: { left: number; top: number; width: number; height: number }) {
  const { channels } = await sharp(jpeg).extract(area).greyscale().stats();
  return { stdev: channels[0]?.stdev ?? 0 };
}

/** Pixels lettered in the rating's warm yellow (#FFD27A): red well above blue, which nothing else on the band is. */
async function warmPixels(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  let warm = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if ((data[i] ?? 0) - (data[i + 2] ?? 0) > 80) warm += 1;
  return warm;
}

describe('the link preview image', () => {
  it('is a 1200 × 630 JPEG under 300 KB from big, busy photos', async () => {
    // As big as the intake stores them (api/media/render-core.ts MAX_STORED_WIDTH), and as busy as photos get.
    const card = fullCard({ cover_photo: imageRef(1600, 1200), avatar: imageRef(1200, 1600) });
    await storePhoto(card.cover_photo as ImageRef);
    await storePhoto(card.avatar as ImageRef);
    const jpeg = await draw(card);
    await expectPreviewSized(jpeg);
    // The cover is there: random pixels, far from the flat button colour of a card without one.
    const { channels } = await sharp(jpeg).extract({ left: 400, top: 20, width: 700, height: 200 }).stats();
    expect(channels[0]?.stdev).toBeGreaterThan(20);
    // Over the limit at the first quality, it is encoded again at lower ones until it fits.
    const tighter = await drawOgImage(storage, ogImageInputs(card, 'dave'), jpeg.length - 1);
    expect(tighter.length).toBeLessThan(jpeg.length);
  });

  it('is a 1200 × 630 JPEG in the button colour with no photo at all', async () => {
    const jpeg = await draw(fullCard({ cover_photo: null, avatar: null, button_bg_color: '#1E6B3A' }));
    await expectPreviewSized(jpeg);
    const { dominant } = await sharp(jpeg).extract({ left: 0, top: 0, width: 1200, height: 300 }).stats();
    expect(
      Math.abs(dominant.r - 0x1e) + Math.abs(dominant.g - 0x6b) + Math.abs(dominant.b - 0x3a),
    ).toBeLessThan(40);
  });

  it('is drawn without a photo whose file is missing or damaged', async () => {
    const card = fullCard();
    await storage.put(
      mediaKey((card.avatar as ImageRef).id, 800),
      Buffer.from('not a photo'),
      headersFor(mediaKey((card.avatar as ImageRef).id, 800)),
    );
    await expectPreviewSized(await draw(card));
  });

  it('letters the name and trade as text, escaped, so a name with <&" is drawn as typed', async () => {
    const card = fullCard({ cover_photo: null, avatar: null });
    const band = { left: 0, top: 420, width: 1200, height: 200 };
    // Handed to Pango as markup unescaped, this fails to parse and nothing is drawn.
    const drawn = await draw({
      ...card,
      business_card_name: 'Smith <b>&</b> "Sons"',
      job_title: 'A&B <Ltd>',
    });
    await expectPreviewSized(drawn);
    // White letters on the dark band: without them (no font found) the band is one flat colour.
    expect((await bandStats(drawn, band)).stdev).toBeGreaterThan(30);
    expect(escapeXml(`<&"'>`)).toBe('&lt;&amp;&quot;&apos;&gt;');
  });

  it('letters the verified customers’ average under the trade (issue 30)', async () => {
    const card = fullCard({ cover_photo: null, avatar: null, button_bg_color: '#204080' });
    const plain = await draw(card);
    const rated = await drawOgImage(storage, ogImageInputs(card, 'dave', { count: 12, average: 4.75 }));
    await expectPreviewSized(rated);
    // Its words are lettered in warm yellow on the band, which holds no such colour without them.
    expect(await warmPixels(plain)).toBe(0);
    expect(await warmPixels(rated)).toBeGreaterThan(2000);
    expect(rated.equals(plain)).toBe(false);
  });

  it('draws the same bytes from the same inputs', async () => {
    const card = fullCard({ cover_photo: imageRef(1600, 900), avatar: null });
    await storePhoto(card.cover_photo as ImageRef);
    expect((await draw(card)).equals(await draw(card))).toBe(true);
  });

  it('names each TrueType file for its family and weight, which is how fontconfig finds it', () => {
    // Fontsource's files kept their variable font's default names ("Montserrat Thin", weight 200), so "Montserrat
    // Bold" matched none of them and Montserrat cards were lettered in the machine's DejaVu.
    for (const font of OG_FONT_FILES)
      expect(fontNames(fs.readFileSync(ogFontPath(font.family, font.weight)))).toEqual({
        family: font.family,
        style: font.weight === 700 ? 'Bold' : 'Regular',
        weight: font.weight,
      });
  });

  it('has a TrueType file for every card font in both weights', () => {
    expect(OG_FONT_FILES.map((font) => font.family)).toEqual(FONTS.flatMap((family) => [family, family]));
    for (const font of OG_FONT_FILES) {
      const file = ogFontPath(font.family, font.weight);
      // TrueType's version tag: the one format Pango reads here without a system font to fall back on.
      expect(fs.readFileSync(file).subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
    }
    expect(ogFontPath('Comic Sans', 700)).toBe(ogFontPath('Inter', 700));
  });
});

describe('what the image shows', () => {
  it('is hashed from the name, trade, font, colour, photos and rating only', () => {
    const card = fullCard();
    const hash = (content = card) => ogImageHash(ogImageInputs(content, 'dave'));
    expect(hash({ ...card, bio: 'Other', reviews: [], phone_number: '' })).toBe(hash());
    expect(hash({ ...card, business_card_name: 'Other' })).not.toBe(hash());
    expect(hash({ ...card, cover_photo: imageRef() })).not.toBe(hash());
  });

  it('says the verified customers’ average in words, unless the page hides its reviews', () => {
    const card = fullCard();
    expect(ogImageInputs(card, 'dave', { count: 12, average: 4.75 }).rating).toBe(
      'Rated 4.8 out of 5 by 12 verified customers',
    );
    expect(ogImageInputs(card, 'dave', { count: 1, average: 5 }).rating).toBe(
      'Rated 5.0 out of 5 by 1 verified customer',
    );
    expect(ogImageInputs(card, 'dave', { count: 0, average: 0 }).rating).toBe('');
    expect(ogImageInputs(card, 'dave').rating).toBe('');
    expect(
      ogImageInputs({ ...card, show_reviews_section: false }, 'dave', { count: 3, average: 4 }).rating,
    ).toBe('');
    const hash = (verified: { count: number; average: number } | null) =>
      ogImageHash(ogImageInputs(card, 'dave', verified));
    expect(hash({ count: 3, average: 4 })).not.toBe(hash(null));
    expect(hash({ count: 4, average: 4 })).not.toBe(hash({ count: 3, average: 4 }));
  });

  it('is one line of each, clipped, without control characters', () => {
    const inputs = ogImageInputs(
      fullCard({ business_card_name: `A\u0000B\n${'x'.repeat(200)}`, job_title: ' \t ' }),
      'dave',
    );
    expect(inputs.name).toMatch(/^A B x+…$/);
    expect([...inputs.name]).toHaveLength(70);
    expect(inputs.trade).toBe('');
  });
});
