import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { shownContent } from '../../events/card/shown';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { findShownCardContent } from '../../events/firm/branded-card';
import { reviewDecider } from '../../events/review/decider';
import { REVIEW_LINK_DAYS, reviewStreamId } from '../../events/review/events';
import { reviewFormPath } from '../../renderer/pages/review-pages';
import { displayName } from '../../renderer/profile/view-model';
import { findUserById } from '../accounts/users';
import { SESSION_EXPIRED } from '../auth/require-user';
import type { Deps } from '../deps';
import { enqueueMail } from '../mail/queue';
import { reviewRequestMail, reviewRequestMessage } from '../mail/review-templates';

/**
 * Review links an owner may make in 24 hours: more customers than a sole trader finishes jobs for in a busy week,
 * and few enough that the product's mail can't be turned into a way to reach strangers.
 */
export const REVIEW_REQUESTS_PER_DAY = 30;
export const TOO_MANY_REVIEW_REQUESTS = `You’ve asked ${REVIEW_REQUESTS_PER_DAY} customers for a review in the last 24 hours, the most we send in a day. Please try again tomorrow.`;

export const VERIFY_BEFORE_ASKING =
  'Please verify your email address before asking customers for reviews: we send the requests in your name.';

/** Who is asking, as the customer will read it on the page; only an owner whose address is proved may ask. */
export async function askingOwner(deps: Pick<Deps, 'db'>, accountId: string) {
  const user = await findUserById(deps.db, accountId);
  if (!user) throw new DomainError('unauthorised', SESSION_EXPIRED);
  if (user.is_verified !== 1) throw new DomainError('forbidden', VERIFY_BEFORE_ASKING);
  // The name the customer knows from the page (its business name, say), not the account's own.
  const content = await findShownCardContent(deps.db, accountId);
  const ownerName = content ? displayName(shownContent(content), user.username) : user.name;
  return { accountId, username: user.username, ownerName };
}

/** The link's secret: in the customer's link only; the log and the table keep its hash. */
export const reviewTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export type ReviewAsk = Awaited<ReturnType<typeof askingOwner>> & {
  customerName: string;
  email: string | null;
  enquiryId: string | null;
  job: string | null;
};

export type ReviewLink = { reviewId: string; url: string; message: string; mailed: boolean };

/**
 * A single-use review link for one customer, in one transaction: the owner's day's requests counted, the request's
 * event, and the customer's mail queued when there is an address to send it to (the model: api/enquiries/record.ts).
 * The message is what the owner sends it with on WhatsApp or by text.
 */
export async function requestReview(
  deps: Pick<Deps, 'db' | 'publicUrl'>,
  ask: ReviewAsk,
  now: Date,
): Promise<ReviewLink> {
  const reviewId = randomUUID();
  const token = randomBytes(24).toString('base64url');
  const url = `${deps.publicUrl}${reviewFormPath(ask.username, token)}`;
  const streamId = reviewStreamId(reviewId);
  await deps.db.transaction().execute(async (trx) => {
    const since = new Date(now.getTime() - 86_400_000).toISOString();
    const recent = await trx
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_id', '=', ask.accountId)
      .where('requested_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= REVIEW_REQUESTS_PER_DAY)
      throw new DomainError('too_many', TOO_MANY_REVIEW_REQUESTS);
    await handleCommand(trx, {
      decider: reviewDecider,
      streamId,
      command: {
        type: 'RequestReview',
        reviewId,
        accountId: ask.accountId,
        customerName: ask.customerName,
        email: ask.email,
        enquiryId: ask.enquiryId,
        job: ask.job,
        tokenHash: reviewTokenHash(token),
      },
      now,
      alsoInTransaction: async (inner) => {
        if (!ask.email) return;
        const mail = reviewRequestMail({
          ownerName: ask.ownerName,
          customerName: ask.customerName,
          job: ask.job,
          url,
          days: REVIEW_LINK_DAYS,
        });
        await enqueueMail(inner, { to: ask.email, ...mail }, now, streamId);
      },
    });
  });
  return {
    reviewId,
    url,
    message: reviewRequestMessage({ ownerName: ask.ownerName, customerName: ask.customerName, url }),
    mailed: ask.email !== null,
  };
}
