import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { PAGE_CSS } from './styles';

export type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

export const TEST_MODE_LABEL = 'Test mode — no real payment is taken';

/** A whole page: no script, no outside files, the test-mode banner first so no one mistakes it for a real till. */
export const page = (businessName: string, title: string, body: Markup): Markup => html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} (test mode) | ${businessName}</title>
<style>${raw(PAGE_CSS)}</style>
</head>
<body>
<div class="banner" role="note"><strong>${TEST_MODE_LABEL}</strong></div>
<main>
${body}
</main>
</body>
</html>
`;

/**
 * No script, no outside files, no framing. A form may post to the page itself and then be redirected to the
 * business's success URL, so that origin is allowed as a form target too.
 */
export function securityHeaders(formTarget: string | null): Record<string, string> {
  const origin = formTarget && URL.canParse(formTarget) ? ` ${new URL(formTarget).origin}` : '';
  return {
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'${origin}; frame-ancestors 'none'`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  };
}
