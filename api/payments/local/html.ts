import { escapeHtml } from '../../mail/escape-html';
import { PAGE_CSS } from './styles';

/** Markup already built; everything else interpolated into `html` is escaped. */
export class Html {
  constructor(readonly markup: string) {}
}

type Value = string | number | Html | Html[] | null | undefined | false;

const render = (value: Value): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map((part) => part.markup).join('');
  return escapeHtml(String(value));
};

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new Html(out);
}

export const TEST_MODE_LABEL = 'Test mode — no real payment is taken';

/** A whole page: no script, no outside files, the test-mode banner first so no one mistakes it for a real till. */
export function page(title: string, body: Html): string {
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} (test mode) | TradeCard</title>
<style>${new Html(PAGE_CSS)}</style>
</head>
<body>
<div class="banner" role="note"><strong>${TEST_MODE_LABEL}</strong></div>
<main>
${body}
</main>
</body>
</html>
`.markup;
}

export function securityHeaders(publicUrl: string): Record<string, string> {
  const origin = new URL(publicUrl).origin;
  return {
    // The form posts to this page, then is redirected to the app: both must be allowed as form targets.
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${origin}; frame-ancestors 'none'`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  };
}
