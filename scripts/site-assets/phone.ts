import sharp from 'sharp';
import { SITE_HOST } from './config';
import { png, svg, text } from './svg';

/** The phone in the video: a 320 px wide screen, the shape of a 390 × 844 phone. */
export const SCREEN = { width: 320, height: 693 };
const CHROME_UNITS = 74;
/** The browser chrome (status bar and address bar) at the top of the screen, as a share of the width. */
export const chromeHeight = (width: number) => Math.round((CHROME_UNITS * width) / SCREEN.width);
/** The page's viewport in the video phone, in CSS px: what is left of 844 under the browser's chrome. */
export const VIDEO_VIEWPORT = {
  width: 390,
  height: Math.round(((SCREEN.height - chromeHeight(SCREEN.width)) * 390) / SCREEN.width),
};

export const bezelOf = (width: number) => Math.round(width * 0.045);

/** Status bar (time, signal, battery) and an address bar showing `/u/<username>` on the site's host. */
export function chromeSvg(width: number, path: string, options: { highlight?: boolean } = {}) {
  const k = width / SCREEN.width;
  const height = chromeHeight(width);
  const address = `${SITE_HOST}${path}`;
  const bars = [0, 1, 2, 3]
    .map((i) => `<rect x="${248 + i * 6}" y="${16 - 3 - i * 2}" width="4" height="${5 + i * 2}" rx="1"/>`)
    .join('');
  // DejaVu Sans averages about 0.57 em a character here; a long address gets a smaller size to stay in its bar.
  const size = Math.min(12.5, 262 / (address.length * 0.57));
  const lockX = SCREEN.width / 2 + 6 - (address.length * size * 0.57) / 2 - 16;
  const lock = `<g transform="translate(${lockX.toFixed(1)} 46)"><rect x="0" y="5" width="9" height="7" rx="1.5" fill="#52606D"/><path d="M2 5 v-2 a2.5 2.5 0 0 1 5 0 v2" fill="none" stroke="#52606D" stroke-width="1.6"/></g>`;
  const body = `<g transform="scale(${k})"><rect width="${SCREEN.width}" height="${CHROME_UNITS}" fill="#F6F6F4"/>
${text(34, 20, '9:41', { size: 13, weight: 'bold' })}
<g fill="#1F2933">${bars}<rect x="278" y="7" width="22" height="11" rx="3" fill="none" stroke="#1F2933" stroke-width="1.4"/><rect x="280.5" y="9.5" width="15" height="6" rx="1.5"/></g>
<rect x="14" y="36" width="${SCREEN.width - 28}" height="32" rx="16" fill="#E8E8E5" stroke="${options.highlight ? '#F47629' : 'none'}" stroke-width="3"/>
${lock}${text(SCREEN.width / 2 + 6, 57, address, { size, anchor: 'middle', fill: '#1F2933' })}
<rect y="${CHROME_UNITS - 1}" width="${SCREEN.width}" height="1" fill="#DADAD6"/></g>`;
  return svg(width, height, body);
}

/** A phone's frame: the body with a hole for the screen, and the camera island drawn over the screen. */
export function frameSvg(width: number, height: number, colour: string) {
  const b = bezelOf(width);
  const W = width + 2 * b;
  const H = height + 2 * b;
  const ro = width * 0.16;
  const ri = width * 0.12;
  const round = (x: number, y: number, w: number, h: number, r: number) =>
    `M${x + r} ${y} H${x + w - r} A${r} ${r} 0 0 1 ${x + w} ${y + r} V${y + h - r} A${r} ${r} 0 0 1 ${x + w - r} ${y + h} H${x + r} A${r} ${r} 0 0 1 ${x} ${y + h - r} V${y + r} A${r} ${r} 0 0 1 ${x + r} ${y}Z`;
  const island = `<rect x="${W / 2 - width * 0.14}" y="${b + width * 0.028}" width="${width * 0.28}" height="${width * 0.085}" rx="${width * 0.0425}" fill="#0B0D0F"/>`;
  return svg(
    W,
    H,
    `<path fill-rule="evenodd" fill="${colour}" d="${round(0, 0, W, H, ro)} ${round(b, b, width, height, ri)}"/>
<path fill="none" stroke="#FFFFFF" stroke-opacity=".18" stroke-width="2" d="${round(1.5, 1.5, W - 3, H - 3, ro - 1.5)}"/>
<path fill="none" stroke="#000000" stroke-opacity=".35" stroke-width="1.5" d="${round(b - 0.5, b - 0.5, width + 1, height + 1, ri)}"/>${island}`,
  );
}

/** A screen: the browser's chrome over the top of a page screenshot, both scaled to `width`. */
export async function pageScreen(
  shot: Buffer,
  width: number,
  height: number,
  path: string,
  highlight = false,
) {
  const top = chromeHeight(width);
  const page = await sharp(shot)
    .resize({ width, height: height - top, fit: 'cover', position: 'top' })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 4, background: '#FFFFFF' } })
    .composite([
      { input: await png(chromeSvg(width, path, { highlight })), left: 0, top: 0 },
      { input: page, left: 0, top },
    ])
    .png()
    .toBuffer();
}

/** A whole phone, RGBA: the screen image inside its frame. */
export async function phoneImage(screen: Buffer, colour = '#1C2227') {
  const meta = await sharp(screen).metadata();
  const width = meta.width ?? SCREEN.width;
  const height = meta.height ?? SCREEN.height;
  const b = bezelOf(width);
  return sharp({
    create: {
      width: width + 2 * b,
      height: height + 2 * b,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([
      { input: screen, left: b, top: b },
      { input: await png(frameSvg(width, height, colour)), left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
}
