import sharp from 'sharp';
import { CARD, cardBack, cardFront, cardOutline } from './card-art';
import { OUT } from './config';
import { writeWebpSet } from './output';
import { bezelOf, pageScreen, phoneImage } from './phone';
import { png, svg } from './svg';

/** 900 for the home page's hero on a phone (92vw of ~400 px at 2.5×), which took the 1200 (47 KB) otherwise. */
const WIDTHS = [600, 900, 1200];
const blur = (id: string, deviation: number) =>
  `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;

/** Three arcs around (x, y), fanning out to the right: the phone has read the card. */
export const signal = (x: number, y: number, colour: string, scale = 1) =>
  [40, 78, 116]
    .map((radius, i) => {
      const r = radius * scale;
      const left = (x + r * Math.cos(0.87)).toFixed(1);
      const rise = (r * Math.sin(0.87)).toFixed(1);
      return `<path d="M${left} ${(y - Number(rise)).toFixed(1)} A${r} ${r} 0 0 1 ${left} ${(y + Number(rise)).toFixed(1)}" fill="none" stroke="${colour}" stroke-width="${12 * scale}" stroke-linecap="round" opacity="${1 - i * 0.3}"/>`;
    })
    .join('');

/** A card face lying flat, seen straight on, with a soft shadow under it: 1200 × 800, transparent around. */
const flat = (face: string) =>
  svg(
    1200,
    800,
    `<defs>${blur('soft', 22)}</defs>
<g transform="translate(90 112) scale(${1020 / CARD.width})">
<g filter="url(#soft)" opacity=".22" transform="translate(0 26)">${cardOutline('#1F2933')}</g>
<g opacity=".12" transform="translate(0 5)">${cardOutline('#1F2933')}</g>${face}</g>`,
  );

/** The card in a tilted, foreshortened view: `transform` maps the card's own units onto the canvas. */
export const tilted = (face: string, x: number, y: number, scale: number, angle = -24, squash = 0.58) => {
  const place = (dy: number) =>
    `translate(${x} ${y + dy}) scale(${scale} ${scale * squash}) rotate(${angle}) translate(${-CARD.width / 2} ${-CARD.height / 2})`;
  return `<g filter="url(#soft)" opacity=".3"><g transform="${place(34 * scale)}">${cardOutline('#1F2933')}</g></g>
<g transform="${place(9 * scale)}">${cardOutline('#CFC9C0')}</g>
<g transform="${place(0)}">${face}</g>`;
};

export const angledCardSvg = (width: number, height: number, body: string) =>
  svg(width, height, `<defs>${blur('soft', 20)}</defs>${body}`);

/** The card held against the back of a phone that has the demo profile open, with contactless waves. */
async function tapRender(profileShot: Buffer): Promise<Buffer> {
  const screenWidth = 360;
  const screenHeight = Math.round((screenWidth * 844) / 390);
  const phone = await phoneImage(await pageScreen(profileShot, screenWidth, screenHeight, '/u/demo'));
  const b = bezelOf(screenWidth);
  const phoneLeft = 640;
  const phoneTop = 50;
  const phoneRight = phoneLeft + screenWidth + 2 * b;
  const behind = svg(
    1200,
    900,
    `<defs>${blur('soft', 24)}</defs>
<g filter="url(#soft)" opacity=".28"><rect x="${phoneLeft + 10}" y="${phoneTop + 40}" width="${phoneRight - phoneLeft}" height="${screenHeight + 2 * b}" rx="60" fill="#1F2933"/></g>
<g transform="translate(560 250) rotate(-14) scale(.64) translate(${-CARD.width / 2} ${-CARD.height / 2})">
<g filter="url(#soft)" opacity=".25" transform="translate(10 40)">${cardOutline('#1F2933')}</g>${cardFront('tap')}</g>`,
  );
  const waves = svg(1200, 900, signal(phoneRight - 10, 250, '#F47629'));
  return sharp(await png(behind))
    .composite([
      { input: phone, left: phoneLeft, top: phoneTop },
      { input: await png(waves), left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** card-front, card-back, card-angle and card-tap, each at 600, 900 and 1200 px wide. */
export async function writeCardRenders(qrSvg: string, profileShot: Buffer): Promise<void> {
  await writeWebpSet(OUT.card, 'card-front', await png(flat(cardFront())), WIDTHS);
  await writeWebpSet(OUT.card, 'card-back', await png(flat(cardBack(qrSvg))), WIDTHS);
  const angle = angledCardSvg(1200, 800, tilted(cardFront(), 600, 390, 1.12));
  await writeWebpSet(OUT.card, 'card-angle', await png(angle), WIDTHS);
  await writeWebpSet(OUT.card, 'card-tap', await tapRender(profileShot), WIDTHS);
}
