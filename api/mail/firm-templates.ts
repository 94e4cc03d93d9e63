import { SUBSCRIPTION_AMOUNT } from '../../events/order/pricing';
import { trialTerms } from './account-templates';
import { compose, longDate, longDateTime } from './compose';
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

/** Why a firm's plan no longer pays for someone's page. */
export type OwnTrialReason = 'left' | 'removed' | 'plan-ended';

const BECAUSE: Record<OwnTrialReason, (firm: string) => string> = {
  left: (firm) => `You left ${firm}.`,
  removed: (firm) => `${firm}’s admin removed you from the firm.`,
  'plan-ended': (firm) => `${firm}’s plan has ended, so it no longer pays for your page.`,
};

/**
 * Issue 32: a member whose page the firm's plan paid for has left it, was removed, or the plan has lapsed: the page
 * stays live on a 14-day trial of their own, and this says until when and how to keep it.
 */
export function ownTrialMail(facts: {
  name: string;
  firmName: string;
  reason: OwnTrialReason;
  endsAt: string;
  pageUrl: string;
  subscribeUrl: string;
}) {
  const firm = oneLine(facts.firmName, 80);
  const terms = trialTerms({ ...facts, amount: SUBSCRIPTION_AMOUNT });
  const subject =
    facts.reason === 'plan-ended'
      ? `Your page stays live until ${longDate(facts.endsAt)}: ${oneLine(firm, 60)}’s plan has ended`
      : `Your page stays live until ${longDate(facts.endsAt)}: you are no longer in ${oneLine(firm, 60)}`;
  return compose({
    subject,
    name: facts.name,
    lines: [
      BECAUSE[facts.reason](firm),
      `Your page stays live on a free trial of your own until ${longDateTime(facts.endsAt)}, with no card needed.`,
      terms.line,
    ],
    details: terms.details,
    link: ['Choose a plan', facts.subscribeUrl],
  });
}
