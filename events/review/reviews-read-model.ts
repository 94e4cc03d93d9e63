import type { Db } from '../../platform/database/db';
import type { ReviewsTable } from '../../platform/database/schema';
import type { ImageRef } from '../card/content';
import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';
import { evolve as evolveReview, initialState as initialReview, type ReviewState } from './decider';
import { REVIEW_STREAM_PREFIX, type ReviewEvent } from './events';

type Extra = {
  reply: string | null;
  repliedAt: string | null;
  reportedAt: string | null;
  reportReason: string | null;
  removedAt: string | null;
  removedReason: string | null;
};
type ReviewsState = { review: ReviewState } & Extra;

const noExtra: Extra = {
  reply: null,
  repliedAt: null,
  reportedAt: null,
  reportReason: null,
  removedAt: null,
  removedReason: null,
};

/** What the decider doesn't need to decide but the owner, the page and support read. */
function evolveExtra(extra: Extra, event: ReviewEvent): Extra {
  switch (event.type) {
    case 'ReviewReplied':
      return { ...extra, reply: event.data.reply, repliedAt: event.data.repliedAt };
    case 'ReviewReported':
      return { ...extra, reportedAt: event.data.reportedAt, reportReason: event.data.reason };
    case 'ReviewRemoved':
      return { ...extra, removedAt: event.data.removedAt, removedReason: event.data.reason };
    default:
      return extra;
  }
}

/** Each review asked for, by its id, for the owner's page, /enquiries and the customer's link; erased: no row. */
export const reviewsReadModel: ReadModel<ReviewsState> = {
  table: 'reviews',
  keyColumn: 'review_id',
  owns: (streamId) => streamId.startsWith(REVIEW_STREAM_PREFIX),
  keyOf: (streamId) => streamId.slice(REVIEW_STREAM_PREFIX.length),
  initialState: () => ({ review: initialReview(), ...noExtra }),
  evolve: ({ review, ...extra }, event: ProjectedEvent) => ({
    review: evolveReview(review, event as ReviewEvent),
    ...evolveExtra(extra, event as ReviewEvent),
  }),
  toRow: ({ review: state, ...extra }): ReviewsTable | null => {
    if (!('request' in state)) return null;
    const { request } = state;
    const review = 'review' in state ? state.review : null;
    return {
      review_id: request.reviewId,
      account_id: request.accountId,
      customer_name: request.customerName,
      email: request.email,
      enquiry_id: request.enquiryId,
      job: request.job,
      token_hash: request.tokenHash,
      status: state.status,
      requested_at: request.requestedAt,
      expires_at: request.expiresAt,
      rating: review?.rating ?? null,
      text: review?.text ?? null,
      display_name: review?.displayName ?? null,
      photos: JSON.stringify(review?.photos ?? []),
      received_at: review?.receivedAt ?? null,
      reply: extra.reply,
      replied_at: extra.repliedAt,
      reported_at: extra.reportedAt,
      report_reason: extra.reportReason,
      removed_at: extra.removedAt,
      removed_reason: extra.removedReason,
    };
  },
};

export type ReviewRow = ReviewsTable;

export const reviewPhotosOf = (row: Pick<ReviewRow, 'photos'>) => JSON.parse(row.photos) as ImageRef[];

/** An account's reviews asked for, newest first. */
export const reviewsOfAccount = (db: Db, accountId: string) =>
  db
    .selectFrom('reviews')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('requested_at', 'desc')
    .orderBy('review_id')
    .execute();

export const findReviewByToken = (db: Db, tokenHash: string) =>
  db.selectFrom('reviews').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

export const findReview = (db: Db, reviewId: string) =>
  db.selectFrom('reviews').selectAll().where('review_id', '=', reviewId).executeTakeFirst();

/** Photos that reviews show, by id: the media sweep keeps them (as enquiryPhotos does for enquiries). */
export async function reviewPhotos(db: Db): Promise<Map<string, ImageRef>> {
  const rows = await db.selectFrom('reviews').select('photos').where('photos', '!=', '[]').execute();
  const photos = new Map<string, ImageRef>();
  for (const row of rows) for (const photo of reviewPhotosOf(row)) photos.set(photo.id, photo);
  return photos;
}

/** Whether the customer of this enquiry has left a review already (one review a customer). */
export const reviewedEnquiry = async (db: Db, enquiryId: string) =>
  (await db
    .selectFrom('reviews')
    .select('review_id')
    .where('enquiry_id', '=', enquiryId)
    .where('status', '!=', 'requested')
    .executeTakeFirst()) !== undefined;
