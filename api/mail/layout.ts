import { html as escapingHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

const BRAND_ORANGE = '#F47629';
// Dark text on the brand orange: white on #F47629 is under 3:1 contrast and hard to read.
const BUTTON_TEXT = '#1A1A1A';
const BODY_TEXT = '#1F2933';
const MUTED_TEXT = '#6B7280';
// Unquoted family names so the stack survives HTML escaping unchanged inside style attributes.
const FONT = '-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';

/** Markup whose interpolated text has been escaped; Hono's `raw` marks a fragment already built. */
export type Markup = HtmlEscapedString;

/**
 * Hono's `html`, which escapes every interpolated string. A mail interpolates only text and markup, never a promise,
 * so the markup is always ready at once; the check keeps it so.
 */
export function html(strings: TemplateStringsArray, ...values: Array<string | Markup>): Markup {
  const markup = escapingHtml(strings, ...values);
  if (markup instanceof Promise) throw new Error('Mail markup was asked to wait for something.');
  return markup;
}

export function joinHtml(parts: Markup[], separator = '\n'): Markup {
  return raw(parts.join(separator));
}

export function paragraph(content: Markup): Markup {
  return html`<p style="margin:0 0 16px 0;font-size:16px;line-height:24px;color:${BODY_TEXT};">${content}</p>`;
}

export function mutedParagraph(content: Markup): Markup {
  return html`<p style="margin:0 0 16px 0;font-size:14px;line-height:20px;color:${MUTED_TEXT};">${content}</p>`;
}

/** Label/value rows, e.g. an order's details: both halves are escaped text. */
export function detailsTable(rows: Array<[string, string]>): Markup {
  const cells = rows.map(
    ([label, value]) =>
      html`<tr><td style="padding:4px 16px 4px 0;font-size:14px;color:${MUTED_TEXT};vertical-align:top;">${label}</td><td style="padding:4px 0;font-size:14px;color:${BODY_TEXT};word-break:break-word;">${value}</td></tr>`,
  );
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;">
${joinHtml(cells)}
</table>`;
}

/** `href` must already have passed `requireHttpUrl`; escaping alone does not stop `javascript:` links. */
export function button(label: string, href: string): Markup {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">
<tr><td align="center" bgcolor="${BRAND_ORANGE}" style="border-radius:6px;background-color:${BRAND_ORANGE};">
<a href="${href}" target="_blank" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:bold;line-height:20px;color:${BUTTON_TEXT};text-decoration:none;border-radius:6px;">${label}</a>
</td></tr>
</table>`;
}

/** Whole-document shell: mail clients ignore <style> blocks unevenly, so every style is inline. */
export function emailLayout(options: { title: string; body: Markup }): string {
  const { title, body } = options;
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background-color:#F3F4F6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#F3F4F6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#FFFFFF;border-radius:8px;border-top:4px solid ${BRAND_ORANGE};">
<tr><td style="padding:24px 32px 0 32px;font-family:${FONT};font-size:20px;font-weight:bold;color:${BRAND_ORANGE};">TradeCard</td></tr>
<tr><td style="padding:16px 32px 8px 32px;font-family:${FONT};">
${body}
${paragraph(html`Thanks,<br>The TradeCard team`)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`.toString();
}
