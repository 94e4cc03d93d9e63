import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Invitation } from '../../contract/firm';
import { handleCommand, loadState } from '../../events/command';
import { DomainError } from '../../events/errors';
import type { Brand } from '../../events/firm/brand';
import { ADMIN_ONLY, type FirmCommand, firmDecider } from '../../events/firm/decider';
import { firmStreamId, INVITE_DAYS } from '../../events/firm/events';
import { brandOf, type FirmRow, findFirm, invitesOf, membersOf } from '../../events/firm/firms-read-model';
import { type MembershipCommand, membershipDecider, membershipStreamId } from '../../events/firm/membership';
import type { Db } from '../../platform/database/db';
import { isUniqueViolation } from '../../platform/database/dialect';
import type { Deps } from '../deps';
import { firmInviteMail } from '../mail/firm-templates';
import { enqueueMail } from '../mail/queue';

export const MAX_FIRM_NAME = 80;
/** Invitations a firm sends in a day: each is a mail to an address the admin typed. */
export const INVITES_PER_DAY = 50;
export const TOO_MANY_INVITES = `Your firm has sent ${INVITES_PER_DAY} invitations in the last 24 hours, the most we send in a day. Please try again tomorrow.`;
export const INVITE_LINK_UNKNOWN =
  'This invitation link isn’t one we know. Please check it was copied whole.';

const FIRM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
export const joinPath = (token: string) => `/join/${encodeURIComponent(token)}`;

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

const firmCommand = (trx: Db, firmId: string, command: FirmCommand, now: Date) =>
  handleCommand(trx, { decider: firmDecider, streamId: firmStreamId(firmId), command, now });
const membershipCommand = (trx: Db, accountId: string, command: MembershipCommand, now: Date) =>
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

/** Invites someone by email: a single-use link to /join/<token>, mailed in the same transaction as the event. */
export async function inviteMember(
  deps: Pick<Deps, 'db' | 'now' | 'publicUrl' | 'onAppended' | 'mailQueued'>,
  firmId: string,
  by: string,
  invitee: { email: string; name: string | null },
) {
  const firm = await firmOfMember(deps.db, firmId, by);
  const now = deps.now();
  const sent = await deps.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('stream_id', '=', firmStreamId(firmId))
    .where('type', '=', 'MemberInvited')
    .where('occurred_at', '>', new Date(now.getTime() - 86_400_000).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(sent.count) >= INVITES_PER_DAY) throw new DomainError('too_many', TOO_MANY_INVITES);
  const admin = await deps.db.selectFrom('users').select('name').where('id', '=', by).executeTakeFirst();
  const token = `${firmId}.${randomBytes(24).toString('base64url')}`;
  const url = `${deps.publicUrl}${joinPath(token)}`;
  const inviteId = randomUUID();
  await handleCommand(deps.db, {
    decider: firmDecider,
    streamId: firmStreamId(firmId),
    command: {
      type: 'InviteMember',
      by,
      inviteId,
      email: invitee.email,
      name: invitee.name,
      tokenHash: inviteTokenHash(token),
    },
    now,
    alsoInTransaction: async (trx) => {
      const mail = firmInviteMail({
        name: invitee.name,
        firmName: firm.name,
        adminName: admin?.name ?? firm.name,
        url,
        days: INVITE_DAYS,
      });
      await enqueueMail(trx, { to: invitee.email, ...mail }, now, firmStreamId(firmId));
    },
  });
  deps.onAppended();
  deps.mailQueued();
  return { inviteId, url };
}

/** The signed-in account accepts an invitation: a member of the firm, in one transaction with its membership. */
export async function joinFirm(
  deps: Pick<Deps, 'db' | 'now' | 'onAppended'>,
  accountId: string,
  token: string,
) {
  const firmId = token.split('.')[0] ?? '';
  if (!FIRM_ID.test(firmId)) throw new DomainError('not_found', INVITE_LINK_UNKNOWN);
  const user = await deps.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!user) throw new DomainError('not_found', INVITE_LINK_UNKNOWN);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await firmCommand(
      trx,
      firmId,
      { type: 'JoinFirm', accountId, email: user.email, tokenHash: inviteTokenHash(token) },
      now,
    );
    await membershipCommand(trx, accountId, { type: 'StartMembership', accountId, firmId }, now);
  });
  deps.onAppended();
  const firm = await findFirm(deps.db, firmId);
  if (!firm) throw new Error(`Firm ${firmId} has no row`);
  return firm;
}

/**
 * What the invitation's page shows before anyone signs in: the firm, who invited, the address invited and whether the
 * link can still be used. The link is the secret: whoever holds it was sent it, so nothing here is another's.
 */
export async function invitationOf(db: Db, token: string, now: Date): Promise<Invitation> {
  const firmId = token.split('.')[0] ?? '';
  if (!FIRM_ID.test(firmId)) throw new DomainError('not_found', INVITE_LINK_UNKNOWN);
  const state = await loadState(db, firmDecider, firmStreamId(firmId));
  const tokenHash = inviteTokenHash(token);
  const invite =
    state.status === 'active'
      ? Object.values(state.invites).find((candidate) => candidate.tokenHash === tokenHash)
      : undefined;
  if (state.status !== 'active' || !invite) throw new DomainError('not_found', INVITE_LINK_UNKNOWN);
  const admin = await db
    .selectFrom('users')
    .select('name')
    .where('id', '=', state.adminId)
    .executeTakeFirst();
  const status: Invitation['status'] = invite.used
    ? 'used'
    : new Date(invite.expiresAt) <= now
      ? 'expired'
      : 'open';
  return {
    firmName: state.name,
    adminName: admin?.name ?? null,
    email: invite.email,
    expiresAt: invite.expiresAt,
    status,
  };
}

/** A member leaves, or the admin removes one: both the firm's event and the member's own, together. */
export async function endMembership(
  deps: Pick<Deps, 'db' | 'now' | 'onAppended'>,
  firmId: string,
  by: string,
  accountId: string,
) {
  await firmOfMember(deps.db, firmId, by);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await firmCommand(
      trx,
      firmId,
      by === accountId ? { type: 'LeaveFirm', accountId } : { type: 'RemoveMember', by, accountId },
      now,
    );
    await membershipCommand(trx, accountId, { type: 'EndMembership', accountId, firmId }, now);
  });
  deps.onAppended();
}

/** Erasure (ADR 004): the account leaves its firm in the erasing transaction; an admin's role passes on. */
export async function leaveFirmOnErasure(trx: Db, accountId: string, now: Date) {
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

/** The admin chooses whose enquiries the firm page's quote requests go to (their own, at first). */
export const directQuotes = (
  deps: Pick<Deps, 'db' | 'now' | 'onAppended'>,
  firmId: string,
  by: string,
  to: string,
) => adminCommand(deps, firmId, by, { type: 'DirectQuotes', by, to });

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
  };
}
