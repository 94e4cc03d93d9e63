import type { ReactNode } from 'react';
import {
  MAX_DISPLAY_NAME,
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_TEXT,
  type ReviewField,
  type ReviewFormValues,
} from '../../events/review/input';
import { pagePath } from '../profile/QuoteLink';
import { renderDocument } from './Document';
import { nameOf, type PageInput, QuoteDocument, renderMessagePage } from './form-frame';

/**
 * Issue 30: the page a customer leaves a review on, at the single-use link the owner sent them, and the pages
 * around it. As the quote form: drawn per request in the owner's colours, no script, posting to its own address.
 */

/** The customer's link, as a path: both parts encoded, as every path built from a stored name is. */
export const reviewFormPath = (username: string, token: string) =>
  `${pagePath(username)}/review/${encodeURIComponent(token)}`;

const RATINGS: [number, string][] = [
  [5, 'Excellent'],
  [4, 'Good'],
  [3, 'OK'],
  [2, 'Poor'],
  [1, 'Bad'],
];

const FIELD_IDS: Record<ReviewField, string> = {
  rating: 'r-rating-5',
  text: 'r-text',
  displayName: 'r-name',
  consent: 'r-consent',
};
const ERROR_ORDER: ReviewField[] = ['rating', 'text', 'displayName', 'consent'];

export type ReviewFormInput = PageInput & {
  token: string;
  stamp: string;
  /** The job the review is of, when the owner asked from an enquiry. */
  job: string | null;
  values: ReviewFormValues;
  errors?: Partial<Record<ReviewField, string>>;
  problem?: string;
  notice?: string;
  hadPhotos?: boolean;
};

function ErrorText({ field, error }: { field: ReviewField; error: string | undefined }) {
  return error ? (
    <p className="tq-e" id={`${FIELD_IDS[field]}-error`}>
      {error}
    </p>
  ) : null;
}

const describedBy = (field: ReviewField, error: string | undefined, hint?: boolean) => {
  const ids = [hint && `${FIELD_IDS[field]}-hint`, error && `${FIELD_IDS[field]}-error`].filter(Boolean);
  return {
    ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
    ...(error ? { 'aria-invalid': true as const } : {}),
  };
};

function Problems(props: {
  heading: string;
  notice?: string;
  problems: { text: string; href: string }[];
  hadPhotos?: boolean;
}) {
  return (
    <div className="tq-sum" role="alert" aria-labelledby="r-problems">
      <h2 id="r-problems">{props.heading}</h2>
      {props.notice && <p>{props.notice}</p>}
      {props.problems.length > 0 && (
        <ul>
          {props.problems.map((each) => (
            <li key={each.href + each.text}>
              <a href={each.href}>{each.text}</a>
            </li>
          ))}
        </ul>
      )}
      {props.hadPhotos && <p>Please choose your photos again: a browser can’t keep them.</p>}
    </div>
  );
}

/** The form at the customer's link: what they typed comes back with what to fix, if anything. */
export function renderReviewFormPage(input: ReviewFormInput): string {
  const { username, token, stamp, job, values, errors = {}, problem, notice, hadPhotos } = input;
  const name = nameOf(input);
  const listed = ERROR_ORDER.filter((field) => errors[field]);
  const problems = [
    ...(problem ? [{ text: problem, href: '#r-photos' }] : []),
    ...listed.map((field) => ({ text: errors[field] as string, href: `#${FIELD_IDS[field]}` })),
  ];
  const heading = notice ? 'Your review wasn’t sent yet' : 'Please check the form';
  const back = problems.length > 0 || notice !== undefined;
  const field = (id: ReviewField, children: ReactNode) => (
    <div>
      {children}
      <ErrorText field={id} error={errors[id]} />
    </div>
  );
  return renderDocument(
    <QuoteDocument
      {...input}
      title={back ? heading : `Review ${name}`}
      description={`Leave a review for ${name}.`}
    >
      <h1>Review {name}</h1>
      <p className="tc-mu">
        {job ? `How did ${name} do with “${job}”?` : `How did ${name} do?`} Your review shows on their page as
        from a verified customer.
      </p>
      {back && <Problems heading={heading} notice={notice} problems={problems} hadPhotos={hadPhotos} />}
      <form method="post" action={reviewFormPath(username, token)} encType="multipart/form-data">
        <input type="hidden" name="stamp" value={stamp} />
        {field(
          'rating',
          <fieldset {...describedBy('rating', errors.rating)}>
            <legend>Your rating</legend>
            {RATINGS.map(([stars, word]) => (
              <label key={stars} htmlFor={`r-rating-${stars}`} className="tq-choice">
                <input
                  id={`r-rating-${stars}`}
                  type="radio"
                  name="rating"
                  value={String(stars)}
                  required
                  defaultChecked={values.rating === String(stars)}
                />{' '}
                <span aria-hidden="true">{'★'.repeat(stars)}</span> {stars} {stars === 1 ? 'star' : 'stars'}:{' '}
                {word}
              </label>
            ))}
          </fieldset>,
        )}
        {field(
          'text',
          <>
            <label htmlFor="r-text">Your review</label>
            <p className="tq-h" id="r-text-hint">
              What was the job, and how did it go? Up to {MAX_REVIEW_TEXT.toLocaleString('en-GB')} characters.
            </p>
            <textarea
              id="r-text"
              name="text"
              required
              maxLength={MAX_REVIEW_TEXT}
              defaultValue={values.text}
              {...describedBy('text', errors.text, true)}
            />
          </>,
        )}
        {field(
          'displayName',
          <>
            <label htmlFor="r-name">Your name as shown</label>
            <p className="tq-h" id="r-name-hint">
              Your first name and an initial is usual.
            </p>
            <input
              id="r-name"
              name="displayName"
              required
              maxLength={MAX_DISPLAY_NAME}
              autoComplete="off"
              defaultValue={values.displayName}
              {...describedBy('displayName', errors.displayName, true)}
            />
          </>,
        )}
        <div>
          <label htmlFor="r-photos">Photos of the finished job (optional)</label>
          <p className="tq-h" id="r-photos-hint">
            Up to {MAX_REVIEW_PHOTOS} photos, each up to 10 MB.
          </p>
          <input
            id="r-photos"
            name="photos"
            type="file"
            accept="image/*"
            multiple
            aria-describedby="r-photos-hint"
          />
        </div>
        {field(
          'consent',
          <label htmlFor="r-consent" className="tq-choice">
            <input
              id="r-consent"
              type="checkbox"
              name="consent"
              value="yes"
              required
              defaultChecked={values.consent}
              {...describedBy('consent', errors.consent)}
            />{' '}
            {name} may show my review, the name above and my photos on their page.
          </label>,
        )}
        <div className="tq-hp" aria-hidden="true">
          <label htmlFor="r-website">Leave this empty</label>
          <input id="r-website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" className="tc-bt">
          Send review
        </button>
      </form>
      <p className="tc-mu">
        Your review stays on {name}’s page until you remove it: the email we send you after has the link. See
        our <a href="/policies#privacy">privacy policy</a>.
      </p>
    </QuoteDocument>,
  );
}

/** Where a sent review lands (303 after the POST): a reload shows this again and sends nothing twice. */
export function renderReviewSentPage(input: PageInput & { removeHref: string }): string {
  const name = nameOf(input);
  return renderDocument(
    <QuoteDocument {...input} title="Review sent" description={`Leave a review for ${name}.`} back={false}>
      <h1>Thank you</h1>
      <p>Your review is on {name}’s page, marked as from a verified customer.</p>
      <nav className="tq-nav" aria-label="What next">
        <a className="tc-bt" href={pagePath(input.username)}>
          See {name}’s page
        </a>
      </nav>
      <p className="tc-mu">
        Changed your mind? <a href={input.removeHref}>Remove my review</a>.
      </p>
    </QuoteDocument>,
  );
}

/** A link that can't take a review (unknown, used, expired, withdrawn), or a review refused as a whole. */
export const renderReviewRefusedPage = (input: PageInput & { title: string; message: string }): string =>
  renderMessagePage(
    { ...input, description: `Leave a review for ${nameOf(input)}.` },
    {
      title: input.title,
      text: input.message,
      next: { href: pagePath(input.username), label: `See ${nameOf(input)}’s page` },
      back: false,
    },
  );

/** The customer's own removal: asked once more, with a button (a link alone would be followed by mail scanners). */
export function renderReviewRemovePage(input: PageInput & { action: string; stamp: string }): string {
  const name = nameOf(input);
  return renderDocument(
    <QuoteDocument {...input} title="Remove your review" description={`Your review of ${name}.`}>
      <h1>Remove your review?</h1>
      <p>Your review of {name}, its name and its photos go from their page and from our records for good.</p>
      <form method="post" action={input.action}>
        <input type="hidden" name="stamp" value={input.stamp} />
        <button type="submit" className="tc-bt">
          Remove my review
        </button>
      </form>
    </QuoteDocument>,
  );
}

export const renderReviewRemovedPage = (input: PageInput): string =>
  renderMessagePage(
    { ...input, description: `Your review of ${nameOf(input)}.` },
    {
      title: 'Review removed',
      text: `Your review of ${nameOf(input)} is removed, with its name and photos.`,
      next: { href: pagePath(input.username), label: `See ${nameOf(input)}’s page` },
      back: false,
    },
  );
