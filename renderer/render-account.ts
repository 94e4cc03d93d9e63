import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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
import { removePath, writeFileAtomic, writeIfChanged } from './write-file';

export type RenderTarget = { publicDir: string; publicUrl: string; siteName: string };

export type PageKind = 'live' | 'not-live' | 'not-set-up' | 'no-longer-in-use' | 'removed';

export const profileDir = (publicDir: string, username: string) => path.join(publicDir, 'u', username);

async function writePage(dir: string, html: string, newFolder: boolean) {
  if (await writeIfChanged(path.join(dir, 'index.html'), html, newFolder)) {
    // Served as is to clients that accept gzip: the 14 KB budget is the gzip size, so never compress per request.
    await writeFileAtomic(path.join(dir, 'index.html.gz'), gzipSync(html, { level: 9 }));
  }
}

/**
 * QR codes depend only on the page address, so each is drawn once, on its first request (`qrCodeFile`), not by
 * the projector: a full rebuild of thousands of pages then never waits on them (the print PNG alone is 50 ms).
 */
export const QR_FILES = {
  'qr.svg': (url: string) => qrSvg(url),
  'qr.png': (url: string) => qrPng(url, 200),
  'qr-print.png': (url: string) => qrPng(url, 1200),
} as const;

/**
 * On disk a QR file is named by the address it encodes (`qr.<hash>.png` for `/u/<username>/qr.png`), so a file
 * drawn under an earlier PUBLIC_URL is never served under a new one: it simply isn't the file asked for.
 */
const qrDiskName = (name: string, url: string) => {
  const hash = createHash('sha256').update(url).digest('hex').slice(0, 16);
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
};

/** Any QR file, drawn for any address (and the unhashed names drawn before files were named by address). */
const QR_ON_DISK = /^qr(-print)?(\.[0-9a-f]{16})?\.(png|svg)$/;

/** Removes the QR files in a profile folder that encode another address than `url`. */
async function removeStaleQrCodes(dir: string, url: string) {
  const current = new Set(Object.keys(QR_FILES).map((name) => qrDiskName(name, url)));
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (QR_ON_DISK.test(name) && !current.has(name)) await removePath(path.join(dir, name));
  }
}

/**
 * The QR file of a rendered profile for the current address, drawn if it is not there yet; null if there is no
 * such profile or file.
 */
export async function qrCodeFile(
  target: Pick<RenderTarget, 'publicDir' | 'publicUrl'>,
  username: string,
  name: string,
): Promise<string | null> {
  const draw = QR_FILES[name as keyof typeof QR_FILES];
  const dir = profileDir(target.publicDir, username);
  if (!draw || !(await fs.stat(path.join(dir, 'index.html')).catch(() => null))) return null;
  const url = `${target.publicUrl}/u/${username}`;
  const file = path.join(dir, qrDiskName(name, url));
  if (!(await fs.stat(file).catch(() => null))) {
    await writeFileAtomic(file, await draw(url));
    // The address changed since the page was last rendered: the codes for the old one go now, not at the rebuild.
    await removeStaleQrCodes(dir, url);
  }
  return file;
}

/**
 * Renders everything public for one account from the read models: the page that fits its state (SPEC §4), the
 * vCard when there is a number or email to save, and the QR codes. A deleted account's folder is removed.
 */
export async function renderAccount(db: Db, accountId: string, target: RenderTarget): Promise<PageKind> {
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
      const dir = profileDir(target.publicDir, reservation.username);
      // Everything of the former owner goes (vCard, QR codes, the page); only the notice is left.
      await removePath(dir);
      await fs.mkdir(dir, { recursive: true });
      await writePage(dir, renderNoLongerInUsePage({ siteName: target.siteName }), true);
      await db
        .insertInto('rendered_profiles')
        .values({ account_id: accountId, username: reservation.username })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ username: reservation.username }))
        .execute();
      return 'no-longer-in-use';
    }
    if (recorded) {
      // The folder is the new owner's once someone else has taken the name.
      if (!(await heldBy(recorded.username)))
        await removePath(profileDir(target.publicDir, recorded.username));
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

  const dir = profileDir(target.publicDir, user.username);
  // mkdir answers with what it created: a new folder has no files to compare against.
  const newFolder = (await fs.mkdir(dir, { recursive: true })) !== undefined;
  const pageUrl = `${target.publicUrl}/u/${user.username}`;
  const { username } = user;
  const { siteName } = target;
  const content = await findCardContent(db, accountId);

  let kind: PageKind;
  if (!isAccountLive(user)) {
    kind = 'not-live';
    await writePage(dir, renderNotLivePage({ username, siteName }), newFolder);
  } else if (!content || !hasVisibleContent(content)) {
    kind = 'not-set-up';
    await writePage(dir, renderNotSetUpPage({ username, siteName }), newFolder);
  } else {
    kind = 'live';
    await writePage(dir, renderProfilePage({ content, username, pageUrl, siteName }), newFolder);
  }

  // A page rendered under a new PUBLIC_URL must not sit beside codes for the old one (a new folder has none).
  if (!newFolder) await removeStaleQrCodes(dir, pageUrl);

  const vcardFile = path.join(dir, 'contact.vcf');
  if (kind === 'live' && content && canSaveContact(content)) {
    const photoJpeg = content.avatar ? await vcardPhoto(target.publicDir, content.avatar) : undefined;
    await writeIfChanged(vcardFile, buildVCard({ content, pageUrl, photoJpeg }), newFolder);
  } else {
    await removePath(vcardFile);
  }
  return kind;
}
