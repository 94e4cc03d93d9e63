import path from 'node:path';
import { isAccountLive } from '../events/account/liveness';
import { reservationOfAccount } from '../events/account/reserved-usernames';
import type { CardContent } from '../events/card/content';
import { savesContact, shownContent } from '../events/card/shown';
import { liveDomainOf } from '../events/domain/domains-read-model';
import { findShownCard } from '../events/firm/branded-card';
import { type FirmRow, logoOf } from '../events/firm/firms-read-model';
import { verifiedReviewsOf } from '../events/review/on-the-page';
import type { VerifiedReviews } from '../events/review/verified';
import type { Db } from '../platform/database/db';
import {
  OG_ON_DISK,
  OWN_DOMAIN_MARKER,
  ogDiskName,
  profileKey,
  profilePrefix,
} from '../platform/storage/key-layout';
import type { Storage } from '../platform/storage/storage';
import { ogImageHash, ogImageInputs } from './og-image/inputs';
import { keysIn, type Listed, profilePageKeys, putIfChangedIn, removeStale } from './page-files';
import type { WritePage } from './page-writer';
import { renderNoLongerInUsePage } from './pages/no-longer-in-use-page';
import { renderNotLivePage } from './pages/not-live-page';
import { renderNotSetUpPage } from './pages/not-set-up-page';
import { type ProfilePageInput, renderProfilePage } from './pages/profile-page';
import { hasVisibleContent, imageSource } from './profile/view-model';
import { staleQrCode } from './qr-files';
import { type RenderBatch, renderAlone } from './render-batch';
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

/**
 * What an account's `/u/<username>` shows: its card when the account is live and the card shows something, else
 * the page saying why not (SPEC §2). The projector renders by it; the addresses drawn per request beside the page
 * (api/cards/public-page.ts) decide by it, so they never offer what the page itself wouldn't.
 */
export function pageKindOf(
  user: Parameters<typeof isAccountLive>[0],
  content: CardContent | null,
): 'live' | 'not-live' | 'not-set-up' {
  if (!isAccountLive(user)) return 'not-live';
  return content && hasVisibleContent(content) ? 'live' : 'not-set-up';
}

export const profileDir = (publicDir: string, username: string) => path.join(publicDir, 'u', username);

/** The page's own address, as links, QR codes, passes, sitemaps and exports name it. */
export const pageAddress = (publicUrl: string, username: string) => `${publicUrl}/u/${username}`;
/**
 * The address every QR code the product draws encodes (issue 16): it opens the same page as `/u/<username>`, and
 * says the visitor scanned a code, so a scan is counted apart from a typed or tapped link (contract/visits.ts).
 */
export const qrAddress = (publicUrl: string, username: string, domain: string | null = null) =>
  domain === null ? `${publicUrl}/q/${username}` : `https://${domain}/q`;

/** The page's address: its owner's own domain while that is live (issue 31), else its place on the service host. */
export const pageAddressOf = (publicUrl: string, username: string, domain: string | null) =>
  domain === null ? pageAddress(publicUrl, username) : `https://${domain}/`;

/**
 * The page that fits `kind`, as bytes at once (issue 29): its string, two bytes a character on most pages (’, £),
 * would otherwise be held until the files are written, and copied by every young-generation GC meanwhile, for
 * every render under way.
 */
function pageBytes(
  kind: PageKind,
  content: CardContent | null,
  input: Omit<ProfilePageInput, 'content'>,
): Buffer {
  const { username, siteName } = input;
  if (kind === 'not-live') return Buffer.from(renderNotLivePage({ username, siteName }));
  if (kind === 'not-set-up' || !content) return Buffer.from(renderNotSetUpPage({ username, siteName }));
  return Buffer.from(renderProfilePage({ content, ...input }));
}

/**
 * Renders everything public for one account from the read models: the page that fits its state (SPEC §4), the
 * vCard when the page shows a number or email to save. QR codes and the link preview image are drawn on request; files
 * of either the page no longer names are removed. A deleted account's folder is removed.
 */
export async function renderAccount(
  db: Db,
  accountId: string,
  target: RenderTarget,
  { rows, turn, writePage }: RenderBatch = renderAlone(db),
): Promise<PageKind> {
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
      // Everything of the former owner goes (vCard, QR codes, preview image, the page); only the notice is left.
      await storage.deletePrefix(profilePrefix(reservation.username));
      const page = Buffer.from(renderNoLongerInUsePage({ siteName: target.siteName }));
      await writePage(storage, profilePageKeys(reservation.username), page, null);
      const notice = { username: reservation.username, live: 0, og_image: null };
      await db
        .insertInto('rendered_profiles')
        .values({ account_id: accountId, ...notice })
        .onConflict((oc) => oc.column('account_id').doUpdateSet(notice))
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
  const domain = await liveDomainOf(db, accountId);
  const pageUrl = pageAddressOf(target.publicUrl, user.username, domain);
  const { username } = user;
  // A firm's member shows the firm's brand in the parts it locked (issue 32).
  const { content, firm } = await findShownCard(db, accountId);

  const kind = pageKindOf(user, content);
  /** What the page's preview image shows (its version in og:image), drawn on request (og-image/file.ts). */
  // Customers' reviews are on the page as they are in the read model, in the same render as the card.
  const verified = kind === 'live' ? await verifiedReviewsOf(db, accountId) : null;
  const ogImage = kind === 'live' && content ? ogImageHash(ogImageInputs(content, username, verified)) : null;
  const live = kind === 'live' ? 1 : 0;
  // One time for the whole render: a first render writes its row once, not once here and again below.
  const now = new Date().toISOString();

  let row = recorded;
  let listed: Listed = null;
  if (recorded?.username !== username) {
    // Before the files, so a folder is never without its account.
    const values = { username, live, rendered_at: now, og_image: ogImage };
    await rows.record(accountId, values);
    row = { account_id: accountId, ...values };
    // A folder new to this account is listed first: one look when there is none yet (a new account, a rebuild into
    // an empty public folder), and then nothing is read back that isn't there, and no second listing looks for
    // stale files (issue 29). A folder rendered before skips it: its page is mostly unchanged.
    listed = await keysIn(storage, username);
  }
  // A few renders at a time draw and write their files (render-batch.ts), once their rows are claimed: a
  // rebuild's renders claim theirs together first.
  const endTurn = await turn();
  let pageWritten: boolean;
  try {
    pageWritten = await writeFiles(
      target,
      writePage,
      {
        username,
        pageUrl,
        qrUrl: qrAddress(target.publicUrl, username, domain),
        domain,
        kind,
        content,
        ogImage,
        verified,
        firm: firm ? firmLink(target.publicUrl, firm) : null,
      },
      listed,
    );
  } finally {
    endTurn();
  }

  // What the sitemap lists (api/cards/profile-sitemap.ts) and the preview image to draw; written only when it changed, so
  // a rebuild of unchanged pages writes nothing here.
  const renderedAt = pageWritten || !row?.rendered_at ? now : row.rendered_at;
  if (live !== row?.live || renderedAt !== row?.rendered_at || ogImage !== row?.og_image)
    await rows.update(accountId, { live, rendered_at: renderedAt, og_image: ogImage });
  return kind;
}

type Rendered = {
  username: string;
  pageUrl: string;
  /** What its QR codes encode now: files drawn for another address are removed. */
  qrUrl: string;
  /** Its owner's own domain, while live. */
  domain: string | null;
  kind: PageKind;
  content: CardContent | null;
  ogImage: string | null;
  verified: VerifiedReviews | null;
  firm: ProfilePageInput['firm'];
};

/** The firm a member's page names at its foot, with its logo, linking to the firm's own page (issue 32). */
const firmLink = (publicUrl: string, firm: FirmRow): NonNullable<ProfilePageInput['firm']> => {
  const logo = logoOf(firm);
  return { name: firm.name, url: `${publicUrl}/f/${firm.slug}`, logo: logo && imageSource(logo) };
};

/** Writes the page for the account's state and its vCard, and removes what neither shows; says if the page changed. */
async function writeFiles(
  target: RenderTarget,
  writePage: WritePage,
  rendered: Rendered,
  listed: Listed,
): Promise<boolean> {
  const { storage, siteName, walletEnabled } = target;
  const { username, pageUrl, qrUrl, domain, kind, content, ogImage, verified, firm } = rendered;
  const page = pageBytes(kind, content, {
    username,
    pageUrl,
    siteName,
    walletEnabled,
    ogImage: ogImage ?? undefined,
    verified,
    firm,
  });
  const pageWritten = await writePage(storage, profilePageKeys(username), page, listed);

  // Files drawn on request that the page no longer names: QR codes for an earlier PUBLIC_URL, and preview images of
  // what the card showed before, or of a page no longer live (they show its name and photos, so they go with it, as
  // the vCard does). Looked for only when the page was written (a listing: a round trip to a bucket): the page names
  // its image by what it shows and the address is in a code's name, so either changing rewrites the page, and
  // neither is served meanwhile (qrCodeFile and ogImageFile serve only the current one).
  if (pageWritten) {
    const staleQr = staleQrCode(qrUrl);
    const current = ogImage && ogDiskName(ogImage);
    await removeStale(
      storage,
      username,
      (name) => staleQr(name) || (OG_ON_DISK.test(name) && name !== current),
      listed,
    );
  }

  // Where nginx sends pages itself, it leaves a page on its owner's domain to the product, which moves it there (ADR
  // 045). The page names its address, so the domain going live or breaking rewrites it.
  const marker = profileKey(username, OWN_DOMAIN_MARKER);
  if (domain !== null) await putIfChangedIn(storage, marker, `${domain}\n`, listed);
  else if (pageWritten && (!listed || listed.has(marker))) await storage.delete(marker);

  const vcardKey = profileKey(username, 'contact.vcf');
  if (kind === 'live' && content && savesContact(content)) {
    const { avatar } = shownContent(content);
    const photoJpeg = avatar ? await vcardPhoto(storage, avatar) : undefined;
    await putIfChangedIn(storage, vcardKey, buildVCard({ content, pageUrl, photoJpeg }), listed);
  } else {
    await storage.delete(vcardKey);
  }
  return pageWritten;
}
