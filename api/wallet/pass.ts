import { createHash } from 'node:crypto';
import type { Barcode, PassProps, PassType } from 'passkit-generator';
import sharp from 'sharp';
import type { CardContent } from '../../events/card/content';
import { shownContent } from '../../events/card/shown';
import type { Storage } from '../../platform/storage/storage';
import { buttonColour, buttonTextColour } from '../../renderer/profile/theme';
import { pageAddressOf, qrAddress } from '../../renderer/render-account';
import { vcardPhoto } from '../../renderer/vcard-photo';
import type { WalletSigner } from './signer';

type Field = PassType<'generic'>['primaryFields'][number];

/** pass.json as this product writes it: a generic pass, the one style meant for a card that is not a ticket. */
export type CardPassJson = Required<
  Pick<
    PassProps,
    | 'formatVersion'
    | 'passTypeIdentifier'
    | 'teamIdentifier'
    | 'serialNumber'
    | 'organizationName'
    | 'description'
    | 'backgroundColor'
    | 'foregroundColor'
    | 'labelColor'
  >
> & {
  logoText?: string;
  barcodes: Barcode[];
  generic: { primaryFields: Field[]; secondaryFields: Field[]; backFields: Field[] };
};

export type CardPassInput = {
  signer: Pick<WalletSigner, 'passTypeId' | 'teamId'>;
  accountId: string;
  username: string;
  content: CardContent;
  publicUrl: string;
  /** The owner's live domain (issue 31): the pass's link and code name it then. */
  domain?: string | null;
  siteName: string;
};

/** Wallet reads colours as CSS rgb() triples. */
const rgb = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
};

/**
 * Stable per account, so a pass downloaded again replaces the one in Wallet rather than sitting beside it; a hash,
 * not the account's id, which nothing public shows.
 */
const passSerial = (accountId: string) =>
  createHash('sha256').update(`card-pass:${accountId}`).digest('hex').slice(0, 32);

/**
 * The pass for one card: the owner's name first, their trade and number beside it, and the QR code of the page's
 * QR address (issue 16 counts a scan of it as one). Wallet shows the back fields' number and address as links.
 * Only what the page shows (shown.ts): with the Contact section hidden, no number or email.
 */
export function cardPassJson({
  signer,
  accountId,
  username,
  content: published,
  publicUrl,
  siteName,
  domain = null,
}: CardPassInput) {
  const content = shownContent(published);
  const name = [content.full_name, content.business_card_name, content.main_heading]
    .map((text) => text.trim())
    .find((text) => text !== '');
  const business = content.business_card_name.trim();
  const trade = content.job_title.trim();
  const phone = content.phone_number.trim();
  const email = content.contact_email.trim();
  const text = rgb(buttonTextColour(content));
  const secondaryFields: Field[] = [];
  if (trade) secondaryFields.push({ key: 'trade', label: 'Trade', value: trade });
  if (phone) secondaryFields.push({ key: 'phone', label: 'Phone', value: phone });
  const backFields: Field[] = [];
  if (phone)
    backFields.push({
      key: 'back-phone',
      label: 'Phone',
      value: phone,
      dataDetectorTypes: ['PKDataDetectorTypePhoneNumber'],
    });
  if (email) backFields.push({ key: 'back-email', label: 'Email', value: email });
  backFields.push({
    key: 'page',
    label: 'Page',
    value: pageAddressOf(publicUrl, username, domain),
    dataDetectorTypes: ['PKDataDetectorTypeLink'],
  });
  const shown = name ?? `@${username}`;
  const json: CardPassJson = {
    formatVersion: 1,
    passTypeIdentifier: signer.passTypeId,
    teamIdentifier: signer.teamId,
    serialNumber: passSerial(accountId),
    organizationName: siteName,
    description: `Business card: ${shown}`,
    backgroundColor: rgb(buttonColour(content.button_bg_color)),
    foregroundColor: text,
    labelColor: text,
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: qrAddress(publicUrl, username, domain),
        messageEncoding: 'iso-8859-1',
      },
    ],
    generic: {
      primaryFields: [{ key: 'name', label: 'Name', value: shown }],
      secondaryFields,
      backFields,
    },
  };
  // The business's name beside the logo, unless it is already the name shown.
  if (business && business !== shown) json.logoText = business;
  return json;
}

const ICONS = [
  ['icon.png', 29],
  ['icon@2x.png', 58],
  ['icon@3x.png', 87],
] as const;
const LOGOS = [
  ['logo.png', 50],
  ['logo@2x.png', 100],
  ['logo@3x.png', 150],
] as const;

const circle = (size: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`,
  );

/** Icons in the card's button colour: what a card without a photo gets (Wallet requires an icon). */
export async function plainImages(colour: string): Promise<Record<string, Buffer>> {
  const entries = await Promise.all(
    ICONS.map(async ([file, size]) => {
      const png = await sharp({ create: { width: size, height: size, channels: 3, background: colour } })
        .png()
        .toBuffer();
      return [file, png] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The pass's pictures, drawn with sharp: the owner's photo as the icon (the lock screen's notice shows it) and,
 * round, as the logo; without a photo, or when it cannot be read, plain icons in the card's colour and no logo.
 */
export async function passImages(storage: Storage, published: CardContent): Promise<Record<string, Buffer>> {
  const content = shownContent(published);
  // The vCard's square JPEG of the avatar: made once per photo and kept, so a pass reuses it.
  const photo = content.avatar ? await vcardPhoto(storage, content.avatar) : undefined;
  if (!photo) return plainImages(buttonColour(content.button_bg_color));
  const icons = ICONS.map(async ([file, size]) => {
    const png = await sharp(photo).resize(size, size).png().toBuffer();
    return [file, png] as const;
  });
  const logos = LOGOS.map(async ([file, size]) => {
    const png = await sharp(photo)
      .resize(size, size)
      .ensureAlpha()
      .composite([{ input: circle(size), blend: 'dest-in' }])
      .png()
      .toBuffer();
    return [file, png] as const;
  });
  return Object.fromEntries(await Promise.all([...icons, ...logos]));
}
