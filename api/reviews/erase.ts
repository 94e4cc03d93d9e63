import { handleCommand } from '../../events/command';
import { reviewDecider } from '../../events/review/decider';
import { reviewStreamId } from '../../events/review/events';
import { reviewPhotosOf } from '../../events/review/reviews-read-model';
import type { Db } from '../../platform/database/db';

/**
 * Erasure (ADR 004, issue 30): every review a deleted account asked for or received goes with it, redacted from the
 * log in the same transaction (events/erasure.ts). Returns their photos, read in that transaction, for the caller to
 * delete once it commits.
 */
export async function eraseReviewsOf(trx: Db, accountId: string, now: Date): Promise<Set<string>> {
  const reviews = await trx
    .selectFrom('reviews')
    .select(['review_id', 'photos'])
    .where('account_id', '=', accountId)
    .orderBy('requested_at')
    .orderBy('review_id')
    .execute();
  for (const { review_id } of reviews)
    await handleCommand(trx, {
      decider: reviewDecider,
      streamId: reviewStreamId(review_id),
      command: { type: 'EraseReview' },
      now,
    });
  return new Set(reviews.flatMap((row) => reviewPhotosOf(row).map((photo) => photo.id)));
}
