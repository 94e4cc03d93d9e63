import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import type { Db } from '../../platform/database/db';
import { findUserById, type UserRow } from '../accounts/users';
import { type OwnTrialReason, ownTrialMail } from '../mail/firm-templates';
import { siteLinks } from '../mail/site-links';

/**
 * Issue 32: a page the firm's plan kept live, whose owner has left the firm or whose firm's plan has lapsed, stays
 * live on 14 days of trial of its own (unless a plan of the owner's own keeps it live). Run in the transaction that
 * recorded the change, after the account's access was recorded; the owner and the trial's end, when one was started.
 */
export async function startOwnTrial(trx: Db, accountId: string, firmId: string, now: Date) {
  const user = await findUserById(trx, accountId);
  if (!user || user.is_subscribed === 1) return null;
  const { events } = await handleCommand(trx, {
    decider: accountDecider,
    streamId: accountStreamId(accountId),
    command: { type: 'StartLeaverGrace', firmId },
    now,
  });
  const grace = events.find((event) => event.type === 'LeaverGraceStarted');
  return grace ? { user, endsAt: grace.data.trialExpires } : null;
}

/** The mail that says so, to the page's owner. */
export const ownTrialMailTo = (
  publicUrl: string,
  user: Pick<UserRow, 'name' | 'email' | 'username'>,
  firmName: string,
  reason: OwnTrialReason,
  endsAt: string,
) => {
  const links = siteLinks(publicUrl);
  const mail = ownTrialMail({
    name: user.name,
    firmName,
    reason,
    endsAt,
    pageUrl: links.page(user.username),
    subscribeUrl: links.subscribe,
  });
  return { to: user.email, ...mail };
};
