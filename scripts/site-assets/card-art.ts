import { BRAND } from './config';
import { logoMark, nfcSymbol, text } from './svg';

/** The NFC card, ISO ID-1 proportions (85.6 × 54 mm), drawn in a 856 × 540 unit box. */
export const CARD = { width: 856, height: 540, radius: 32 };

export const cardOutline = (fill: string, extra = '') =>
  `<rect width="${CARD.width}" height="${CARD.height}" rx="${CARD.radius}" fill="${fill}" ${extra}/>`;

const paper = (id: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFFFFF"/><stop offset=".6" stop-color="#FBFAF8"/><stop offset="1" stop-color="#F1EFEB"/></linearGradient></defs>${cardOutline(`url(#${id})`, 'stroke="#E2DED8" stroke-width="2"')}`;

/** The front: white, the TradeCard mark and wordmark in the middle, a small contactless symbol in the corner. */
export const cardFront = (id = 'front') =>
  `${paper(id)}
${logoMark(128, 222, 96)}${text(252, 300, 'TradeCard', { size: 84, weight: 'bold', fill: BRAND.ink })}
${nfcSymbol(780, 78, 40, '#9AA5B1')}`;

/** Places the server's qr.svg (its own viewBox) as a nested SVG at (x, y), `size` square. */
const placeQr = (qrSvg: string, x: number, y: number, size: number) =>
  qrSvg
    .replace(/<\?xml[^>]*>/, '')
    .replace('<svg ', `<svg x="${x}" y="${y}" width="${size}" height="${size}" `);

/** The back: the page's QR code, "Tap or scan" with the contactless symbol, and the wordmark small. */
export const cardBack = (qrSvg: string, id = 'back') =>
  `${paper(id)}
<rect x="64" y="84" width="340" height="340" rx="24" fill="#FFFFFF" stroke="#E2DED8" stroke-width="2"/>
${placeQr(qrSvg, 86, 106, 296)}
${nfcSymbol(492, 150, 48, BRAND.orange)}
${text(466, 250, 'Tap or scan', { size: 48, weight: 'bold', fill: BRAND.ink })}
${text(468, 300, 'to open my page and', { size: 26, fill: BRAND.muted })}
${text(468, 336, 'save my number', { size: 26, fill: BRAND.muted })}
${logoMark(64, 460, 34)}${text(108, 487, 'TradeCard', { size: 28, weight: 'bold', fill: BRAND.ink })}`;
