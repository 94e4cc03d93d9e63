import { describe, expect, it } from 'vitest';
import { defaultCardContent } from '../events/card/content';
import { fullCard } from '../tests/support/renderer/card';
import { buildVCard } from './vcard';

const pageUrl = 'https://tradecard.example/u/dave/';

/** Unfolds continuation lines and splits `NAME;PARAMS:value` lines, as a phone's contact importer would. */
function parse(vcard: string) {
  const lines = vcard.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
  return lines.map((line) => {
    const colon = line.indexOf(':');
    return { key: line.slice(0, colon), value: line.slice(colon + 1) };
  });
}
const field = (vcard: string, key: string) =>
  parse(vcard)
    .filter((line) => line.key === key)
    .map((l) => l.value);

describe('buildVCard', () => {
  const vcard = buildVCard({ content: fullCard(), pageUrl });

  it('is a vCard 3.0 with CRLF line ends', () => {
    expect(vcard.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(vcard.endsWith('END:VCARD\r\n')).toBe(true);
    expect(vcard.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('carries name, organisation, title, work phone and email, page URL and note', () => {
    expect(field(vcard, 'FN')).toEqual(['Dave Thompson']);
    expect(field(vcard, 'N')).toEqual(['Thompson;Dave;;;']);
    expect(field(vcard, 'ORG')).toEqual(['Thompson Bathrooms']);
    expect(field(vcard, 'TITLE')).toEqual(['Bathroom Fitter & Tiler']);
    expect(field(vcard, 'TEL;TYPE=WORK')).toEqual(['+447700900123']);
    expect(field(vcard, 'EMAIL;TYPE=WORK')).toEqual(['dave@thompsonbathrooms.co.uk']);
    expect(field(vcard, 'URL')).toEqual([pageUrl]);
    expect(field(vcard, 'NOTE')).toEqual(['Full bathroom renovations across Leeds and Bradford']);
  });

  it('has exactly one email, the card’s public contact email', () => {
    expect(parse(vcard).filter((line) => line.key.startsWith('EMAIL'))).toHaveLength(1);
  });

  it('is the same bytes for the same card, unless a revision is given', () => {
    expect(buildVCard({ content: fullCard(), pageUrl })).toBe(vcard);
    expect(vcard).not.toContain('REV:');
    const revised = buildVCard({ content: fullCard(), pageUrl, revision: new Date('2025-01-02T03:04:05Z') });
    expect(field(revised, 'REV')).toEqual(['2025-01-02T03:04:05.000Z']);
  });

  it('falls back to the business name, and uses a short bio as the note without a subheading', () => {
    const content = fullCard({ full_name: ' ', sub_heading: '', job_title: '', bio: 'word '.repeat(100) });
    const fallback = buildVCard({ content, pageUrl });
    expect(field(fallback, 'FN')).toEqual(['Thompson Bathrooms']);
    expect(field(fallback, 'N')).toEqual([';Thompson Bathrooms;;;']);
    expect(field(fallback, 'TITLE')).toEqual([]);
    const note = field(fallback, 'NOTE')[0] ?? '';
    expect(note.length).toBeLessThanOrEqual(200);
    expect(note.endsWith('…')).toBe(true);
  });

  it('always has a name, as vCard 3.0 requires', () => {
    const phoneOnly = buildVCard({
      content: { ...defaultCardContent(), phone_number: '0113 496 0000' },
      pageUrl,
    });
    expect(field(phoneOnly, 'FN')).toEqual(['0113 496 0000']);
    expect(field(phoneOnly, 'TEL;TYPE=WORK')).toEqual(['+441134960000']);
    expect(field(phoneOnly, 'ORG')).toEqual([]);
    expect(field(phoneOnly, 'EMAIL;TYPE=WORK')).toEqual([]);
  });

  it('holds nothing of a section the page doesn’t show: no number or email of a hidden Contact (issue 28)', () => {
    // The page offers no Save My Number then (savesContact), so no contact.vcf is written; drawn anyway, it keeps
    // the name, business, trade, page and note, and states no way to reach them the owner hid.
    const hidden = buildVCard({ content: fullCard({ show_contact_section: false }), pageUrl });
    expect(field(hidden, 'FN')).toEqual(['Dave Thompson']);
    expect(field(hidden, 'ORG')).toEqual(['Thompson Bathrooms']);
    expect(field(hidden, 'URL')).toEqual([pageUrl]);
    expect(parse(hidden).filter((line) => /^(TEL|EMAIL)/.test(line.key))).toEqual([]);
    // A hidden About section takes the name, business, trade, bio and photo with it.
    const noAbout = fullCard({ show_about_me_section: false, sub_heading: '' });
    const drawn = buildVCard({ content: noAbout, pageUrl, photoJpeg: new Uint8Array(30) });
    expect(field(drawn, 'FN')).toEqual(['Bathrooms fitted right\\, first time']);
    expect(drawn).not.toMatch(/Dave|Thompson Bathrooms|Fitter|PHOTO|NOTE/);
  });

  it('escapes commas, semicolons, backslashes and newlines in text', () => {
    const content = fullCard({
      full_name: 'Dave, "The Tiler" Thompson',
      business_card_name: 'Smith; Sons, Ltd',
      job_title: 'Plumber\\Gas',
      sub_heading: 'Line one\r\nLine two, with; marks\rLine three',
    });
    const escaped = buildVCard({ content, pageUrl });
    expect(field(escaped, 'FN')).toEqual(['Dave\\, "The Tiler" Thompson']);
    expect(field(escaped, 'N')).toEqual(['Thompson;Dave\\, "The Tiler";;;']);
    expect(field(escaped, 'ORG')).toEqual(['Smith\\; Sons\\, Ltd']);
    expect(field(escaped, 'TITLE')).toEqual(['Plumber\\\\Gas']);
    expect(field(escaped, 'NOTE')).toEqual(['Line one\\nLine two\\, with\\; marks\\nLine three']);
  });

  it('writes the phone number as it is dialled, extension kept', () => {
    const content = fullCard({ phone_number: '+44 (0)7700 900-123 ext. 5' });
    expect(field(buildVCard({ content, pageUrl }), 'TEL;TYPE=WORK')).toEqual(['+447700900123;ext=5']);
  });

  it('cannot be made to add properties through line breaks in any field', () => {
    const content = fullCard({
      full_name: 'Dave\r\nEMAIL:evil@example.com',
      business_card_name: 'Acme\rX-EVIL:1',
      job_title: 'Fitter\nTEL:999',
      contact_email: 'dave@example.com\r\nEMAIL:evil@example.com',
      phone_number: '07700 900123\nTEL:999',
    });
    const lines = parse(buildVCard({ content, pageUrl: `${pageUrl}\r\nURL:https://evil.example` }));
    expect(lines.filter((line) => line.key.startsWith('EMAIL'))).toHaveLength(1);
    expect(lines.filter((line) => line.key.startsWith('TEL'))).toHaveLength(1);
    expect(lines.filter((line) => line.key.startsWith('URL'))).toHaveLength(1);
    expect(lines.map((line) => line.key)).not.toContain('X-EVIL');
  });

  it('embeds a JPEG photo as base64, folded to 75 octets', () => {
    const photoJpeg = new Uint8Array(300).map((_, index) => index % 256);
    const withPhoto = buildVCard({ content: fullCard(), pageUrl, photoJpeg });
    expect(field(withPhoto, 'PHOTO;ENCODING=b;TYPE=JPEG')).toEqual([
      Buffer.from(photoJpeg).toString('base64'),
    ]);
    for (const line of withPhoto.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(vcard).not.toContain('PHOTO');
  });
});
