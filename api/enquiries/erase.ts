import { handleCommand } from '../../events/command';
import type { Db } from '../../events/db';
import { enquiryDecider } from '../../events/enquiry/decider';
import { enquiryStreamId } from '../../events/enquiry/events';

/**
 * Erasure (ADR 004, issue 17): every enquiry a deleted account received goes with it; its details are redacted from
 * the log in the same transaction (events/erasure.ts) and its photos deleted once that commits.
 */
export async function eraseEnquiriesOf(trx: Db, accountId: string, now: Date): Promise<void> {
  const enquiries = await trx
    .selectFrom('enquiries')
    .select('enquiry_id')
    .where('account_id', '=', accountId)
    .orderBy('received_at')
    .orderBy('enquiry_id')
    .execute();
  for (const { enquiry_id } of enquiries)
    await handleCommand(trx, {
      decider: enquiryDecider,
      streamId: enquiryStreamId(enquiry_id),
      command: { type: 'EraseEnquiry' },
      now,
    });
}
