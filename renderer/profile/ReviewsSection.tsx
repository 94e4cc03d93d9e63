import { hasText, visibleReviews } from '../../events/card/display';
import type { VerifiedReview, VerifiedReviews } from '../../events/review/verified';
import { Collection } from './Collection';
import { Heading } from './Heading';
import { Picture } from './Picture';
import { Stars } from './Stars';
import { type DisplayCard, imageSource } from './view-model';

type Props = {
  card: DisplayCard;
  level: number;
  /** Reviews left by the owner's customers through a review link (issue 30); the editor's preview has none. */
  verified?: VerifiedReviews | null;
  /** Who typed the other reviews: said beside each, so nobody takes them for a customer's own. */
  owner: string;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Verified({ review, owner }: { review: VerifiedReview; owner: string }) {
  const about = [review.displayName, 'Verified customer', review.month, review.job]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      <figure className="tc-cd">
        <Stars rating={review.rating} />
        <blockquote>{review.text}</blockquote>
        <figcaption className="tc-mu">{about}</figcaption>
        {review.photos.length > 0 && (
          <p className="tc-rv-ph">
            {review.photos.map((photo) => (
              <Picture
                key={photo.id}
                image={imageSource(photo)}
                alt={`Photo of the finished job, from ${review.displayName}`}
                sizes="8rem"
              />
            ))}
          </p>
        )}
        {review.reply && (
          <p className="tc-rv-re">
            <strong>Reply from {owner}:</strong> {review.reply}
          </p>
        )}
      </figure>
    </li>
  );
}

/**
 * Verified customers first, with what makes them so (issue 30); then the reviews the owner typed, each saying so.
 * The sum heads the section when there is one; reviews support removed are counted, never dropped silently.
 */
export function ReviewsSection({ card, level, verified, owner }: Props) {
  const typed = visibleReviews(card);
  const count = verified?.count ?? 0;
  const removed = verified?.removedBySupport ?? 0;
  return (
    <section className="tc-s" aria-labelledby="tc-reviews">
      <Heading level={level} id="tc-reviews">
        Reviews
      </Heading>
      {count > 0 && (
        <p className="tc-rv-sum">
          {verified?.average.toFixed(1)} <span aria-hidden="true">★</span>
          <span className="sr"> out of 5</span> from{' '}
          {plural(count, 'verified customer', 'verified customers')}
        </p>
      )}
      <Collection mode={card.reviews_display_mode} label="Reviews">
        {verified?.shown.map((review, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: reviews on the page carry no id; the list is redrawn whole
          <Verified key={`v${index}`} review={review} owner={owner} />
        ))}
        {typed.map((review, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and may repeat; the list is redrawn whole
          <li key={`${index}-${review.name}`}>
            <figure className="tc-cd">
              {review.rating > 0 && <Stars rating={review.rating} />}
              {hasText(review.text) && <blockquote>{review.text.trim()}</blockquote>}
              <figcaption className="tc-mu">
                {[review.name.trim(), `added by ${owner}`].filter(Boolean).join(' · ')}
              </figcaption>
            </figure>
          </li>
        ))}
      </Collection>
      {removed > 0 && (
        <p className="tc-mu">
          {plural(removed, 'review was', 'reviews were')} removed by support for breaking our rules.
        </p>
      )}
    </section>
  );
}
