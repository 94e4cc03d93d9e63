import sharp from 'sharp';
import { CARD, cardFront, cardOutline } from '../card-art';
import { signal } from '../card-renders';
import { BRAND, SITE_HOST } from '../config';
import { chromeSvg, frameSvg, phoneImage, SCREEN } from '../phone';
import { png, svg, text, wordmark } from '../svg';
import { CAPTIONS } from './captions';
import { H, toFrame, toLayer, W } from './compositor';

export const CAPTION_TOP = 632;

/** The scene's backdrop: warm paper, soft orange discs and the wordmark. */
const backdrop = () =>
  svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${BRAND.paper}"/><circle cx="1120" cy="120" r="260" fill="${BRAND.orange}" opacity=".08"/><circle cx="150" cy="600" r="220" fill="${BRAND.orange}" opacity=".07"/>${wordmark(40, 30, 34)}`,
  );

/** The caption bar across the bottom: a numbered step and the caption in white on the site's dark ink. */
const captionBar = (index: number) =>
  svg(
    W,
    H - CAPTION_TOP,
    `<rect width="${W}" height="${H - CAPTION_TOP}" fill="${BRAND.ink}"/><rect width="${W}" height="5" fill="${BRAND.orange}"/>
<circle cx="74" cy="47" r="22" fill="${BRAND.orange}"/>${text(74, 56, String(index + 1), { size: 24, weight: 'bold', fill: '#FFFFFF', anchor: 'middle' })}
${text(114, 57, CAPTIONS[index] ?? '', { size: 30, fill: '#FFFFFF' })}`,
  );

const toast = () =>
  svg(
    340,
    96,
    `<rect x="4" y="8" width="332" height="84" rx="18" fill="#1F2933" opacity=".12"/><rect x="0" y="0" width="332" height="84" rx="18" fill="#FFFFFF" stroke="${BRAND.line}" stroke-width="2"/>
<circle cx="42" cy="42" r="20" fill="#2E9E5B"/><path d="M32 42 l7 7 l13 -14" fill="none" stroke="#FFFFFF" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
${text(76, 37, 'Your page is Published!', { size: 18, weight: 'bold' })}${text(76, 60, 'Live now, with a 14-day free trial', { size: 13, fill: BRAND.muted })}`,
  );

const addressPill = () =>
  svg(
    380,
    120,
    `${text(6, 22, 'Your own address', { size: 16, fill: BRAND.muted, weight: 'bold' })}
<rect x="2" y="38" width="374" height="64" rx="32" fill="#FFFFFF" stroke="${BRAND.orange}" stroke-width="4"/>
${text(190, 78, `${SITE_HOST}/u/demo`, { size: 21, weight: 'bold', anchor: 'middle' })}`,
  );

/** The card, flat and turned a little, with its shadow: it slides in behind the customer's phone. */
const cardSprite = () =>
  svg(
    560,
    400,
    `<defs><filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="14"/></filter></defs>
<g transform="translate(280 190) rotate(-14) scale(.56) translate(${-CARD.width / 2} ${-CARD.height / 2})">
<g filter="url(#soft)" opacity=".28" transform="translate(10 36)">${cardOutline('#1F2933')}</g>${cardFront('video')}</g>`,
  );

export type Kit = Awaited<ReturnType<typeof buildKit>>;

/** Every still piece of the video, prepared once. */
export async function buildKit(inputs: {
  demoPage: Buffer;
  demoCta: Buffer;
  sidePhones: Buffer[];
  lock: Buffer;
  lockBanner: Buffer;
  contact: Buffer;
}) {
  const layer = async (source: string) => toLayer(await png(source));
  const scaled = (input: Buffer, width: number) => toLayer(sharp(input).resize({ width }));
  const pageTall = await sharp(inputs.demoPage).resize({ width: SCREEN.width }).png().toBuffer();
  return {
    backdrop: await toFrame(await png(backdrop())),
    captions: await Promise.all(CAPTIONS.map((_, index) => layer(captionBar(index)))),
    toast: await layer(toast()),
    pill: await layer(addressPill()),
    card: await layer(cardSprite()),
    signal: await layer(svg(180, 240, signal(10, 120, BRAND.orange))),
    chrome: await layer(chromeSvg(SCREEN.width, '/u/demo')),
    chromeHighlight: await layer(chromeSvg(SCREEN.width, '/u/demo', { highlight: true })),
    page: await toLayer(pageTall),
    cta: await scaled(inputs.demoCta, SCREEN.width),
    frameDark: await layer(frameSvg(SCREEN.width, SCREEN.height, '#1C2227')),
    frameCustomer: await layer(frameSvg(SCREEN.width, SCREEN.height, '#34506B')),
    sidePhones: await Promise.all(
      inputs.sidePhones.map(async (screen) => scaled(await phoneImage(screen), 270)),
    ),
    lock: await toLayer(inputs.lock),
    lockBanner: await toLayer(inputs.lockBanner),
    contact: await toLayer(inputs.contact),
  };
}
