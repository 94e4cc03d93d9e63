import type { VisitSource } from '../../events/visit/kinds';

type Header = (name: string) => string | undefined;

/**
 * A request that is a person opening something: a GET (HEAD is a checker's), answered with the page (200) or a
 * reminder that theirs is current (304), and not a browser's speculative prefetch or prerender of a link.
 */
export function isCountable(method: string, status: number, header: Header): boolean {
  if (method !== 'GET' || (status !== 200 && status !== 304)) return false;
  const purpose = header('sec-purpose') ?? header('purpose') ?? header('x-purpose') ?? '';
  return !/prefetch|prerender|preview/i.test(purpose);
}

const CARD_PATH = /^\/c\/([A-Za-z0-9]{1,16})\/?$/;
const QR_PATH = /^\/q\/[A-Za-z0-9_-]{1,30}\/?$/;

/**
 * Which of our addresses a page was opened at, from the URL a button's ping names it by (Ping-From) or a vCard
 * download's Referer: a card's (/c/), a QR code's (/q/), or the plain link. Another site's address is the link.
 */
export function sourceOfPageUrl(
  pageUrl: string | undefined,
  /** Ours: PUBLIC_URL's host, and the Host the request came to (a proxy or a test may use another name). */
  hosts: (string | undefined)[],
): { source: VisitSource; cardCode: string | null } {
  if (!pageUrl) return { source: 'link', cardCode: null };
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return { source: 'link', cardCode: null };
  }
  if (!hosts.includes(url.host)) return { source: 'link', cardCode: null };
  const card = CARD_PATH.exec(url.pathname);
  // A card's printed QR code is its address with ?s=qr: the same card, scanned rather than tapped.
  if (card)
    return {
      source: url.searchParams.get('s') === 'qr' ? 'qr' : 'nfc',
      cardCode: (card[1] as string).toUpperCase(),
    };
  if (QR_PATH.test(url.pathname)) return { source: 'qr', cardCode: null };
  return { source: 'link', cardCode: null };
}
