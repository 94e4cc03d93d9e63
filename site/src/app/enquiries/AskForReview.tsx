import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { Enquiry } from '../../../../contract/enquiry';
import type { ReviewLinkAnswer } from '../../../../contract/review';
import { copyWithToast } from '../../lib/copy';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import { askAnyCustomer, askForReview, reviewShareLinks } from './reviews';

/**
 * Issue 30: a review link just made, and the ways to send it: WhatsApp and a text with the message written (to the
 * customer's number when we have one, else to a contact the owner picks), a copy of the link, and whether we
 * emailed it ourselves.
 */
function ReviewLink({
  name,
  phoneHref,
  link,
}: {
  name: string;
  phoneHref: string | null;
  link: ReviewLinkAnswer;
}) {
  const linkId = useId();
  const share = reviewShareLinks(phoneHref, link.message);
  return (
    <div className="enquiry__review">
      <label htmlFor={linkId}>Review link for {name} (works once, for 30 days)</label>
      <input id={linkId} readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
      <div className="enquiry__review-ways">
        <a className="button" href={share.whatsapp} target="_blank" rel="noopener">
          Send on WhatsApp
        </a>
        <a className="button button--ghost" href={share.sms}>
          Send a text
        </a>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void copyWithToast(link.url, 'Copied to clipboard!')}
        >
          Copy link
        </button>
      </div>
      {link.mailed && <p>We’ve emailed the link to {name} too.</p>}
    </div>
  );
}

/** One tap for a single-use review link for the customer of this enquiry. */
export function AskForReview({ enquiry }: { enquiry: Enquiry }) {
  const client = useQueryClient();
  const ask = useMutation({
    mutationFn: () => askForReview(enquiry.id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reviews }),
    onError: (error) => toast.error(error.message),
  });
  if (ask.data) return <ReviewLink name={enquiry.name} phoneHref={enquiry.phoneHref} link={ask.data} />;
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={ask.isPending}
      onClick={() => ask.mutate()}
    >
      {ask.isPending ? 'Making a review link…' : 'Ask for a review'}
    </button>
  );
}

/** For a customer who never used the quote form: their name, and their email if we should send it ourselves. */
export function AskAnyCustomer() {
  const [asked, setAsked] = useState<{ name: string; link: ReviewLinkAnswer } | null>(null);
  const client = useQueryClient();
  const ask = useMutation({
    mutationFn: (customer: { name: string; email: string }) => askAnyCustomer(customer),
    onSuccess: (link, customer) => {
      setAsked({ name: customer.name, link });
      void client.invalidateQueries({ queryKey: queryKeys.reviews });
    },
    onError: (error) => toast.error(error.message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    ask.mutate({ name: String(form.get('name') ?? ''), email: String(form.get('email') ?? '') });
  };
  return (
    <section className="card" aria-labelledby="ask-any-heading">
      <h2 id="ask-any-heading">Ask a customer for a review</h2>
      <p>
        For a job that didn’t start with a quote request here. Their review shows on your page as verified.
      </p>
      <form className="form account-form" onSubmit={submit}>
        <label>
          Customer’s name
          <input name="name" autoComplete="off" maxLength={80} required />
        </label>
        <label>
          Their email (optional: we send them the link)
          <input name="email" type="email" autoComplete="off" maxLength={254} />
        </label>
        <div>
          <button type="submit" className="button" disabled={ask.isPending}>
            {ask.isPending ? 'Making a review link…' : 'Make a review link'}
          </button>
        </div>
      </form>
      {asked && <ReviewLink name={asked.name} phoneHref={null} link={asked.link} />}
    </section>
  );
}
