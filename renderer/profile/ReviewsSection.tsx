import { hasText, visibleReviews } from '../../events/card/display';
import { Collection } from './Collection';
import { Heading } from './Heading';
import { Stars } from './Stars';
import type { DisplayCard } from './view-model';

type Props = { card: DisplayCard; level: number };

export function ReviewsSection({ card, level }: Props) {
  return (
    <section className="tc-s" aria-labelledby="tc-reviews">
      <Heading level={level} id="tc-reviews">
        Reviews
      </Heading>
      <Collection mode={card.reviews_display_mode} label="Reviews">
        {visibleReviews(card).map((review, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and may repeat; the list is redrawn whole
          <li key={`${index}-${review.name}`}>
            <figure className="tc-cd">
              {review.rating > 0 && <Stars rating={review.rating} />}
              {hasText(review.text) && <blockquote>{review.text.trim()}</blockquote>}
              {hasText(review.name) && <figcaption className="tc-mu">{review.name}</figcaption>}
            </figure>
          </li>
        ))}
      </Collection>
    </section>
  );
}
