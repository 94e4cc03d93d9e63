import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { reservedUntil } from '../../events/account/reserved-usernames';
import { cardDecider } from '../../events/card/decider';
import { cardStreamId } from '../../events/card/events';
import { handleCommand } from '../../events/command';
import { domainDecider } from '../../events/domain/decider';
import { domainStreamId } from '../../events/domain/events';
import { redactAccountEvents } from '../../events/erasure';
import type { Db } from '../../platform/database/db';
import { clearThrottle, eraseLoginThrottlesOf, exportKey } from '../auth/throttle';
import type { Deps } from '../deps';
import { eraseEnquiriesOf } from '../enquiries/erase';
import { leaveFirmOnErasure } from '../firms/firms';
import { accountDeletedMail } from '../mail/account-templates';
import { afterErasure, enqueueMail, forgetMailOf } from '../mail/queue';
import { deleteUnusedMedia, mediaOfAccount } from '../media/erase';
import { eraseUploadsOf } from '../media/owners';
import { retireCardsOf } from '../nfc-cards/retire';
import { ordersOfAccount } from '../orders/orders';
import { endSubscriptionsOf } from '../payments/end-subscriptions';
import { refundUnshippedCardsOf } from '../payments/refund-cards';
import { eraseReviewsOf } from '../reviews/erase';

type Account = { id: string; email: string };

/** The account's secrets and sessions: none is personal data in the log, but each would outlive it. */
async function deleteSecretsOf(trx: Db, account: Account) {
  for (const table of ['credentials', 'sessions', 'verification_codes', 'reset_tokens'] as const)
    await trx.deleteFrom(table).where('account_id', '=', account.id).execute();
  await eraseLoginThrottlesOf(trx, account.email);
  await clearThrottle(trx, exportKey(account.id));
}

/** What the deletion gave back: the card orders refunded with it (this attempt's, or an earlier one's). */
async function refundedWith(trx: Db, accountId: string) {
  const refunded = (await ordersOfAccount(trx, accountId)).filter(
    (order) => order.type === 'card' && order.status === 'refunded',
  );
  return { count: refunded.length, amount: refunded.reduce((sum, order) => sum + order.amount_total, 0) };
}

/**
 * The confirmation (issue 28), queued with `AccountDeleted` after the account's other mail was forgotten, to the
 * address captured before erasure; its row forgets that address once sent.
 */
async function queueFarewell(trx: Db, account: Account, now: Date) {
  const mail = accountDeletedMail({
    deletedAt: now.toISOString(),
    reservedUntil: reservedUntil(now.toISOString()),
    refunded: await refundedWith(trx, account.id),
  });
  await enqueueMail(trx, { to: account.email, ...mail }, now, afterErasure(account.id));
}

/**
 * Erasure (design §2): the account's personal data leaves the log, and every secret and session goes with it. Its
 * unshipped card orders are refunded and its subscriptions end first, so a provider that can't be reached stops the
 * deletion with nothing of ours erased (an order it had called off stays so, and a retry refunds it).
 */
export async function eraseAccount(deps: Deps, account: Account): Promise<void> {
  await refundUnshippedCardsOf(deps, account);
  await endSubscriptionsOf(deps, account.id);
  // Read before erasure redacts them: its cards' photos; the photos customers sent with quote requests join them
  // as their enquiries are erased.
  const photos = await mediaOfAccount(deps.db, account.id);
  await handleCommand(deps.db, {
    decider: accountDecider,
    streamId: accountStreamId(account.id),
    command: { type: 'DeleteAccount' },
    now: deps.now(),
    alsoInTransaction: async (trx) => {
      await handleCommand(trx, {
        decider: cardDecider,
        streamId: cardStreamId(account.id),
        command: { type: 'EraseCard', accountId: account.id },
        now: deps.now(),
      });
      // Its NFC cards open the neutral page from now on; their codes are never given to anyone else.
      await retireCardsOf(trx, account.id, deps.now());
      for (const id of await eraseEnquiriesOf(trx, account.id, deps.now())) photos.add(id);
      for (const id of await eraseReviewsOf(trx, account.id, deps.now())) photos.add(id);
      // Its firm goes on without it: an admin's role passes to the longest-standing member (issue 32).
      await leaveFirmOnErasure(trx, account.id, deps.now());
      // Its own domain is let go: Caddy's question about it answers no from this commit on (issue 31).
      await handleCommand(trx, {
        decider: domainDecider,
        streamId: domainStreamId(account.id),
        command: { type: 'EraseDomain' },
        now: deps.now(),
      });
      await redactAccountEvents(trx, account.id, account.email, deps.now());
      await deleteSecretsOf(trx, account);
      // Queued mail may hold a code or reset link; sent rows still name the person.
      await forgetMailOf(trx, account.email);
      await queueFarewell(trx, account, deps.now());
    },
  });
  deps.onAppended();
  deps.mailQueued();
  await deleteUnusedMedia(deps.db, deps.storage, photos);
  // Every photo the account uploaded goes too, even one another card copied the address of (issue 11, finding 5).
  await eraseUploadsOf(deps.db, deps.storage, account.id);
}
