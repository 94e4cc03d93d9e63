import sharp, { type OverlayOptions } from 'sharp';
import type { ImageRef } from '../../events/card/content';
import type { Storage } from '../../platform/storage/storage';
import { escapeXml } from '../escape-xml';
import { photoSource } from '../photo-source';
import { ogFontPath } from './fonts';
import { OG_IMAGE_HEIGHT as H, type OgImageInputs, OG_IMAGE_WIDTH as W } from './inputs';

/** WhatsApp shows no preview for a larger image; LinkedIn's limit is far above it. */
export const OG_IMAGE_MAX_BYTES = 300_000;

/** The dark band the name and trade sit on, from here (or higher) to the bottom: legible on any photo or colour. */
const BAND_TOP = 400;
/** Space above and below the text within the band. */
const BAND_PADDING = 36;
const BAND = '#111111';
const BAND_OPACITY = 0.72;
const MARGIN = 64;
const AVATAR = 200;
const RING = 6;
const NAME = { size: 60, lines: 2, colour: '#FFFFFF' };
const TRADE = { size: 36, lines: 1, colour: '#E6E6E6' };
const RATING = { size: 30, lines: 1, colour: '#FFD27A' };
const GAP = 10;
/** Tried in turn until the file is small enough: a plain or blurred background stops at the first. */
const QUALITIES = [82, 70, 58, 46, 34];

/**
 * A photo drawn at `width` × `height` (cropped to fill it) as raw pixels, or null when its file is missing or
 * damaged: the image is then drawn without it, as the vCard goes without its photo.
 */
async function photo(storage: Storage, ref: ImageRef | null, width: number, height: number, colour: string) {
  if (!ref) return null;
  try {
    const source = await photoSource(storage, ref, width, height);
    if (!source) return null;
    return await sharp(source)
      .resize(width, height, { fit: 'cover' })
      .flatten({ background: colour })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
}

/**
 * Text as Pango lays it out in the card's font, white on transparent: `lines` lines at `size` pixels, wrapped at
 * `width`, and shrunk to fit those lines when it would take more. Pango reads markup, so the text is escaped.
 */
async function lettering(
  text: string,
  family: string,
  style: typeof NAME,
  weight: 400 | 700,
  width: number,
): Promise<{ layer: OverlayOptions; height: number }> {
  const options = {
    text: `<span foreground="${style.colour}">${escapeXml(text)}</span>`,
    font: `${family}${weight === 700 ? ' Bold' : ''} ${style.size}`,
    fontfile: ogFontPath(family, weight),
    width,
    wrap: 'word-char' as const,
    rgba: true,
    dpi: 72,
  };
  const maxHeight = Math.round(style.size * 1.3 * style.lines);
  let drawn = await sharp({ text: options }).raw().toBuffer({ resolveWithObject: true });
  if (drawn.info.height > maxHeight)
    drawn = await sharp({ text: { ...options, dpi: undefined, height: maxHeight } })
      .raw()
      .toBuffer({ resolveWithObject: true });
  const { width: w, height: h, channels } = drawn.info;
  return { layer: { input: drawn.data, raw: { width: w, height: h, channels } }, height: h };
}

/**
 * The link preview image (ADR 030, decision 7): the cover photo cropped to 1200 × 630, or the button colour; a dark
 * band along the bottom with the name in bold, the trade beneath in the card's own font and, when customers have
 * reviewed the owner, their average (issue 30); the avatar in a white
 * ring at the band's edge. A JPEG of at most OG_IMAGE_MAX_BYTES. Deterministic: the same inputs give the same bytes.
 */
export async function drawOgImage(
  storage: Storage,
  inputs: OgImageInputs,
  maxBytes = OG_IMAGE_MAX_BYTES,
): Promise<Buffer> {
  const [cover, avatar] = await Promise.all([
    photo(storage, inputs.cover, W, H, inputs.colour),
    photo(storage, inputs.avatar, AVATAR, AVATAR, '#FFFFFF'),
  ]);
  const base = cover
    ? sharp(cover.data, { raw: cover.info })
    : sharp({ create: { width: W, height: H, channels: 3, background: inputs.colour } });

  const left = avatar ? MARGIN + AVATAR + 40 : MARGIN;
  const width = W - left - MARGIN;
  const name = await lettering(inputs.name, inputs.font, NAME, 700, width);
  const trade = inputs.trade ? await lettering(inputs.trade, inputs.font, TRADE, 400, width) : null;
  const rating = inputs.rating ? await lettering(inputs.rating, inputs.font, RATING, 700, width) : null;
  const under = [trade, rating].filter((line) => line !== null);
  const block = name.height + under.reduce((sum, line) => sum + GAP + line.height, 0);
  // Taller when a long name takes more lines, so the text never runs off the band.
  const bandTop = Math.min(BAND_TOP, H - block - 2 * BAND_PADDING);
  const top = bandTop + Math.round((H - bandTop - block) / 2);

  const ring = avatar
    ? `<circle cx="${MARGIN + AVATAR / 2}" cy="${bandTop}" r="${AVATAR / 2 + RING}" fill="#FFFFFF"/>`
    : '';
  const band = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect y="${bandTop}" width="${W}" height="${H - bandTop}" fill="${BAND}" fill-opacity="${BAND_OPACITY}"/>${ring}</svg>`;
  const layers: OverlayOptions[] = [{ input: Buffer.from(band), top: 0, left: 0 }];
  if (avatar) {
    const mask = `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR}" height="${AVATAR}"><circle cx="${AVATAR / 2}" cy="${AVATAR / 2}" r="${AVATAR / 2}"/></svg>`;
    const round = await sharp(avatar.data, { raw: avatar.info })
      .ensureAlpha()
      .composite([{ input: Buffer.from(mask), blend: 'dest-in' }])
      .png()
      .toBuffer();
    layers.push({ input: round, left: MARGIN, top: bandTop - AVATAR / 2 });
  }
  layers.push({ ...name.layer, left, top });
  let below = top + name.height;
  for (const line of under) {
    layers.push({ ...line.layer, left, top: below + GAP });
    below += GAP + line.height;
  }

  const composed = base.composite(layers);
  let jpeg = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    jpeg = await composed.clone().jpeg({ quality }).toBuffer();
    if (jpeg.length <= maxBytes) break;
  }
  return jpeg;
}
