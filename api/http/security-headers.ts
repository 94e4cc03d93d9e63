import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * For answers that set no policy of their own (the API's JSON, photos, fonts, plain 404s): nothing in them may
 * load or run anything, and no page may frame them.
 */
export const FALLBACK_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Headers on every answer (issue 11, finding 3). A handler's own stricter value stays: the test checkout sends
 * `no-referrer`, the profile pages their own CSP.
 */
export function securityHeaders(options: { publicUrl: string }): MiddlewareHandler {
  const https = options.publicUrl.startsWith('https:');
  const headers = secureHeaders({
    overwrite: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    // Over plain http (a laptop, the journeys) HSTS would pin localhost to https for every other project on it.
    strictTransportSecurity: https ? 'max-age=63072000; includeSubDomains' : false,
    // People put their QR code and photos on their own websites, and the fonts are served to any origin on
    // purpose: a same-origin CORP would break those <img> and font loads.
    crossOriginResourcePolicy: false,
  });
  return (c, next) =>
    headers(c, async () => {
      await next();
      if (!c.res.headers.has('Content-Security-Policy'))
        c.res.headers.set('Content-Security-Policy', FALLBACK_CSP);
    });
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP source of each inline script of a built page, so exactly those run and no injected one does. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? '')) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes].sort();
}

/**
 * The policy of a site or app page. Scripts: our bundles and the page's own inline scripts by hash, never
 * 'unsafe-inline'. Styles keep 'unsafe-inline': Astro inlines every stylesheet, and the editor's live preview
 * draws the profile's own <style> (colours, fonts) at run time, which no build-time hash can cover. The chat
 * widget's origin is named only on pages allowed to load it.
 */
export function sitePageCsp(options: { scriptHashes: string[]; chatOrigin?: string | null }): string {
  const chat = options.chatOrigin ? [options.chatOrigin] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...options.scriptHashes, ...chat]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['media-src', ["'self'"]],
    ['connect-src', ["'self'", ...chat]],
    ['frame-src', chat.length > 0 ? chat : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The widget's origin from its script address; null when none is configured. */
export function chatOrigin(chatWidgetSrc: string | undefined): string | null {
  if (!chatWidgetSrc) return null;
  try {
    return new URL(chatWidgetSrc).origin;
  } catch {
    return null;
  }
}
