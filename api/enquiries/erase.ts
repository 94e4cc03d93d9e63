import { handleCommand } from '../../events/command';
import { enquiryDecider } from '../../events/enquiry/decider';
import { type EnquiryRow, photosOf } from '../../events/enquiry/enquiries-read-model';
import { enquiryStreamId } from '../../events/enquiry/events';
import { redactStream } from '../../events/erasure';
import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import { forgetMailAbout } from '../mail/queue';
import { deleteUnusedMedia } from '../media/erase';

/**
 * Erasure (ADR 004, issue 17): every enquiry a deleted account received goes with it; its details are redacted from
 * the log in the same transaction (events/erasure.ts). Returns their photos, read in that transaction (so one sent
 * a moment before is among them), for the caller to delete once it commits.
 */
export async function eraseEnquiriesOf(trx: Db, accountId: string, now: Date): Promise<Set<string>> {
  const enquiries = await trx
    .selectFrom('enquiries')
    .select(['enquiry_id', 'photos'])
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
  return new Set(enquiries.flatMap((row) => photosOf(row).map((photo) => photo.id)));
}

/**
 * The owner deletes one enquiry (spam that got through, or a customer asking to be forgotten): in one transaction
 * its event, what the customer wrote redacted from the log, and the owner's mail about it, queued or sent, with its
 * photos; then the photos' files, unless a card or another enquiry shows the same picture.
 */
export async function deleteEnquiry(deps: Deps, enquiry: EnquiryRow, by: string): Promise<void> {
  const streamId = enquiryStreamId(enquiry.enquiry_id);
  await handleCommand(deps.db, {
    decider: enquiryDecider,
    streamId,
    command: { type: 'DeleteEnquiry', by },
    now: deps.now(),
    alsoInTransaction: async (trx) => {
      await redactStream(trx, streamId);
      await forgetMailAbout(trx, streamId);
    },
  });
  await deleteUnusedMedia(deps.db, deps.storage, new Set(photosOf(enquiry).map((photo) => photo.id)));
}
