import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  type EnquiryField,
  type EnquiryFormValues,
  MAX_EMAIL,
  MAX_JOB,
  MAX_NAME,
  MAX_PHONE,
  MAX_PHOTOS,
} from '../../events/enquiry/input';
import { pagePath, quotePath } from '../profile/QuoteLink';
import { renderDocument } from './Document';
import { nameOf, type PageInput, QuoteDocument, renderMessagePage } from './form-frame';

/**
 * The quote form and the pages around it (issue 17, ADR 030 §3): drawn per request by the app, because the form
 * carries a time signed as it is shown, in the owner's colours and font with the profile's own stylesheet. No
 * script, as on the page itself; the form posts to its own address (CSP `form-action 'self'`).
 */

const FIELD_IDS: Record<EnquiryField, string> = {
  name: 'q-name',
  phone: 'q-phone',
  email: 'q-email',
  postcode: 'q-postcode',
  job: 'q-job',
};
const ERROR_ORDER: EnquiryField[] = ['name', 'phone', 'email', 'postcode', 'job'];

export type QuoteFormInput = PageInput & {
  stamp: string;
  values?: EnquiryFormValues;
  errors?: Partial<Record<EnquiryField, string>>;
  /** A problem with the photos: shown above the form, leading to them. */
  problem?: string;
  /** Why the form as a whole came back (sent too soon after it was shown): shown above it. */
  notice?: string;
  /** The customer had chosen photos, which a browser can't fill in again: they are asked to choose them again. */
  hadPhotos?: boolean;
  /** The request will be kept without a mail to the owner (their mailed requests of the day are used up): said first. */
  kept?: string;
};

/** Label, hint, the field and its error, tied together for screen readers. */
function Field(props: {
  field: EnquiryField;
  label: string;
  hint?: string;
  error: string | undefined;
  children: (described: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const id = FIELD_IDS[props.field];
  const described = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id}>{props.label}</label>
      {props.hint && (
        <p className="tq-h" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.children({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(props.error ? { 'aria-invalid': true as const } : {}),
      })}
      {props.error && (
        <p className="tq-e" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The one-line fields, as a browser helps fill them in: its keyboard, its autofill, its length. */
const TEXT_INPUTS: Record<
  Exclude<EnquiryField, 'job'>,
  { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>
> = {
  name: { label: 'Your name', maxLength: MAX_NAME, autoComplete: 'name', required: true },
  phone: { label: 'Phone', type: 'tel', maxLength: MAX_PHONE, autoComplete: 'tel' },
  email: { label: 'Email', type: 'email', maxLength: MAX_EMAIL, autoComplete: 'email' },
  postcode: {
    label: 'Postcode (optional)',
    hint: 'Where the job is.',
    maxLength: 12,
    autoComplete: 'postal-code',
  },
};

function TextInput(props: { field: keyof typeof TEXT_INPUTS; value: string; error: string | undefined }) {
  const { label, hint, ...input } = TEXT_INPUTS[props.field];
  return (
    <Field field={props.field} label={label} hint={hint} error={props.error}>
      {(a11y) => <input {...a11y} name={props.field} {...input} defaultValue={props.value} />}
    </Field>
  );
}

/** The form at /u/<name>/quote: what the customer typed comes back with what to fix, if anything. */
export function renderQuoteFormPage(input: QuoteFormInput): string {
  const { content, username, siteName, stamp, errors = {}, problem, notice, hadPhotos, kept } = input;
  const values = input.values ?? { name: '', phone: '', email: '', postcode: '', job: '' };
  const name = nameOf({ content, username });
  const listed = ERROR_ORDER.filter((field) => errors[field]);
  const problems = [
    ...(problem ? [{ text: problem, href: '#q-photos' }] : []),
    ...listed.map((field) => ({ text: errors[field] as string, href: `#${FIELD_IDS[field]}` })),
  ];
  const heading = notice ? 'Your request wasn’t sent yet' : 'Please check the form';
  const back = problems.length > 0 || notice !== undefined;
  return renderDocument(
    <QuoteDocument {...input} title={back ? heading : 'Request a quote'}>
      <h1>Request a quote</h1>
      <p className="tc-mu">
        Tell {name} about the job and how to reach you. They’ll reply by phone or email.
      </p>
      {kept && (
        <p className="tq-sum" role="note">
          {kept}
        </p>
      )}
      {back && (
        <div className="tq-sum" role="alert" aria-labelledby="q-problems">
          <h2 id="q-problems">{heading}</h2>
          {notice && <p>{notice}</p>}
          {problems.length > 0 && (
            <ul>
              {problems.map((each) => (
                <li key={each.href + each.text}>
                  <a href={each.href}>{each.text}</a>
                </li>
              ))}
            </ul>
          )}
          {hadPhotos && <p>Please choose your photos again: a browser can’t keep them.</p>}
        </div>
      )}
      <form method="post" action={quotePath(username)} encType="multipart/form-data">
        <input type="hidden" name="stamp" value={stamp} />
        <TextInput field="name" value={values.name} error={errors.name} />
        <fieldset>
          <legend>How {name} can reach you</legend>
          <p className="tq-h">A phone number, an email address, or both.</p>
          <TextInput field="phone" value={values.phone} error={errors.phone} />
          <TextInput field="email" value={values.email} error={errors.email} />
        </fieldset>
        <TextInput field="postcode" value={values.postcode} error={errors.postcode} />
        <Field
          field="job"
          label="What’s the job?"
          hint={`Up to ${MAX_JOB.toLocaleString('en-GB')} characters.`}
          error={errors.job}
        >
          {(a11y) => <textarea {...a11y} name="job" required maxLength={MAX_JOB} defaultValue={values.job} />}
        </Field>
        <div>
          <label htmlFor="q-photos">Photos (optional)</label>
          <p className="tq-h" id="q-photos-hint">
            Up to {MAX_PHOTOS} photos of the job, each up to 10 MB.
          </p>
          <input
            id="q-photos"
            name="photos"
            type="file"
            accept="image/*"
            multiple
            aria-describedby="q-photos-hint"
          />
        </div>
        <div className="tq-hp" aria-hidden="true">
          <label htmlFor="q-website">Leave this empty</label>
          <input id="q-website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" className="tc-bt">
          Send request
        </button>
      </form>
      <p className="tc-mu">
        Your request goes to {name} by email and stays in their {siteName} account until they delete it or
        close their account. To have it deleted sooner, ask them. See our{' '}
        <a href="/policies#privacy">privacy policy</a>.
      </p>
    </QuoteDocument>,
  );
}

/** Where a sent request lands (303 after the POST): a reload shows this again and sends nothing twice. */
export function renderQuoteSentPage(input: PageInput & { kept?: boolean }): string {
  const name = nameOf(input);
  return renderMessagePage(input, {
    title: 'Request sent',
    text: input.kept
      ? `Thank you. Your request is on ${name}’s list of requests. They won’t get an email about it today, so if it’s urgent please call them.`
      : `Thank you. ${name} has your request and will reply by phone or email.`,
    next: { href: pagePath(input.username), label: `Back to ${name}` },
    back: false,
  });
}

/** A request refused as a whole (spam checks, limits, size): what happened and what to do, with the way back. */
export const renderQuoteRefusedPage = (input: PageInput & { message: string }): string =>
  renderMessagePage(input, {
    title: 'Your request wasn’t sent',
    text: input.message,
    next: { href: quotePath(input.username), label: 'Back to the form' },
    back: true,
  });

/** The owner has switched quote requests off: the form's address is a 404 that says where to turn instead. */
export function renderQuotesOffPage(input: PageInput): string {
  const name = nameOf(input);
  return renderMessagePage(input, {
    title: 'Not taking quote requests here',
    heading: `${name} isn’t taking quote requests here`,
    text: 'Please use the phone number or email address on their page.',
    next: { href: pagePath(input.username), label: `Back to ${name}` },
    back: false,
  });
}
