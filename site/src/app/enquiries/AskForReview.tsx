import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { Enquiry } from '../../../../contract/enquiry';
import { toast } from '../../stores/toasts';
import { askForReview, reviewShareLinks } from './reviews';

/**
 * Issue 30: one tap for a single-use review link for the customer of this enquiry, then the ways to send it: WhatsApp
 * and a text when they gave a number (the message written for them), a copy of the link, and our own email to them
 * when they gave an address.
 */
export function AskForReview({ enquiry }: { enquiry: Enquiry }) {
  const ask = useMutation({
    mutationFn: () => askForReview(enquiry.id),
    onError: (error) => toast.error(error.message),
  });
  const linkId = useId();
  if (!ask.data)
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
  const { url, message, mailed } = ask.data;
  const share = reviewShareLinks(enquiry.phoneHref, message);
  return (
    <div className="enquiry__review">
      <label htmlFor={linkId}>Review link for {enquiry.name} (works once, for 30 days)</label>
      <input id={linkId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <div className="enquiry__review-ways">
        {share.whatsapp && (
          <a className="button" href={share.whatsapp} target="_blank" rel="noopener">
            Send on WhatsApp
          </a>
        )}
        {share.sms && (
          <a className="button button--ghost" href={share.sms}>
            Send a text
          </a>
        )}
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            navigator.clipboard
              .writeText(url)
              .then(() => toast.success('The review link is copied.'))
              .catch(() => toast.error('Could not copy the link: select it and copy it yourself.'))
          }
        >
          Copy link
        </button>
      </div>
      {mailed && <p>We’ve emailed the link to {enquiry.name} too.</p>}
    </div>
  );
}
