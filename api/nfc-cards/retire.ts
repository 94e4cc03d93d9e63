import { handleCommand } from '../../events/command';
import { nfcCardDecider } from '../../events/nfc-card/decider';
import { nfcCardStreamId } from '../../events/nfc-card/events';
import type { Db } from '../../platform/database/db';

/** Erasure (ADR 004, issue 16): every card of a deleted account stops leading anywhere of its owner's, for good. */
export async function retireCardsOf(trx: Db, accountId: string, now: Date): Promise<void> {
  const cards = await trx
    .selectFrom('nfc_cards')
    .select('code')
    .where('account_id', '=', accountId)
    .where('status', '!=', 'retired')
    .orderBy('issued_at')
    .orderBy('code')
    .execute();
  for (const { code } of cards)
    await handleCommand(trx, {
      decider: nfcCardDecider,
      streamId: nfcCardStreamId(code),
      command: { type: 'RetireNfcCard' },
      now,
    });
}
