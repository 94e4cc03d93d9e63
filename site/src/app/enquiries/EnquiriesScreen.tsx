import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { type EnquiriesAnswer, type Enquiry, enquiryStatuses } from '../../../../contract/enquiry';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { AskAnyCustomer, AskForReview } from './AskForReview';
import {
  changeStatus,
  deleteEnquiry,
  enquiriesCount,
  receivedLabel,
  STATUS_LABELS,
  useEnquiries,
} from './enquiries';
import { VerifiedReviews } from './VerifiedReviews';

const HEADING_ID = 'enquiries-heading';

function StatusChoice({ enquiry }: { enquiry: Enquiry }) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (status: Enquiry['status']) => changeStatus(enquiry.id, status),
    onSuccess: (answer) => {
      client.setQueryData<EnquiriesAnswer>(
        queryKeys.enquiries,
        (list) =>
          list && {
            ...list,
            data: list.data.map((each) => (each.id === answer.data.id ? answer.data : each)),
          },
      );
      toast.success(answer.message);
    },
    onError: (error) => toast.error(error.message),
  });
  const id = `enquiry-status-${enquiry.id}`;
  return (
    <div className="enquiry__status">
      <label htmlFor={id}>Status</label>
      <select
        id={id}
        value={change.isPending ? change.variables : enquiry.status}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value as Enquiry['status'])}
      >
        {enquiryStatuses.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Spam that got past the form, or a customer who asks to be forgotten: the owner erases the enquiry for good. */
function DeleteEnquiry({ enquiry }: { enquiry: Enquiry }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: () => deleteEnquiry(enquiry.id),
    onSuccess: (answer) => {
      client.setQueryData<EnquiriesAnswer>(
        queryKeys.enquiries,
        (list) => list && { ...list, data: list.data.filter((each) => each.id !== enquiry.id) },
      );
      toast.success(answer.message);
      // Its card, and the button that had focus, are gone: focus goes to the page's heading, not to the top.
      document.getElementById(HEADING_ID)?.focus();
    },
    onError: (error) => {
      toast.error(error.message);
      button.current?.focus();
    },
  });
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--ghost"
        aria-label={`Delete the enquiry from ${enquiry.name}`}
        disabled={remove.isPending}
        onClick={() => setAsking(true)}
      >
        Delete
      </button>
      {asking && (
        <ConfirmDialog
          title={`Delete the enquiry from ${enquiry.name}?`}
          confirmLabel="Delete enquiry"
          cancelLabel="Keep it"
          onConfirm={() => {
            setAsking(false);
            remove.mutate();
          }}
          onCancel={() => {
            setAsking(false);
            button.current?.focus();
          }}
        >
          <p>
            What they sent, their photos included, is erased from your account and our records for good. It
            can’t be undone. The email we sent you about it stays in your own inbox.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function EnquiryCard({ enquiry }: { enquiry: Enquiry }) {
  const titleId = `enquiry-${enquiry.id}`;
  return (
    <article className="card enquiry" aria-labelledby={titleId}>
      <header className="enquiry__head">
        <h2 id={titleId}>{enquiry.name}</h2>
        <p className="enquiry__when">{receivedLabel(enquiry)}</p>
      </header>
      <dl className="enquiry__facts">
        {enquiry.phone && (
          <div>
            <dt>Phone</dt>
            <dd>{enquiry.phoneHref ? <a href={enquiry.phoneHref}>{enquiry.phone}</a> : enquiry.phone}</dd>
          </div>
        )}
        {enquiry.email && (
          <div>
            <dt>Email</dt>
            <dd>{enquiry.emailHref ? <a href={enquiry.emailHref}>{enquiry.email}</a> : enquiry.email}</dd>
          </div>
        )}
        {enquiry.postcode && (
          <div>
            <dt>Postcode</dt>
            <dd>{enquiry.postcode}</dd>
          </div>
        )}
      </dl>
      <p className="enquiry__job">{enquiry.job}</p>
      {enquiry.photos.length > 0 && (
        <ul className="enquiry__photos" aria-label="Photos">
          {enquiry.photos.map((photo, index) => (
            <li key={photo.full}>
              <a href={photo.full} target="_blank" rel="noopener">
                <img
                  src={photo.thumb}
                  alt={`${enquiry.name}’s job, ${index + 1} of ${enquiry.photos.length}: open full size`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="enquiry__actions">
        <StatusChoice enquiry={enquiry} />
        <DeleteEnquiry enquiry={enquiry} />
      </div>
      <AskForReview enquiry={enquiry} />
    </article>
  );
}

function NoEnquiries({ quoteForm }: { quoteForm: EnquiriesAnswer['quoteForm'] }) {
  return (
    <div className="card enquiries__empty">
      <h2>No enquiries yet</h2>
      <p>
        When a customer asks for a quote on your page, their request shows here and comes to you by email.
      </p>
      {quoteForm.enabled ? (
        <p>
          Your page’s Request a quote button leads to <a href={quoteForm.url}>{quoteForm.url}</a>.
        </p>
      ) : (
        <p>Quote requests are switched off, so your page doesn’t show a Request a quote button.</p>
      )}
    </div>
  );
}

/** Issue 17: the quote requests from the owner's page, each with its photos, and how far it has got. */
export function EnquiriesScreen() {
  const enquiries = useEnquiries();
  let body: ReactNode;
  if (enquiries.isPending) body = <p>Loading your enquiries…</p>;
  else if (enquiries.isError)
    body = (
      <p className="form__problem" role="alert">
        {enquiries.error.message}
      </p>
    );
  else if (enquiries.data.data.length === 0) body = <NoEnquiries quoteForm={enquiries.data.quoteForm} />;
  else
    body = (
      <section aria-label={enquiriesCount(enquiries.data.data.length)}>
        <ul className="enquiries__list">
          {enquiries.data.data.map((enquiry) => (
            <li key={enquiry.id}>
              <EnquiryCard enquiry={enquiry} />
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <div className="account-screen enquiries">
      <h1 id={HEADING_ID} tabIndex={-1}>
        Enquiries
      </h1>
      <p className="lead">
        Quote requests from your page, newest first. Each also came to you by email: reply to it to answer the
        customer. Mark each one as you go, so you can see which jobs you won. Delete one you no longer need,
        or when the customer asks you to.
      </p>
      {body}
      <AskAnyCustomer />
      <VerifiedReviews />
    </div>
  );
}
