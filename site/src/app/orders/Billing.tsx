import { useState } from 'react';
import type { BillingAnswer } from '../../../../contract/billing';
import { toast } from '../../stores/toasts';
import { brandName, expiry, invoiceAmount, useBilling } from './billing';
import { startCardSetup, useCardSetupReturn } from './card-setup';
import { formatDate, formatShortDate } from './format';
import { usePaymentReturn } from './payment-return';
import { Loading } from './ui';

function PaymentMethod({ card }: { card: NonNullable<BillingAnswer['paymentMethod']>['card'] | null }) {
  return (
    <section className="card billing__method" aria-labelledby="method-title">
      <h2 id="method-title">Payment Method</h2>
      {card ? (
        <p className="billing__card">
          <strong>{brandName(card.brand)}</strong> ending in <strong>{card.last4}</strong>
          <span className="billing__expiry">Expires {expiry(card)}</span>
        </p>
      ) : (
        <p>No payment method saved yet.</p>
      )}
      <AddPaymentMethod hasCard={card !== null} />
    </section>
  );
}

/** Issue 14: replaces the card the plan charges, on the provider's own page. */
function AddPaymentMethod({ hasCard }: { hasCard: boolean }) {
  const [busy, setBusy] = useState(false);

  async function open() {
    setBusy(true);
    const problem = await startCardSetup((url) => window.location.assign(url));
    if (problem) {
      toast.error(problem);
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-describedby="method-note"
        onClick={() => void open()}
      >
        {busy ? 'Opening the card form…' : '+ Add Payment Method'}
      </button>
      <p className="billing__note" id="method-note">
        {hasCard
          ? 'A new card replaces this one: your plan charges it from the next payment, and a payment that is due is taken from it straight away.'
          : 'Cards are saved when you first pay at checkout.'}
      </p>
    </>
  );
}

function Invoices({ invoices }: { invoices: BillingAnswer['invoices'] }) {
  return (
    <section className="card billing__invoices" aria-labelledby="invoices-title">
      <h2 id="invoices-title">Invoice History</h2>
      {invoices.length === 0 ? (
        <p>No invoices available yet.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, so keyboards must reach it.
        <section className="table-scroll" aria-labelledby="invoices-title" tabIndex={0}>
          <table className="invoices">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Invoice Number</th>
                <th scope="col">Amount</th>
                <th scope="col">Download</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>{formatShortDate(invoice.date)}</td>
                  <td>{invoice.number ?? '—'}</td>
                  <td className={`invoices__amount invoices__amount--${invoice.status}`}>
                    {invoiceAmount(invoice)}
                  </td>
                  <td>
                    {invoice.pdf ? (
                      <a className="invoices__link" href={invoice.pdf} download>
                        Download
                        <span className="visually-hidden">
                          {' '}
                          invoice {invoice.number ?? formatDate(invoice.date)} (PDF)
                        </span>
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

/** SPEC §2 "Billing page": the saved card and the invoices, both from the payment provider. */
export function Billing() {
  const billing = useBilling();
  usePaymentReturn();
  useCardSetupReturn();
  return (
    <section className="billing" aria-labelledby="billing-title">
      <h1 className="orders__heading" id="billing-title">
        Billing
      </h1>
      {billing.isPending ? (
        <Loading>Loading your billing details…</Loading>
      ) : (
        <div className="billing__grid">
          <PaymentMethod card={billing.data?.paymentMethod?.card ?? null} />
          <Invoices invoices={billing.data?.invoices ?? []} />
        </div>
      )}
    </section>
  );
}
