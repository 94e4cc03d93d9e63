import { html } from 'hono/html';
import type { Invoice, InvoiceLineItem } from '../objects';
import { formatDate, formatMoney } from '../time';
import { type Markup, page } from './layout';

function lineRow(line: InvoiceLineItem, money: (amount: number) => string): Markup {
  const period = line.period.end > line.period.start ? line.period : null;
  // A proration's amount is a share of the units for part of a period, so a price each would not add up.
  const proration = line.parent?.subscription_item_details?.proration === true;
  const unit = Number(line.pricing?.unit_amount_decimal ?? Number.NaN);
  return html`<tr>
<td>${line.description}${period ? html`<br><span class="muted">${formatDate(period.start)} to ${formatDate(period.end)}</span>` : null}${proration || !Number.isFinite(unit) ? null : html`<br><span class="muted">${money(unit)} each</span>`}</td>
<td class="num">${line.quantity ?? 1}</td>
<td class="num">${money(line.amount)}</td>
</tr>`;
}

/** A receipt once paid, an invoice while open; one HTML file that prints cleanly and can be saved. */
export function receiptPage(businessName: string, invoice: Invoice, forDownload = false) {
  const paid = invoice.status === 'paid';
  const kind = paid ? 'Receipt' : 'Invoice';
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const paidAt = invoice.status_transitions.paid_at;
  return page(
    businessName,
    `${kind} ${invoice.number}`,
    html`<h1>${kind} ${invoice.number}</h1>
<p><span class="status ${paid ? 'status-paid' : 'status-open'}">${paid ? 'Paid' : 'Open'}</span></p>
<dl>
<dt>Seller</dt><dd>${businessName}</dd>
<dt>Number</dt><dd>${invoice.number}</dd>
<dt>Date</dt><dd>${formatDate(invoice.created)}</dd>
${paid && paidAt ? html`<dt>Paid on</dt><dd>${formatDate(paidAt)}</dd>` : null}
<dt>Billed to</dt><dd>${invoice.customer_email}</dd>
</dl>
<table>
<caption class="muted">Items</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${invoice.lines.data.map((line) => lineRow(line, money))}</tbody>
<tfoot>
<tr><th scope="row" colspan="2">Total</th><td class="num">${money(invoice.total)}</td></tr>
<tr><th scope="row" colspan="2">Amount paid</th><td class="num">${money(invoice.amount_paid)}</td></tr>
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
