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
