import sharp from 'sharp';
import { BRAND } from '../config';
import { SCREEN } from '../phone';
import { image, png, svg, text } from '../svg';
import type { Contact } from './vcard';

const { width: SW, height: SH } = SCREEN;
const BLUE = '#0A6CDB';

const statusBar = (fill: string) =>
  `${text(34, 20, '10:24', { size: 13, weight: 'bold', fill })}<g fill="${fill}">${[0, 1, 2, 3].map((i) => `<rect x="${248 + i * 6}" y="${13 - i * 2}" width="4" height="${5 + i * 2}" rx="1"/>`).join('')}<rect x="278" y="7" width="22" height="11" rx="3" fill="none" stroke="${fill}" stroke-width="1.4"/><rect x="280.5" y="9.5" width="12" height="6" rx="1.5"/></g>`;

/** The customer's lock screen; with `banner`, the notification a phone shows when it reads the card. */
export function lockScreen(address: string, banner: boolean) {
  const note = banner
    ? `<rect x="12" y="58" width="${SW - 24}" height="74" rx="18" fill="#FFFFFF" opacity=".94"/>
<rect x="26" y="72" width="26" height="26" rx="7" fill="${BRAND.orange}"/><rect x="33" y="78" width="12" height="4" rx="1" fill="#FFFFFF"/><rect x="37" y="78" width="4" height="13" rx="1" fill="#FFFFFF"/>
${text(62, 84, 'NFC TAG', { size: 10.5, fill: BRAND.muted, weight: 'bold' })}${text(SW - 28, 84, 'now', { size: 10.5, fill: BRAND.muted, anchor: 'end' })}
${text(62, 104, 'Open in your browser', { size: 13, weight: 'bold' })}${text(62, 121, address, { size: 12, fill: BRAND.muted })}`
    : '';
  return png(
    svg(
      SW,
      SH,
      `<defs><linearGradient id="wall" x1="0" y1="0" x2=".6" y2="1"><stop offset="0" stop-color="#2F5D7C"/><stop offset=".55" stop-color="#5C8FA8"/><stop offset="1" stop-color="#F2B38A"/></linearGradient></defs>
<rect width="${SW}" height="${SH}" fill="url(#wall)"/><circle cx="250" cy="520" r="170" fill="#FFFFFF" opacity=".08"/>
${statusBar('#FFFFFF')}
${text(SW / 2, banner ? 200 : 150, 'Tuesday 14 May', { size: 15, fill: '#FFFFFF', anchor: 'middle' })}
${text(SW / 2, banner ? 270 : 226, '10:24', { size: 70, fill: '#FFFFFF', anchor: 'middle', weight: 'bold' })}
${note}<rect x="${SW / 2 - 60}" y="${SH - 14}" width="120" height="5" rx="2.5" fill="#FFFFFF" opacity=".8"/>`,
    ),
  );
}

/** The contact as a phone's contacts app shows it once saved, drawn from the vCard the page served. */
export async function contactScreen(contact: Contact) {
  const photo = contact.photo
    ? await sharp(contact.photo)
        .resize(112, 112)
        .composite([
          { input: Buffer.from(svg(112, 112, '<circle cx="56" cy="56" r="56"/>')), blend: 'dest-in' },
        ])
        .png()
        .toBuffer()
    : null;
  const row = (y: number, label: string, value: string, colour = BLUE) =>
    `${text(30, y, label, { size: 12, fill: BRAND.muted })}${text(30, y + 22, value, { size: 15, fill: colour })}`;
  const action = (x: number, label: string, glyph: string) =>
    `<rect x="${x}" y="286" width="82" height="58" rx="12" fill="#FFFFFF"/><g transform="translate(${x + 41} 306)" fill="${BLUE}">${glyph}</g>${text(x + 41, 334, label, { size: 11.5, fill: BLUE, anchor: 'middle' })}`;
  const phoneGlyph =
    '<path d="M-7 -8 q-3 0 -3 3 q1 9 10 14 q3 1 5 -1 l2 -3 l-5 -3 l-2 2 q-4 -2 -6 -6 l2 -2 l-3 -5z"/>';
  const chatGlyph =
    '<path d="M-10 -8 h20 a3 3 0 0 1 3 3 v9 a3 3 0 0 1 -3 3 h-13 l-6 4 v-4 a3 3 0 0 1 -4 -3 v-9 a3 3 0 0 1 3 -3z"/>';
  const mailGlyph =
    '<rect x="-11" y="-7" width="22" height="15" rx="2"/><path d="M-10 -6 l10 7 l10 -7" fill="none" stroke="#FFFFFF" stroke-width="1.6"/>';
  const body = `<rect width="${SW}" height="${SH}" fill="#F2F2F6"/>${statusBar('#1F2933')}
${text(16, 58, '‹ Contacts', { size: 15, fill: BLUE })}${text(SW - 16, 58, 'Edit', { size: 15, fill: BLUE, anchor: 'end' })}
${photo ? image(photo, SW / 2 - 56, 78, 112, 112) : ''}
${text(SW / 2, 222, contact.name, { size: 24, weight: 'bold', anchor: 'middle' })}
${text(SW / 2, 246, contact.title, { size: 13, fill: BRAND.muted, anchor: 'middle' })}
${text(SW / 2, 266, contact.org, { size: 13, fill: BRAND.muted, anchor: 'middle' })}
${action(20, 'call', phoneGlyph)}${action(119, 'message', chatGlyph)}${action(218, 'mail', mailGlyph)}
<rect x="16" y="360" width="${SW - 32}" height="246" rx="12" fill="#FFFFFF"/>
${row(386, 'work', contact.tel)}<rect x="30" y="420" width="${SW - 46}" height="1" fill="#E4E7EB"/>
${row(444, 'work', contact.email)}<rect x="30" y="478" width="${SW - 46}" height="1" fill="#E4E7EB"/>
${row(502, 'homepage', contact.url.replace(/^https?:\/\//, ''))}<rect x="30" y="536" width="${SW - 46}" height="1" fill="#E4E7EB"/>
${row(560, 'notes', contact.note.length > 38 ? `${contact.note.slice(0, 36)}…` : contact.note, BRAND.ink)}`;
  return png(svg(SW, SH, body));
}
