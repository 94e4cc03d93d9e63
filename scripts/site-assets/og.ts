import path from 'node:path';
import sharp from 'sharp';
import { cardFront } from './card-art';
import { angledCardSvg, tilted } from './card-renders';
import { BRAND, OUT } from './config';
import { writePng } from './output';
import { pageScreen, phoneImage } from './phone';
import { png, svg, text, wordmark } from './svg';

/** The 1200 × 630 share image: wordmark, the promise in two lines, and the product: a phone and the card. */
export async function writeOgImage(profileShot: Buffer): Promise<void> {
  const background = svg(
    1200,
    630,
    `<rect width="1200" height="630" fill="${BRAND.paper}"/>
<circle cx="930" cy="330" r="300" fill="${BRAND.orange}" opacity=".14"/><circle cx="930" cy="330" r="210" fill="${BRAND.orange}" opacity=".16"/>
<rect width="1200" height="10" fill="${BRAND.orange}"/>
${wordmark(72, 72, 56)}
${text(72, 262, 'Digital business cards', { size: 54, weight: 'bold' })}
${text(72, 330, 'for tradespeople', { size: 54, weight: 'bold' })}
<rect x="72" y="358" width="120" height="8" rx="4" fill="${BRAND.orange}"/>
${text(72, 426, 'Tap the card. Your page opens.', { size: 30, fill: BRAND.muted })}
${text(72, 470, 'They save your number.', { size: 30, fill: BRAND.muted })}`,
  );
  const screenWidth = 270;
  const phone = await phoneImage(
    await pageScreen(profileShot, screenWidth, Math.round((screenWidth * 844) / 390), '/u/demo'),
  );
  const phoneLeft = 820;
  const phoneTop = 56;
  const shadow = svg(
    1200,
    630,
    `<defs><filter id="blur" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="18"/></filter></defs><rect x="${phoneLeft + 8}" y="${phoneTop + 30}" width="294" height="620" rx="44" fill="#1F2933" opacity=".25" filter="url(#blur)"/>`,
  );
  const card = angledCardSvg(1200, 630, tilted(cardFront('og'), 790, 500, 0.42, -22, 0.6));
  const image = await sharp(await png(background))
    .composite([
      { input: await png(shadow), left: 0, top: 0 },
      { input: phone, left: phoneLeft, top: phoneTop },
      { input: await png(card), left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
  await writePng(path.join(OUT.images, 'og.png'), image);
}
