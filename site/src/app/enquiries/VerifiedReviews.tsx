import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { Review } from '../../../../contract/review';
import { toast } from '../../stores/toasts';
import { formatDate } from '../orders/format';
import { queryKeys } from '../queries';
import { replyToReview, reportReview, reviewProgress, reviewsTally, useReviews } from './reviews';

// The API's own limits (api/routes/reviews.ts MAX_REPLY, MAX_REPORT_REASON): the field stops where the server would.
const MAX_REPLY = 600;
const MAX_REPORT_REASON = 500;

/** The review as the answer left it, in the cached list, so the card changes without loading the list again. */
function useReviewChange(action: (text: string) => ReturnType<typeof replyToReview>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (answer) => {
      client.setQueryData<Review[]>(queryKeys.reviews, (list) =>
        list?.map((each) => (each.id === answer.data.id ? answer.data : each)),
      );
      toast.success(answer.message);
    },
    onError: (error) => toast.error(error.message),
  });
}

/** One public reply, shown under the review on the page; once posted it stays as written. */
function ReplyForm({ review }: { review: Review }) {
  const id = useId();
  const reply = useReviewChange((text) => replyToReview(review.id, text));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reply.mutate(String(new FormData(event.currentTarget).get('reply') ?? ''));
  };
  return (
    <form className="form review-card__form" onSubmit={submit}>
      <label htmlFor={id}>Your public reply (one only, shown under the review)</label>
      <textarea id={id} name="reply" rows={3} maxLength={MAX_REPLY} required />
      <div>
        <button type="submit" className="button" disabled={reply.isPending}>
          {reply.isPending ? 'Posting…' : 'Post reply'}
        </button>
      </div>
    </form>
  );
}

/** A review the owner believes breaks the rules goes to support with a reason; support may remove it. */
function ReportForm({ review }: { review: Review }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const report = useReviewChange((reason) => reportReview(review.id, reason));
  if (!open)
    return (
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        Report to support
      </button>
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    report.mutate(String(new FormData(event.currentTarget).get('reason') ?? ''));
  };
  return (
    <form className="form review-card__form" onSubmit={submit}>
      <label htmlFor={id}>Why should support look at it?</label>
      <textarea id={id} name="reason" rows={2} maxLength={MAX_REPORT_REASON} required />
      <p className="review-card__note">
        It stays on your page while support looks. Support removes abuse, not a fair review you disagree with,
        and your page says when one was removed.
      </p>
      <div className="review-card__buttons">
        <button type="submit" className="button" disabled={report.isPending}>
          {report.isPending ? 'Sending…' : 'Send report'}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

function ReviewCard({ review }: { review: Review }) {
  const titleId = useId();
  let body: ReactNode = null;
  if (review.status !== 'requested' && review.rating !== null)
    body = (
      <>
        <p className="review-card__stars" role="img" aria-label={`${review.rating} out of 5 stars`}>
          {stars(review.rating)}
        </p>
        <blockquote className="review-card__text">{review.text}</blockquote>
        <p className="review-card__by">— {review.displayName}</p>
        {review.reply !== null && (
          <p className="review-card__reply">
            <strong>Your reply:</strong> {review.reply}
          </p>
        )}
      </>
    );
  return (
    <article className="card review-card" aria-labelledby={titleId}>
      <header>
        <h3 id={titleId}>Review from {review.customerName}</h3>
        <p className="review-card__when">
          {review.job ? `${review.job} · ` : ''}
          {reviewProgress(review)}
        </p>
      </header>
      {body}
      {review.status === 'received' && (
        <div className="review-card__actions">
          {review.reply === null && <ReplyForm review={review} />}
          {review.reportedAt === null ? (
            <ReportForm review={review} />
          ) : (
            <p className="review-card__note">Reported to support {formatDate(review.reportedAt)}.</p>
          )}
        </div>
      )}
    </article>
  );
}

/**
 * Issue 30: the reviews the owner asked for (requests sent, reviews received), each received one with its one public
 * reply and a report to support. The words and stars are the customer's: there is nothing here to edit them with.
 */
export function VerifiedReviews() {
  const reviews = useReviews();
  let body: ReactNode;
  if (reviews.isPending) body = <p>Loading your reviews…</p>;
  else if (reviews.isError)
    body = (
      <p className="form__problem" role="alert">
        {reviews.error.message}
      </p>
    );
  else if (reviews.data.length === 0)
    body = <p>None yet. Ask a customer above, or from one of your enquiries once the job is done.</p>;
  else
    body = (
      <>
        <p className="review-card__tally">{reviewsTally(reviews.data)}</p>
        <ul className="enquiries__list">
          {reviews.data.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <section className="verified-reviews" aria-labelledby="verified-reviews-heading">
      <h2 id="verified-reviews-heading">Verified reviews</h2>
      {body}
    </section>
  );
}
