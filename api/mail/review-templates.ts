import { requireHttpUrl } from './http-url';
import { button, emailLayout, html, mutedParagraph, paragraph } from './layout';
import type { MailContent } from './templates';
import { greeting, oneLine, SIGN_OFF_TEXT } from './text-fields';

type ReviewAskText = { ownerName: string; customerName: string; url: string };

/**
 * What the owner sends on WhatsApp or by text (issue 30): short, in the owner's voice, the link on its own at the
 * end so a phone makes it tappable.
 */
export function reviewRequestMessage(params: ReviewAskText): string {
  const customer = oneLine(params.customerName, 40).split(' ')[0] ?? '';
  const owner = oneLine(params.ownerName, 80);
  return `Hi${customer ? ` ${customer}` : ''}, thanks for choosing ${owner}. Would you leave a quick review of the job? It takes a minute: ${params.url}`;
}

/**
 * To the customer, from us on the owner's behalf. Only the owner's name and the job's words are theirs; no free
 * text of the owner's reaches a stranger's inbox, and the mail says why it came.
 */
export function reviewRequestMail(params: ReviewAskText & { job: string | null; days: number }): MailContent {
  const url = requireHttpUrl(params.url);
  const owner = oneLine(params.ownerName, 80);
  const job = params.job ? oneLine(params.job, 120) : null;
  const subject = `${oneLine(owner, 60)} would like your review`;
  const ask = job
    ? `${owner} would be grateful for a short review of the job they did for you: “${job}”.`
    : `${owner} would be grateful for a short review of the job they did for you.`;
  const how = `It takes a minute: a star rating, a few words, and a photo of the finished job if you like. The link works once and lasts ${params.days} days.`;
  const why = `You are getting this because ${owner} gave us your address to ask for a review. We won't write to you again about it.`;
  const text = [greeting(params.customerName), ask, how, `Leave a review: ${url}`, why, SIGN_OFF_TEXT].join(
    '\n\n',
  );
  const body = html`${paragraph(html`${greeting(params.customerName)}`)}
${paragraph(html`${ask}`)}
${paragraph(html`${how}`)}
${button('Leave a review', url)}
${mutedParagraph(html`${why}`)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}

/**
 * To the customer once their review is on the page: what they did, where to see it, and the link to remove it
 * (their data, issue 30). Sent only when the owner gave their address.
 */
export function reviewReceivedMail(params: {
  customerName: string;
  ownerName: string;
  pageUrl: string;
  removeUrl: string;
}): MailContent {
  const pageUrl = requireHttpUrl(params.pageUrl);
  const removeUrl = requireHttpUrl(params.removeUrl);
  const owner = oneLine(params.ownerName, 80);
  const subject = `Thank you for reviewing ${oneLine(owner, 60)}`;
  const done = `Your review is on ${owner}’s page, marked as from a verified customer.`;
  const remove = `Changed your mind? You can remove your review, its name and photos at any time: ${removeUrl}`;
  const text = [greeting(params.customerName), done, `See it: ${pageUrl}`, remove, SIGN_OFF_TEXT].join(
    '\n\n',
  );
  const body = html`${paragraph(html`${greeting(params.customerName)}`)}
${paragraph(html`${done}`)}
${button(`See ${owner}’s page`, pageUrl)}
${mutedParagraph(html`Changed your mind? You can <a href="${removeUrl}">remove your review</a>, its name and photos at any time.`)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}
