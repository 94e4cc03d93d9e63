import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import { SUBSCRIPTION_AMOUNT } from '../../events/order/pricing';
import type { Db } from '../../platform/database/db';
import { trialStartedMail } from '../mail/account-templates';
import { enqueueMail } from '../mail/queue';
import { siteLinks } from '../mail/site-links';
import { findUserById } from './users';

/**
 * Starts the account's one free trial without a checkout (SPEC §4: at the first publish, or POST /api/trial/start),
 * and queues the mail saying so in the same transaction (issue 28). `TrialStarted` is appended once per account, so
 * the mail goes once; a replay, which runs no commands, sends nothing. Nudge the sender after the commit.
 */
export async function startTrial(db: Db, publicUrl: string, accountId: string, now: Date) {
  const { state } = await handleCommand(db, {
    decider: accountDecider,
    streamId: accountStreamId(accountId),
    command: { type: 'StartTrial' },
    now,
    alsoInTransaction: async (trx) => {
      // The users row as the command left it, in this transaction.
      const user = await findUserById(trx, accountId);
      if (!user?.trial_expires) return;
      const mail = trialStartedMail({
        name: user.name,
        endsAt: user.trial_expires,
        pageUrl: siteLinks(publicUrl).page(user.username),
        amount: SUBSCRIPTION_AMOUNT,
      });
      await enqueueMail(trx, { to: user.email, ...mail }, now);
    },
  });
  return state;
}
