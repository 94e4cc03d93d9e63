import { randomUUID } from 'node:crypto';
import { type ImageRef, largestMediaUrl } from '../../events/card/content';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import type { Brand } from '../../events/firm/brand';
import { ADMIN_ONLY, type FirmCommand, firmDecider } from '../../events/firm/decider';
import { firmStreamId } from '../../events/firm/events';
import {
  brandOf,
  type FirmRow,
  findFirm,
  invitesOf,
  logoOf,
  membersOf,
} from '../../events/firm/firms-read-model';
import { type MembershipCommand, membershipDecider, membershipStreamId } from '../../events/firm/membership';
import type { Db } from '../../platform/database/db';
import { isUniqueViolation } from '../../platform/database/dialect';
import type { Deps } from '../deps';
import { uploadedBy } from '../media/owners';
import { parseMediaUrl, readImageRef } from '../media/stored';
import { firmPlanCovers } from '../payments/record';
import { afterLeavingFirm, planJson, settleFirmBillSoon } from './plan';

export const MAX_FIRM_NAME = 80;
export const FIRM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The slug /f/<slug> shows: the name in lower case, words joined by hyphens, a number after it when taken. */
export function slugOf(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return base || 'firm';
}

async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (await db.selectFrom('firms').select('slug').where('slug', 'like', `${base}%`).execute()).map(
      (row) => row.slug,
    ),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export const firmCommand = (trx: Db, firmId: string, command: FirmCommand, now: Date) =>
  handleCommand(trx, { decider: firmDecider, streamId: firmStreamId(firmId), command, now });
export const membershipCommand = (trx: Db, accountId: string, command: MembershipCommand, now: Date) =>
  handleCommand(trx, { decider: membershipDecider, streamId: membershipStreamId(accountId), command, now });

/** Creates a firm; its creator is its admin and first member (one firm an account: refused if in one already). */
export async function createFirm(
  deps: Pick<Deps, 'db' | 'now' | 'onAppended'>,
  adminId: string,
  name: string,
) {
  const firmId = randomUUID();
  const now = deps.now();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await membershipCommand(trx, adminId, { type: 'StartMembership', accountId: adminId, firmId }, now);
      const slug = await freeSlug(trx, name);
      await firmCommand(trx, firmId, { type: 'CreateFirm', firmId, name, slug, adminId }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DomainError('conflict', 'Another firm took that name just now. Please try again.');
    throw error;
  }
  deps.onAppended();
  const firm = await findFirm(deps.db, firmId);
  if (!firm) throw new Error(`Firm ${firmId} was created but has no row`);
  return firm;
}

/** The firm of `firmId` as `accountId` may see it: any member sees it, anyone else finds nothing. */
export async function firmOfMember(db: Db, firmId: string, accountId: string): Promise<FirmRow> {
  const firm = FIRM_ID.test(firmId) ? await findFirm(db, firmId) : undefined;
  if (!firm || !membersOf(firm).includes(accountId))
    throw new DomainError('not_found', 'We couldn’t find that firm.');
  return firm;
}

/** The firm, when `accountId` is its admin: a member is told only the admin invites, anyone else finds nothing. */
export async function inviteRights(db: Db, firmId: string, accountId: string): Promise<FirmRow> {
  const firm = await firmOfMember(db, firmId, accountId);
  if (firm.admin_id !== accountId) throw new DomainError('forbidden', ADMIN_ONLY);
  return firm;
}

/**
 * A member leaves, or the admin removes one: both the firm's event and the member's own, together, with what the
 * firm's plan meant for their page (issue 32: a trial of their own); then the plan's quantity follows.
 */
export async function endMembership(
  deps: Pick<Deps, 'db' | 'payments' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl'>,
  firmId: string,
  by: string,
  accountId: string,
) {
  const firm = await firmOfMember(deps.db, firmId, by);
  const now = deps.now();
  const mailed = await deps.db.transaction().execute(async (trx) => {
    const wasCovered = await firmPlanCovers(trx, accountId);
    await firmCommand(
      trx,
      firmId,
      by === accountId ? { type: 'LeaveFirm', accountId } : { type: 'RemoveMember', by, accountId },
      now,
    );
    await membershipCommand(trx, accountId, { type: 'EndMembership', accountId, firmId }, now);
    const leaver = { accountId, firmId, firmName: firm.name, removed: by !== accountId, wasCovered };
    return afterLeavingFirm(trx, deps.publicUrl, leaver, now);
  });
  deps.onAppended();
  if (mailed) deps.mailQueued();
  await settleFirmBillSoon(deps, firmId);
}

/**
 * Erasure (ADR 004): the account leaves its firm in the erasing transaction; an admin's role passes on, and a logo
 * it uploaded comes off whichever firm shows it (its file goes with the account's uploads).
 */
export async function leaveFirmOnErasure(trx: Db, accountId: string, now: Date) {
  const logos = await trx.selectFrom('firms').select('firm_id').where('logo_by', '=', accountId).execute();
  for (const { firm_id } of logos)
    await firmCommand(trx, firm_id, { type: 'ForgetUploader', accountId }, now);
  const membership = await trx
    .selectFrom('firm_memberships')
    .select('firm_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!membership) return;
  await firmCommand(trx, membership.firm_id, { type: 'EraseMember', accountId }, now);
  await membershipCommand(
    trx,
    accountId,
    { type: 'EndMembership', accountId, firmId: membership.firm_id },
    now,
  );
}

/** A change only the firm's admin makes: refused as not found for anyone outside the firm. */
async function adminCommand(
  deps: Pick<Deps, 'db' | 'now' | 'onAppended'>,
  firmId: string,
  by: string,
  command: FirmCommand,
) {
  await firmOfMember(deps.db, firmId, by);
  await firmCommand(deps.db, firmId, command, deps.now());
  deps.onAppended();
}

export const handOverAdmin = (
  deps: Pick<Deps, 'db' | 'now' | 'onAppended'>,
  firmId: string,
  by: string,
  to: string,
) => adminCommand(deps, firmId, by, { type: 'HandOverAdmin', by, to });

/** The admin sets the firm's brand and what of it members may not change; every member's page is drawn again. */
export const setBrand = (
  deps: Pick<Deps, 'db' | 'now' | 'onAppended'>,
  firmId: string,
  by: string,
  brand: Brand,
) => adminCommand(deps, firmId, by, { type: 'SetBrand', by, brand });

export const LOGO_NOT_OURS = 'The logo must be a photo uploaded to TradeCard.';
export const LOGO_NOT_YOURS = 'The logo must be a photo you uploaded yourself.';

/**
 * The admin sets the firm's logo: a photo they uploaded (POST /api/business-card/photos), named by its address, as a
 * card names its photos; null takes it off. It heads the firm's page and every member's page names the firm with it.
 */
export async function setLogo(
  deps: Pick<Deps, 'db' | 'now' | 'onAppended'>,
  firmId: string,
  by: string,
  url: string | null,
) {
  // Who may first: anyone but the admin learns nothing of the photo they named.
  await inviteRights(deps.db, firmId, by);
  let logo: ImageRef | null = null;
  if (url !== null) {
    const id = parseMediaUrl(url);
    logo = id ? await readImageRef(deps.db, id) : null;
    if (!logo) throw new DomainError('invalid', LOGO_NOT_OURS);
    // Another account's photo would outlive that account's erasure on the firm's page.
    if (!(await uploadedBy(deps.db, by, logo.id))) throw new DomainError('invalid', LOGO_NOT_YOURS);
  }
  await adminCommand(deps, firmId, by, { type: 'SetLogo', by, logo });
}

/** The admin chooses whose enquiries the firm page's quote requests go to (their own, at first). */
export const directQuotes = (
  deps: Pick<Deps, 'db' | 'now' | 'onAppended'>,
  firmId: string,
  by: string,
  to: string,
) => adminCommand(deps, firmId, by, { type: 'DirectQuotes', by, to });

/** A change's answer: what it did, and the firm as `viewer` now sees it. */
export const firmSavedAnswer = async (db: Db, firmId: string, viewer: string, message: string) => ({
  success: true as const,
  message,
  data: await firmJson(db, await firmOfMember(db, firmId, viewer), viewer),
});

/** The logo as the /firm screen shows it: its address and sizes, as a stored photo answers. */
function logoJson(firm: FirmRow) {
  const logo = logoOf(firm);
  return logo ? { url: largestMediaUrl(logo), media: logo } : null;
}

/** The firm as its members see it: the admin sees the invitations and everyone's page; a member sees who's in it. */
export async function firmJson(db: Db, firm: FirmRow, viewer: string) {
  const ids = membersOf(firm);
  const users = await db
    .selectFrom('users')
    .select(['id', 'name', 'username'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(users.map((user) => [user.id, user]));
  const admin = viewer === firm.admin_id;
  return {
    id: firm.firm_id,
    name: firm.name,
    slug: firm.slug,
    youAreAdmin: admin,
    brand: brandOf(firm),
    logo: logoJson(firm),
    quotesTo: firm.quotes_to ?? firm.admin_id,
    members: ids.flatMap((id) => {
      const user = byId.get(id);
      return user ? [{ id, name: user.name, username: user.username, admin: id === firm.admin_id }] : [];
    }),
    invites: admin
      ? invitesOf(firm).map(({ inviteId, email, expiresAt, used }) => ({
          id: inviteId,
          email,
          expiresAt,
          used,
        }))
      : [],
    plan: await planJson(db, firm, viewer),
  };
}
