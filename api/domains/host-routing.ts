import type { LiveDomains } from './live-domains';

/**
 * Paths that are the service's own on every host: the API (a page's click pings), photos, fonts, the site's assets,
 * and the page paths themselves (a page's links name /u/<username>/…, and NFC cards /c/<code>, on any host).
 */
const EVERY_HOST = /^\/(?:api|media|fonts|_astro|u|q|c)\/|^\/(?:favicon\.ico|favicon\.svg|robots\.txt)$/;
const PAGE_PATH = /^\/u\/([^/?#]+)(\/[^?#]*)?$/;
/** Another owner's page, or scanned code, asked for on this owner's domain. */
const ANY_PAGE = /^\/[uq]\/([^/?#]+)/;

export type HostRoute = { rewrite: string } | { redirect: string } | null;

/** The name the request was sent to, as DNS and certificates know it: lower case, no port, no trailing dot. */
export function hostOf(header: string | undefined): string {
  if (!header) return '';
  const host = header.trim().toLowerCase();
  const withoutPort = host.startsWith('[')
    ? host.slice(0, host.indexOf(']') + 1)
    : (host.split(':')[0] ?? '');
  return withoutPort.replace(/\.$/, '');
}

/**
 * Issue 31. On an owner's live domain, its paths are the page's: `/` is the page, `/quote` its quote form,
 * `/contact.vcf`, `/og.jpg`, `/qr.png` beside it, and `/q` its scanned-code address; the service's own paths stay
 * as they are. On any other host, the page of an owner with a live domain moves there (301, GET and HEAD only),
 * the files beside it staying put. `/q/` and `/c/` never move: a printed code or a card works however
 * the domain fares.
 */
export function routeByHost(
  method: string,
  host: string,
  url: string,
  live: Pick<LiveDomains, 'usernameAt' | 'domainOf'>,
  /** The service's own origin (PUBLIC_URL): where another owner's page asked for on this domain is sent. */
  serviceOrigin: string,
): HostRoute {
  const question = url.indexOf('?');
  const path = question < 0 ? url : url.slice(0, question);
  const query = question < 0 ? '' : url.slice(question);
  const owner = host ? live.usernameAt(host) : null;
  const readable = method === 'GET' || method === 'HEAD';
  if (owner !== null) {
    if (path === '/q') return { rewrite: `/q/${owner}${query}` };
    // One owner's domain shows their page only: nobody's page is served under another's name.
    const other = ANY_PAGE.exec(path)?.[1];
    if (other !== undefined && usernameIn(other) !== owner)
      return readable ? { redirect: `${serviceOrigin}${url}` } : null;
    if (EVERY_HOST.test(path)) return null;
    return { rewrite: `/u/${owner}${path === '/' ? '' : path}${query}` };
  }
  if (!readable) return null;
  const page = PAGE_PATH.exec(path);
  const username = page ? usernameIn(page[1] ?? '') : null;
  if (!page || username === null) return null;
  // The page itself moves; the files beside it (its QR codes in the owner's share modal, a vCard) are served here.
  if (page[2] && page[2] !== '/') return null;
  const domain = live.domainOf(username);
  if (domain === null) return null;
  return { redirect: `https://${domain}/${query}` };
}

function usernameIn(segment: string): string | null {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
}
