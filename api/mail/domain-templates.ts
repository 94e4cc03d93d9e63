import { requireHttpUrl } from './http-url';
import { button, emailLayout, html, mutedParagraph, paragraph } from './layout';
import type { MailContent } from './templates';
import { greeting, oneLine, SIGN_OFF_TEXT } from './text-fields';

/** Issue 31: the owner's domain works: their page, QR codes and share link now use it. */
export function domainLiveMail(params: { name: string; domain: string }): MailContent {
  const domain = oneLine(params.domain, 253);
  const url = requireHttpUrl(`https://${domain}/`);
  const subject = `Your page is live at ${domain}`;
  const done = `${domain} now points at your page, with its own secure certificate. Your share link and new QR codes use it.`;
  const cards = 'Your NFC cards and any QR codes already printed keep working as they are.';
  const text = [greeting(params.name), done, `See it: ${url}`, cards, SIGN_OFF_TEXT].join('\n\n');
  const body = html`${paragraph(html`${greeting(params.name)}`)}
${paragraph(html`${done}`)}
${button('Open your page', url)}
${mutedParagraph(html`${cards}`)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}

/**
 * Issue 31: the owner's domain stopped working (DNS changed, the domain lapsed): their page is back at its service
 * address, which every card and printed code still reaches, and here is what we saw and how to fix it.
 */
export function domainBrokenMail(params: {
  name: string;
  domain: string;
  problem: string;
  pageUrl: string;
  settingsUrl: string;
}): MailContent {
  const domain = oneLine(params.domain, 253);
  const pageUrl = requireHttpUrl(params.pageUrl);
  const settingsUrl = requireHttpUrl(params.settingsUrl);
  const problem = oneLine(params.problem, 300);
  const subject = `${domain} has stopped working`;
  const what = `We checked ${domain} and it no longer leads to your page: ${problem}`;
  const meanwhile = `Meanwhile your page is at ${pageUrl}, and your NFC cards and printed QR codes still open it.`;
  const fix =
    'The DNS records to set are in your settings; we check again every few minutes and tell you when it works.';
  const text = [greeting(params.name), what, meanwhile, fix, `Settings: ${settingsUrl}`, SIGN_OFF_TEXT].join(
    '\n\n',
  );
  const body = html`${paragraph(html`${greeting(params.name)}`)}
${paragraph(html`${what}`)}
${paragraph(html`${meanwhile}`)}
${paragraph(html`${fix}`)}
${button('Open your settings', settingsUrl)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}
