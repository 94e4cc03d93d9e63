import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Invitation } from '../../contract/firm';
import { handleCommand, loadState } from '../../events/command';
import { DomainError } from '../../events/errors';
import { firmDecider } from '../../events/firm/decider';
import { firmStreamId, INVITE_DAYS } from '../../events/firm/events';
import { findFirm } from '../../events/firm/firms-read-model';
import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import { firmInviteMail } from '../mail/firm-templates';
import { enqueueMail } from '../mail/queue';
import { recordAccess } from '../payments/record';
import { FIRM_ID, firmCommand, firmOfMember, membershipCommand } from './firms';
import { settleFirmBillSoon } from './plan';

/** Invitations a firm sends in a day: each is a mail to an address the admin typed. */
export const INVITES_PER_DAY = 50;
export const TOO_MANY_INVITES = `Your firm has sent ${INVITES_PER_DAY} invitations in the last 24 hours, the most we send in a day. Please try again tomorrow.`;
export const INVITE_LINK_UNKNOWN =
  'This invitation link isn’t one we know. Please check it was copied whole.';

export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
export const joinPath = (token: string) => `/join/${encodeURIComponent(token)}`;

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
  deps: Pick<Deps, 'db' | 'payments' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl'>,
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
    // Issue 32: from now on the firm's plan, when it has one, keeps the member's page live.
    await recordAccess(trx, accountId, now);
  });
  deps.onAppended();
  await settleFirmBillSoon(deps, firmId);
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
