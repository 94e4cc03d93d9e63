import type { Db } from '../../platform/database/db';
import { REVIEW_STREAM_PREFIX } from './events';
import { reviewPhotosOf } from './reviews-read-model';
import { clipText, REVIEWS_ON_THE_PAGE, type VerifiedReviews } from './verified';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The account's verified reviews as its page shows them; null when it has none and none were removed. */
export async function verifiedReviewsOf(db: Db, accountId: string): Promise<VerifiedReviews | null> {
  const totals = await db
    .selectFrom('reviews')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('rating').as('stars')])
    .where('account_id', '=', accountId)
    .where('status', 'in', ['received', 'removed'])
    .groupBy('status')
    .execute();
  const received = totals.find((row) => row.status === 'received');
  const removed = totals.find((row) => row.status === 'removed');
  const count = Number(received?.count ?? 0);
  const removedBySupport = Number(removed?.count ?? 0);
  if (count === 0 && removedBySupport === 0) return null;
  const rows = await db
    .selectFrom('reviews')
    .select(['rating', 'text', 'display_name', 'received_at', 'job', 'photos', 'reply'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'received')
    .orderBy('received_at', 'desc')
    .orderBy('review_id')
    .limit(REVIEWS_ON_THE_PAGE)
    .execute();
  return {
    shown: rows.map((row) => ({
      rating: row.rating ?? 0,
      text: clipText(row.text ?? ''),
      displayName: row.display_name ?? '',
      month: MONTH.format(new Date(row.received_at ?? 0)),
      job: row.job,
      photos: reviewPhotosOf(row),
      reply: row.reply === null ? null : clipText(row.reply),
    })),
    count,
    // One decimal, as review sites show it.
    average: count === 0 ? 0 : Math.round((Number(received?.stars ?? 0) / count) * 10) / 10,
    removedBySupport,
  };
}

/** Review events that change what a page shows: a request or a report to support doesn't. */
const SHOWN_ON_THE_PAGE = new Set(['ReviewReceived', 'ReviewReplied', 'ReviewRemoved', 'ReviewErased']);
export const changesThePage = (event: { streamId: string; type: string }) =>
  event.streamId.startsWith(REVIEW_STREAM_PREFIX) && SHOWN_ON_THE_PAGE.has(event.type);

/**
 * The accounts whose pages show these review streams, from each stream's request (erasure keeps its `accountId`),
 * so the projector renders the page a review changed, whatever has happened to the read model's row since.
 */
export async function ownersOfReviews(db: Db, streamIds: string[]): Promise<Set<string>> {
  const owners = new Set<string>();
  for (let start = 0; start < streamIds.length; start += 500) {
    const rows = await db
      .selectFrom('events')
      .select('data')
      .where('stream_id', 'in', streamIds.slice(start, start + 500))
      .where('type', '=', 'ReviewRequested')
      .execute();
    for (const row of rows) owners.add((JSON.parse(row.data) as { accountId: string }).accountId);
  }
  return owners;
}

/** An owner's reviews over `[from, to)` (ISO times): how many were asked for and how many customers left one. */
export async function reviewWeek(db: Db, accountId: string, from: string, to: string) {
  const count = async (column: 'requested_at' | 'received_at') =>
    Number(
      (
        await db
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('account_id', '=', accountId)
          .where(column, '>=', from)
          .where(column, '<', to)
          .executeTakeFirstOrThrow()
      ).count,
    );
  return { requested: await count('requested_at'), received: await count('received_at') };
}
