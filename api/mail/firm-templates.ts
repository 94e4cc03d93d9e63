import { requireHttpUrl } from './http-url';
import { button, emailLayout, html, mutedParagraph, paragraph } from './layout';
import type { MailContent } from './templates';
import { greeting, oneLine, SIGN_OFF_TEXT } from './text-fields';

/**
 * Issue 32: to someone a firm's admin invited. Only the firm's and the admin's names are theirs; the mail says who
 * asked and why it came, and that nothing happens unless they accept.
 */
export function firmInviteMail(params: {
  name: string | null;
  firmName: string;
  adminName: string;
  url: string;
  days: number;
}): MailContent {
  const url = requireHttpUrl(params.url);
  const firm = oneLine(params.firmName, 80);
  const admin = oneLine(params.adminName, 80);
  const subject = `${oneLine(admin, 40)} invited you to join ${oneLine(firm, 60)} on TradeCard`;
  const ask = `${admin} has invited you to join ${firm} on TradeCard: your own page with the firm’s look, on the firm’s bill.`;
  const how = `Accept with the account for this email address, or make one on the way. The link works once and lasts ${params.days} days.`;
  const why = `You are getting this because ${admin} gave us your address. If you weren’t expecting it, ignore this mail: nothing happens unless you accept.`;
  const text = [greeting(params.name ?? ''), ask, how, `Accept: ${url}`, why, SIGN_OFF_TEXT].join('\n\n');
  const body = html`${paragraph(html`${greeting(params.name ?? '')}`)}
${paragraph(html`${ask}`)}
${paragraph(html`${how}`)}
${button('Accept the invitation', url)}
${mutedParagraph(html`${why}`)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}
