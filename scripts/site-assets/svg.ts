import sharp from 'sharp';
import { BRAND, SVG_FONT } from './config';

export const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** Escapes text for an SVG text node or attribute. */
export const esc = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type TextOptions = {
  size: number;
  fill?: string;
  weight?: 'normal' | 'bold';
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
};

export const text = (x: number, y: number, value: string, options: TextOptions) =>
  `<text x="${x}" y="${y}" font-family="${SVG_FONT}" font-size="${options.size}" font-weight="${options.weight ?? 'normal'}" fill="${options.fill ?? BRAND.ink}" text-anchor="${options.anchor ?? 'start'}"${options.opacity === undefined ? '' : ` opacity="${options.opacity}"`}>${esc(value)}</text>`;

/** A raster embedded in an SVG (librsvg reads data: addresses). */
export const image = (png: Buffer, x: number, y: number, width: number, height: number, extra = '') =>
  `<image x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="none" href="data:image/png;base64,${png.toString('base64')}" ${extra}/>`;

/**
 * The TradeCard mark: an orange rounded square with a white "T", drawn as shapes so it never depends on a font.
 * Drawn in a 64-unit box at (x, y), scaled to `size`.
 */
export const logoMark = (x: number, y: number, size: number, { rounded = true } = {}) =>
  `<g transform="translate(${x} ${y}) scale(${size / 64})"><rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BRAND.orange}"/><rect x="15" y="15" width="34" height="10" rx="2.5" fill="#FFFFFF"/><rect x="27" y="15" width="10" height="35" rx="2.5" fill="#FFFFFF"/></g>`;

/** The mark and the wordmark side by side; `size` is the mark's height, the baseline sits to match it. */
export const wordmark = (x: number, y: number, size: number, fill: string = BRAND.ink) =>
  `${logoMark(x, y, size)}${text(x + size * 1.28, y + size * 0.79, 'TradeCard', { size: size * 0.86, weight: 'bold', fill })}`;

/** A generic contactless symbol (a dot and three widening arcs), centred at (x, y), `size` tall. */
export const nfcSymbol = (x: number, y: number, size: number, colour: string) => {
  const angle = (50 * Math.PI) / 180;
  const arc = (r: number) => {
    const x0 = (-8 + r * Math.cos(angle)).toFixed(2);
    const dy = (r * Math.sin(angle)).toFixed(2);
    return `<path d="M${x0} -${dy} A${r} ${r} 0 0 1 ${x0} ${dy}"/>`;
  };
  return `<g transform="translate(${x} ${y}) scale(${size / 26})" fill="none" stroke="${colour}" stroke-width="2.6" stroke-linecap="round"><circle cx="-8" cy="0" r="2.2" fill="${colour}" stroke="none"/>${arc(6)}${arc(11)}${arc(16)}</g>`;
};

export const png = (source: string, width?: number) =>
  (width ? sharp(Buffer.from(source)).resize({ width }) : sharp(Buffer.from(source))).png().toBuffer();

export const jpeg = async (source: string) => sharp(Buffer.from(source)).jpeg({ quality: 85 }).toBuffer();
