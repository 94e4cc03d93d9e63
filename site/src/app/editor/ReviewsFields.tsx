import { type Dispatch, memo } from 'react';
import { MAX_REVIEWS } from '../../../../events/card/content';
import type { ReviewRow } from './draft';
import { Field, SelectField } from './Field';
import { Panel } from './Panel';
import { useReorder } from './Reorder';
import type { EditorAction } from './reducer';
import { MAX_RATING, MIN_RATING } from './rows';

type Props = { shown: boolean; reviews: ReviewRow[]; dispatch: Dispatch<EditorAction> };

const RATINGS = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, index) => {
  const stars = MAX_RATING - index;
  return { value: stars, label: stars === 1 ? '1 star' : `${stars} stars` };
});

/** Reviewer, words and stars (1 to 5) per row; rows with neither a name nor a text are dropped when publishing. */
export const ReviewsFields = memo(function ReviewsFields({ shown, reviews, dispatch }: Props) {
  const reorder = useReorder('reviews', reviews, dispatch, 'Review');
  return (
    <Panel
      id="ed-reviews"
      title="Reviews"
      shown={shown}
      onToggle={() => dispatch({ type: 'set', field: 'show_reviews_section', value: !shown })}
    >
      <p className="ed-hint">
        Reviews you type here show on your page as added by you. Reviews from your customers show first, as
        verified: <a href="/enquiries#ask-any-heading">ask a customer for a review</a>.
      </p>
      <ol className="ed-rows">
        {reviews.map((row, index) => (
          <li
            key={row.key}
            className="ed-row ed-row--review"
            {...reorder.rowProps(row, index, `review ${index + 1}`)}
          >
            <Field
              context={`Review ${index + 1}`}
              label="Reviewer name"
              value={row.name}
              maxLength={80}
              onChange={(name) => dispatch({ type: 'updateReview', key: row.key, patch: { name } })}
            />
            <Field
              context={`Review ${index + 1}`}
              label="Review"
              value={row.text}
              multiline
              maxLength={600}
              onChange={(text) => dispatch({ type: 'updateReview', key: row.key, patch: { text } })}
            />
            <SelectField
              context={`Review ${index + 1}`}
              label="Rating"
              value={row.rating}
              options={RATINGS}
              onChange={(rating) =>
                dispatch({ type: 'updateReview', key: row.key, patch: { rating: Number(rating) } })
              }
            />
            {reorder.rowTools(row, index, `review ${index + 1}`, () =>
              dispatch({ type: 'removeReview', key: row.key }),
            )}
          </li>
        ))}
      </ol>
      {reorder.live}
      {reviews.length < MAX_REVIEWS && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => dispatch({ type: 'addReview' })}
        >
          Add review
        </button>
      )}
    </Panel>
  );
});
