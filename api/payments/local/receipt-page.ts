import { formatPounds } from '../../../events/order/pricing';
import { html, page } from './html';
import type { InvoiceRow } from './rows';
import { formatDate } from './time';

export const SELLER = 'TradeCard';

/** A receipt once paid, an invoice while open; one HTML file that prints cleanly and can be saved. */
export function receiptPage(invoice: InvoiceRow, forDownload = false): string {
  const paid = invoice.status === 'paid';
  const kind = paid ? 'Receipt' : 'Invoice';
  const period =
    invoice.period_start && invoice.period_end
      ? `${formatDate(invoice.period_start)} to ${formatDate(invoice.period_end)}`
      : null;
  return page(
    `${kind} ${invoice.number}`,
    html`<h1>${kind} ${invoice.number}</h1>
<p><span class="status ${paid ? 'status-paid' : 'status-open'}">${paid ? 'Paid' : 'Open'}</span></p>
<dl>
<dt>Seller</dt><dd>${SELLER}</dd>
<dt>Number</dt><dd>${invoice.number}</dd>
<dt>Date</dt><dd>${formatDate(invoice.created_at)}</dd>
${paid && invoice.paid_at ? html`<dt>Paid on</dt><dd>${formatDate(invoice.paid_at)}</dd>` : null}
<dt>Billed to</dt><dd>${invoice.customer_email}</dd>
</dl>
<table>
<caption class="muted">Items</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody><tr>
<td>${invoice.description}${period ? html`<br><span class="muted">${period}</span>` : null}<br><span class="muted">${formatPounds(invoice.unit_amount)} each</span></td>
<td class="num">${invoice.quantity}</td>
<td class="num">${formatPounds(invoice.amount_due)}</td>
</tr></tbody>
<tfoot>
<tr><th scope="row" colspan="2">Total</th><td class="num">${formatPounds(invoice.amount_due)}</td></tr>
<tr><th scope="row" colspan="2">Amount paid</th><td class="num">${formatPounds(invoice.amount_paid)}</td></tr>
</tfoot>
</table>
<p class="muted">Test mode: this ${kind.toLowerCase()} is for a pretend payment. No money changed hands.</p>
${
  forDownload
    ? null
    : html`<div class="actions">
<a class="button" href="?download=1">Download ${kind.toLowerCase()}</a>
<p class="muted">To print it or save it as a PDF, use your browser's Print command.</p>
</div>`
}`,
  );
}
