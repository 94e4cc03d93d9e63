import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId } from 'react';
import type { AdminReview } from '../../../../contract/review';
import { toast } from '../../stores/toasts';
import { formatDateTime } from '../orders/format';
import { Badge, Loading } from '../orders/ui';
import { REPORTED_REVIEWS, removeReview, useReportedReviews } from './api';

// The API's own limit on a removal's reason (api/routes/reviews.ts MAX_REPORT_REASON).
const MAX_REASON = 500;

/** Support's removal, with the reason the owner is told; the page then counts it as removed by support. */
function RemoveForm({ review }: { review: AdminReview }) {
  const id = useId();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (reason: string) => removeReview(review.id, reason),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await client.invalidateQueries({ queryKey: REPORTED_REVIEWS });
    },
    onError: (error) => toast.error(error.message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    remove.mutate(String(new FormData(event.currentTarget).get('reason') ?? ''));
  };
  return (
    <form className="form admin-review__form" onSubmit={submit}>
      <label htmlFor={id}>Reason for removing it (the owner sees it)</label>
      <textarea id={id} name="reason" rows={2} maxLength={MAX_REASON} required />
      <div>
        <button type="submit" className="button" disabled={remove.isPending}>
          {remove.isPending ? 'Removing…' : 'Remove review'}
        </button>
      </div>
    </form>
  );
}

function ReportedReview({ review }: { review: AdminReview }) {
  const titleId = useId();
  return (
    <article className="card admin-review" aria-labelledby={titleId}>
      <div className="order__head">
        <h3 className="order__title" id={titleId}>
          {review.displayName ?? review.customerName}: {review.rating ?? '—'} of 5 stars
        </h3>
        {review.status === 'removed' ? (
          <Badge tone="red">Removed</Badge>
        ) : (
          <Badge tone="orange">On the page</Badge>
        )}
      </div>
      <blockquote className="admin-review__text">{review.text}</blockquote>
      {review.reply !== null && <p className="admin-review__text">Owner’s reply: {review.reply}</p>}
      <p>
        <strong>Reported {formatDateTime(review.reportedAt)}:</strong> {review.reportReason}
      </p>
      {review.pageUrl && (
        <p>
          <a href={review.pageUrl} target="_blank" rel="noopener">
            See it on the page
          </a>
        </p>
      )}
      {review.status === 'removed' ? (
        <p>
          Removed {formatDateTime(review.removedAt)}: {review.removedReason}
        </p>
      ) : (
        <RemoveForm review={review} />
      )}
    </article>
  );
}

/**
 * Issue 30: reviews owners reported. Support removes abuse (not a fair review the owner dislikes); nothing goes
 * silently: the page counts what support removed.
 */
export function ReportedReviews() {
  const reviews = useReportedReviews();
  let body: ReactNode;
  if (reviews.isPending) body = <Loading>Loading reported reviews…</Loading>;
  else if (reviews.isError)
    body = (
      <p className="form__problem" role="alert">
        {reviews.error.message}
      </p>
    );
  else if (reviews.data.length === 0) body = <p className="card">No reviews reported.</p>;
  else
    body = (
      <ul className="orders__list">
        {reviews.data.map((review) => (
          <li key={review.id}>
            <ReportedReview review={review} />
          </li>
        ))}
      </ul>
    );
  return (
    <section className="admin-reviews" aria-labelledby="reported-reviews-title">
      <h2 className="orders__heading" id="reported-reviews-title">
        Reported reviews
      </h2>
      {body}
    </section>
  );
}
