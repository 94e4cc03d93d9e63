import { createHash } from 'node:crypto';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { gzipKey, headersFor, pageKey, profileKey, profilePrefix } from '../api/storage/key-layout';
import type { Storage } from '../api/storage/storage';
import { isAccountLive } from '../events/account/liveness';
import { reservationOfAccount } from '../events/account/reserved-usernames';
import { findCardContent } from '../events/card/cards-read-model';
import { canSaveContact } from '../events/card/display';
import type { Db } from '../events/db';
import { renderNoLongerInUsePage } from './pages/no-longer-in-use-page';
import { renderNotLivePage } from './pages/not-live-page';
import { renderNotSetUpPage } from './pages/not-set-up-page';
import { renderProfilePage } from './pages/profile-page';
import { hasVisibleContent } from './profile/view-model';
import { qrPng, qrSvg } from './qr';
import { buildVCard } from './vcard';
import { vcardPhoto } from './vcard-photo';

export type RenderTarget = {
  publicDir: string;
  publicUrl: string;
  siteName: string;
  /** Where pages go (ADR 024): the disk under `publicDir`, or the bucket. Required, so no caller falls back by accident. */
  storage: Storage;
  /**
   * WALLET_* is configured: live pages offer "Add to Apple Wallet". A page shows what it was rendered with, so a
   * change of configuration reaches the pages at the next rebuild.
   */
  walletEnabled: boolean;
};

export type PageKind = 'live' | 'not-live' | 'not-set-up' | 'no-longer-in-use' | 'removed';

export const profileDir = (publicDir: string, username: string) => path.join(publicDir, 'u', username);

/** Writes the page and its gzip copy unless the page is unchanged; says whether it wrote. */
async function writePage(storage: Storage, username: string, html: string): Promise<boolean> {
  const key = pageKey(username);
  if (!(await storage.putIfChanged(key, html, headersFor(key)))) return false;
  // Served as is to clients that accept gzip: the 14 KB budget is the gzip size, so never compress per request.
  await storage.put(gzipKey(key), gzipSync(html, { level: 9 }), headersFor(gzipKey(key)));
  return true;
}

/**
 * The address every QR code the product draws encodes (issue 16): it opens the same page as `/u/<username>`, and
 * says the visitor scanned a code, so a scan is counted apart from a typed or tapped link (contract/visits.ts).
 */
export const qrAddress = (publicUrl: string, username: string) => `${publicUrl}/q/${username}`;

/**
 * QR codes depend only on the address they encode, so each is drawn once, on its first request (`qrCodeFile`), not by
 * the projector: a full rebuild of thousands of pages then never waits on them (the print PNG alone is 50 ms).
 */
export const QR_FILES = {
  'qr.svg': (url: string) => qrSvg(url),
  'qr.png': (url: string) => qrPng(url, 200),
  'qr-print.png': (url: string) => qrPng(url, 1200),
} as const;

/**
 * On disk a QR file is named by the address it encodes (`qr.<hash>.png` for `/u/<username>/qr.png`), so a file
 * drawn under an earlier PUBLIC_URL, or for the page's own address as before issue 16, is never served once the
 * address changes: it simply isn't the file asked for.
 */
const qrDiskName = (name: string, url: string) => {
  const hash = createHash('sha256').update(url).digest('hex').slice(0, 16);
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
};

/** Any QR file, drawn for any address (and the unhashed names drawn before files were named by address). */
const QR_ON_DISK = /^qr(-print)?(\.[0-9a-f]{16})?\.(png|svg)$/;

/** Removes the QR files of a profile that encode another address than `url`. */
async function removeStaleQrCodes(storage: Storage, username: string, url: string) {
  const current = new Set(Object.keys(QR_FILES).map((name) => qrDiskName(name, url)));
  const stale: string[] = [];
  for await (const { key } of storage.list(profilePrefix(username))) {
    const name = key.slice(profilePrefix(username).length);
    if (QR_ON_DISK.test(name) && !current.has(name)) stale.push(key);
  }
  for (const key of stale) await storage.delete(key);
}

/**
 * The key of a rendered profile's QR file for the current address, drawn if it is not there yet; null if there
 * is no such profile or file.
 */
export async function qrCodeFile(
  target: Pick<RenderTarget, 'publicDir' | 'publicUrl' | 'storage'>,
  username: string,
  name: string,
): Promise<string | null> {
  const draw = QR_FILES[name as keyof typeof QR_FILES];
  if (!draw) return null;
  const { storage } = target;
  const url = qrAddress(target.publicUrl, username);
  const key = profileKey(username, qrDiskName(name, url));
  // One look (a round trip to a bucket) once drawn: a code goes with its page (deletePrefix), so it implies one.
  if (await storage.head(key)) return key;
  if (!(await storage.head(pageKey(username)))) return null;
  await storage.put(key, await draw(url), headersFor(key));
  // The address changed since the page was last rendered: the codes for the old one go now, not at the rebuild.
  await removeStaleQrCodes(storage, username, url);
  return key;
}

/**
 * Renders everything public for one account from the read models: the page that fits its state (SPEC §4), the
 * vCard when there is a number or email to save, and the QR codes. A deleted account's folder is removed.
 */
export async function renderAccount(db: Db, accountId: string, target: RenderTarget): Promise<PageKind> {
  const { storage } = target;
  const user = await db.selectFrom('users').selectAll().where('id', '=', accountId).executeTakeFirst();
  const recorded = await db
    .selectFrom('rendered_profiles')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!user) {
    const reservation = await reservationOfAccount(db, accountId);
    const heldBy = async (username: string) =>
      db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    // Its printed cards still lead here: say the card is gone, until the name is released or taken by another.
    if (reservation && !(await heldBy(reservation.username))) {
      // Everything of the former owner goes (vCard, QR codes, the page); only the notice is left.
      await storage.deletePrefix(profilePrefix(reservation.username));
      await writePage(storage, reservation.username, renderNoLongerInUsePage({ siteName: target.siteName }));
      await db
        .insertInto('rendered_profiles')
        .values({ account_id: accountId, username: reservation.username })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ username: reservation.username }))
        .execute();
      return 'no-longer-in-use';
    }
    if (recorded) {
      // The folder is the new owner's once someone else has taken the name.
      if (!(await heldBy(recorded.username))) await storage.deletePrefix(profilePrefix(recorded.username));
      await db.deleteFrom('rendered_profiles').where('account_id', '=', accountId).execute();
    }
    return 'removed';
  }
  if (recorded?.username !== user.username) {
    // An upsert, not an insert after the select above: another renderer (the demo seed beside the server, or two
    // instances during a leader hand-over) may record the same account between the two.
    await db
      .insertInto('rendered_profiles')
      .values({ account_id: accountId, username: user.username })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ username: user.username }))
      .execute();
  }

  const pageUrl = `${target.publicUrl}/u/${user.username}`;
  const { username } = user;
  const { siteName, walletEnabled } = target;
  const content = await findCardContent(db, accountId);

  let kind: PageKind;
  let pageWritten: boolean;
  if (!isAccountLive(user)) {
    kind = 'not-live';
    pageWritten = await writePage(storage, username, renderNotLivePage({ username, siteName }));
  } else if (!content || !hasVisibleContent(content)) {
    kind = 'not-set-up';
    pageWritten = await writePage(storage, username, renderNotSetUpPage({ username, siteName }));
  } else {
    kind = 'live';
    pageWritten = await writePage(
      storage,
      username,
      renderProfilePage({ content, username, pageUrl, siteName, walletEnabled }),
    );
  }

  // A page rendered under a new PUBLIC_URL must not sit beside codes for the old one. Looked for only when the page
  // was written (a listing: a round trip to a bucket): stale codes are never served, as a code's name carries its
  // address, and qrCodeFile clears them when it draws the current one; this only tidies sooner.
  if (pageWritten) await removeStaleQrCodes(storage, username, qrAddress(target.publicUrl, username));

  const vcardKey = profileKey(username, 'contact.vcf');
  if (kind === 'live' && content && canSaveContact(content)) {
    const photoJpeg = content.avatar ? await vcardPhoto(storage, content.avatar) : undefined;
    await storage.putIfChanged(vcardKey, buildVCard({ content, pageUrl, photoJpeg }), headersFor(vcardKey));
  } else {
    await storage.delete(vcardKey);
  }
  return kind;
}
