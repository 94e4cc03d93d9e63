import { requireHttpUrl } from './http-url';
import {
  button,
  detailsTable,
  emailLayout,
  html,
  joinHtml,
  type Markup,
  mutedParagraph,
  paragraph,
} from './layout';
import type { MailContent } from './templates';
import { greeting, SIGN_OFF_TEXT } from './text-fields';

export type Details = Array<[string, string]>;

/** Small print under the button, ending in a link: e.g. how to stop a mail that comes regularly. */
export type Footnote = { text: string; link: [string, string] };

/**
 * A notice about an order or a plan: greeting, a few sentences, a table of facts and at most one button, in plain
 * text and HTML saying the same. The button's link is written out in the text part, where there are no buttons.
 */
export function compose(params: {
  subject: string;
  name: string;
  lines: string[];
  details: Details;
  link?: [string, string];
  footnote?: Footnote;
}): MailContent {
  const { subject, name, lines, details } = params;
  const link = params.link ? ([params.link[0], requireHttpUrl(params.link[1])] as const) : null;
  const footnote = params.footnote
    ? {
        text: params.footnote.text,
        label: params.footnote.link[0],
        url: requireHttpUrl(params.footnote.link[1]),
      }
    : null;
  const text = [
    greeting(name),
    ...lines,
    details.map(([label, value]) => `${label}: ${value}`).join('\n'),
    ...(link ? [`${link[0]}: ${link[1]}`] : []),
    ...(footnote ? [`${footnote.text} ${footnote.label}: ${footnote.url}`] : []),
    SIGN_OFF_TEXT,
  ].join('\n\n');
  const small: Markup = footnote
    ? html`\n${mutedParagraph(html`${footnote.text} <a href="${footnote.url}" style="color:inherit;">${footnote.label}</a>`)}`
    : html``;
  const body = html`${paragraph(html`${greeting(name)}`)}
${joinHtml(lines.map((line) => paragraph(html`${line}`)))}
${detailsTable(details)}
${link ? button(link[0], link[1]) : html``}
${mutedParagraph(html`Questions? Just reply to this email.`)}${small}`;
  return { subject, text, html: emailLayout({ title: subject, body }) };
}

/** '6 December 2026', on the UK calendar the customer reads it in. */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

/** '6 December 2026 at 09:00 (UK time)': when a page goes offline, the hour matters too. */
export const longDateTime = (iso: string) =>
  `${longDate(iso)} at ${new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  })} (UK time)`;
