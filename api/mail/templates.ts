import { requireHttpUrl } from './http-url';
import type { Markup } from './layout';
import { button, detailsTable, emailLayout, html, joinHtml, mutedParagraph, paragraph } from './layout';
import { greeting, oneLine, quoteLines, SIGN_OFF_TEXT } from './text-fields';

export type MailContent = { subject: string; text: string; html: string };

export const VERIFICATION_CODE_MINUTES = 10;
export const PASSWORD_RESET_HOURS = 1;

/**
 * Not greeted by name: whoever registers chooses the name, and the code goes to an address nobody has proved yet,
 * so a greeting would put a stranger's words in someone else's inbox.
 */
export function verificationCodeMail(params: { code: string }): MailContent {
  const code = oneLine(params.code, 32);
  const subject = 'Your TradeCard verification code';
  const text = [
    'Hi there,',
    'Here is your TradeCard verification code:',
    `    ${code}`,
    `It is valid for ${VERIFICATION_CODE_MINUTES} minutes. Enter it on the page where you asked for it.`,
    "If you didn't ask for a code, you can ignore this email. Someone may have typed your address by mistake.",
    SIGN_OFF_TEXT,
  ].join('\n\n');
  const body = html`${paragraph(html`Hi there,`)}
${paragraph(html`Here is your TradeCard verification code:`)}
<p style="margin:0 0 16px 0;font-size:32px;line-height:40px;font-weight:bold;letter-spacing:6px;font-family:Menlo, Consolas, monospace;color:#1F2933;">${code}</p>
${paragraph(html`It is valid for ${String(VERIFICATION_CODE_MINUTES)} minutes. Enter it on the page where you asked for it.`)}
${mutedParagraph(html`If you didn't ask for a code, you can ignore this email. Someone may have typed your address by mistake.`)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}

export function passwordResetMail(params: { name: string; link: string }): MailContent {
  const link = requireHttpUrl(params.link);
  const subject = 'Reset your TradeCard password';
  const text = [
    greeting(params.name),
    'We received a request to reset the password for your TradeCard account. Open this link to choose a new one:',
    link,
    `The link is valid for ${PASSWORD_RESET_HOURS} hour.`,
    "If you didn't ask for this, ignore this email. Your password stays the same until you open the link and set a new one.",
    SIGN_OFF_TEXT,
  ].join('\n\n');
  const body = html`${paragraph(html`${greeting(params.name)}`)}
${paragraph(html`We received a request to reset the password for your TradeCard account. Use the button below to choose a new one.`)}
${button('Reset password', link)}
${paragraph(html`The link is valid for ${String(PASSWORD_RESET_HOURS)} hour.`)}
${mutedParagraph(html`If the button doesn't work, copy this link into your browser:<br><a href="${link}" style="color:#6B7280;word-break:break-all;">${link}</a>`)}
${mutedParagraph(html`If you didn't ask for this, ignore this email. Your password stays the same until you open the link and set a new one.`)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}

/** Sent at most once a day to an account someone keeps failing to sign in to (ADR 014). */
export function failedSignInsMail(params: { name: string; loginLink: string }): MailContent {
  const link = requireHttpUrl(params.loginLink);
  const subject = 'Repeated failed sign-ins to your TradeCard account';
  const intro =
    'Someone has tried several times today to sign in to your TradeCard account with the wrong password.';
  const safe =
    'They were not let in, and you can still sign in as usual: repeated failures slow down only the address they come from.';
  const reset =
    'If it wasn’t you, and especially if your password is short or used elsewhere, choose a new one: open the sign-in page and choose “Forgot password”. Resetting it also clears the slow-downs on your account.';
  const text = [
    greeting(params.name),
    intro,
    safe,
    reset,
    link,
    'If it was you, you can ignore this email.',
    SIGN_OFF_TEXT,
  ].join('\n\n');
  const body = html`${paragraph(html`${greeting(params.name)}`)}
${paragraph(html`${intro}`)}
${paragraph(html`${safe}`)}
${paragraph(html`${reset}`)}
${button('Go to sign in', link)}
${mutedParagraph(html`If it was you, you can ignore this email.`)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}

export type SupportContact = {
  name: string;
  email: string;
  reason: string;
  message: string;
  accountId?: string;
};

/** Goes to our support inbox; the sender's address is listed, so set `replyTo` to it when sending. */
export function contactToSupportMail(params: SupportContact): MailContent {
  const name = oneLine(params.name) || '(no name given)';
  const email = oneLine(params.email);
  const reason = oneLine(params.reason, 80) || 'General';
  const accountId = params.accountId ? oneLine(params.accountId, 80) : 'not signed in';
  const subject = `Contact form: ${reason} from ${oneLine(name, 60)}`;
  const details: Array<[string, string]> = [
    ['Name', name],
    ['Email', email],
    ['Reason', reason],
    ['Account', accountId],
  ];
  const text = [
    'Hi support team,',
    'Someone sent a message through the TradeCard contact form.',
    details.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `Their message:\n\n${quoteLines(params.message)}`,
    SIGN_OFF_TEXT,
  ].join('\n\n');
  const body = html`${paragraph(html`Hi support team,`)}
${paragraph(html`Someone sent a message through the TradeCard contact form.`)}
${detailsTable(details)}
${paragraph(html`Their message:`)}
${quotedMessage(params.message)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}

/** Someone else's words, set apart from ours. Outlook ignores `white-space: pre-wrap`, so line breaks become <br>s. */
function quotedMessage(message: string): Markup {
  const lines = message.replace(/\r\n?/g, '\n').trim().split('\n');
  return html`<div style="margin:0 0 24px 0;padding:12px 16px;border-left:4px solid #F47629;background-color:#FFF4EC;font-size:15px;line-height:22px;color:#1F2933;word-break:break-word;">${joinHtml(
    lines.map((line) => html`${line}`),
    '<br>\n',
  )}</div>`;
}

type EnquiryForOwner = {
  ownerName: string;
  name: string;
  phone: string | null;
  email: string | null;
  postcode: string | null;
  job: string;
  /** Photos attached to the mail, and those too large to attach (still on the Enquiries page). */
  attached: number;
  notAttached: number;
  enquiriesUrl: string;
};

const photosLine = ({ attached, notAttached }: Pick<EnquiryForOwner, 'attached' | 'notAttached'>) => {
  const count = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;
  if (attached === 0 && notAttached === 0) return 'None';
  if (notAttached === 0) return `${count(attached)}, attached`;
  return `${count(attached + notAttached)}: ${attached} attached, the rest on your Enquiries page`;
};

/**
 * Issue 17: a quote request from the owner's page, to the owner. Sent with Reply-To the customer's email when they
 * gave one, so answering the mail answers them; otherwise it says to call. Every field is the customer's text.
 */
export function enquiryToOwnerMail(params: EnquiryForOwner): MailContent {
  const enquiriesUrl = requireHttpUrl(params.enquiriesUrl);
  const name = oneLine(params.name, 80);
  const subject = `Quote request from ${oneLine(name, 60)}`;
  const details: Array<[string, string]> = [
    ['Name', name],
    ['Phone', params.phone ? oneLine(params.phone, 40) : 'Not given'],
    ['Email', params.email ? oneLine(params.email) : 'Not given'],
    ['Postcode', params.postcode ? oneLine(params.postcode, 12) : 'Not given'],
    ['Photos', photosLine(params)],
  ];
  const intro = `${name} asked for a quote through your TradeCard page.`;
  const answer = params.email
    ? `Reply to this email to answer ${name}: your reply goes to ${oneLine(params.email)}.`
    : `${name} gave no email address: call or text them on ${oneLine(params.phone ?? '', 40)}.`;
  const text = [
    greeting(params.ownerName),
    intro,
    details.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `The job:\n\n${quoteLines(params.job)}`,
    answer,
    `Your enquiries: ${enquiriesUrl}`,
    SIGN_OFF_TEXT,
  ].join('\n\n');
  const body = html`${paragraph(html`${greeting(params.ownerName)}`)}
${paragraph(html`${intro}`)}
${detailsTable(details)}
${paragraph(html`The job:`)}
${quotedMessage(params.job)}
${paragraph(html`${answer}`)}
${button('Your enquiries', enquiriesUrl)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}
