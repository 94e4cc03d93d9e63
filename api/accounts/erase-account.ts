import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { cardDecider } from '../../events/card/decider';
import { cardStreamId } from '../../events/card/events';
import { handleCommand } from '../../events/command';
import { redactAccountEvents } from '../../events/erasure';
import type { Db } from '../../platform/database/db';
import { clearThrottle, eraseLoginThrottlesOf, exportKey } from '../auth/throttle';
import type { Deps } from '../deps';
import { eraseEnquiriesOf } from '../enquiries/erase';
import { forgetMailOf } from '../mail/queue';
import { deleteUnusedMedia, mediaOfAccount } from '../media/erase';
import { eraseUploadsOf } from '../media/owners';
import { retireCardsOf } from '../nfc-cards/retire';
import { endSubscriptionsOf } from '../payments/end-subscriptions';

type Account = { id: string; email: string };

/** The account's secrets and sessions: none is personal data in the log, but each would outlive it. */
async function deleteSecretsOf(trx: Db, account: Account) {
  for (const table of ['credentials', 'sessions', 'verification_codes', 'reset_tokens'] as const)
    await trx.deleteFrom(table).where('account_id', '=', account.id).execute();
  await eraseLoginThrottlesOf(trx, account.email);
  await clearThrottle(trx, exportKey(account.id));
}

/**
 * Erasure (design §2): the account's personal data leaves the log, and every secret and session goes with it. Its
 * subscriptions end first, so a provider that can't be reached stops the deletion with nothing of ours erased.
 */
export async function eraseAccount(deps: Deps, account: Account): Promise<void> {
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
      await redactAccountEvents(trx, account.id, account.email, deps.now());
      await deleteSecretsOf(trx, account);
      // Queued mail may hold a code or reset link; sent rows still name the person.
      await forgetMailOf(trx, account.email);
    },
  });
  deps.onAppended();
  await deleteUnusedMedia(deps.db, deps.storage, photos);
  // Every photo the account uploaded goes too, even one another card copied the address of (issue 11, finding 5).
  await eraseUploadsOf(deps.db, deps.storage, account.id);
}
