import { clampQuantity } from '../lib/quantity';
import { PATHS } from '../lib/routes';
import type { PostAuthAction } from '../stores/post-auth';

export const ADMIN_PATH = '/admin';
/** SPEC §4: where a subscribe action that could not open checkout ends up. */
export const SUBSCRIBE_FALLBACK_PATH = '/subscription';

/**
 * The pages behind sign-in (those drawn in the App layout). Someone who signed in from a marketing page wants the
 * editor, not the page they were reading before, so only these are worth going back to.
 */
export const SIGNED_IN_PATHS = [
  PATHS.dashboard,
  '/myorders',
  '/nfccards',
  '/billing',
  '/notifications',
  '/stats',
  '/enquiries',
  '/firm',
  '/contact-support',
  '/helpcentreinterface',
  '/profile',
  '/success',
  '/successsubscription',
  ADMIN_PATH,
];
/** A firm's invitation (issue 32): signed in or up from it, the visitor comes back to join. */
export const JOIN_PATH = '/join';
/** Where `from` may send someone once signed in: a signed-in page, or the invitation they came to accept. */
const RETURN_PATHS = [...SIGNED_IN_PATHS, JOIN_PATH];
const PROBE_ORIGIN = 'https://tradecard.invalid';

/**
 * `from` is honoured only as a signed-in path on this site: anything else would turn the login page into a way to
 * send someone, freshly signed in, to a look-alike site, or back to the marketing page they signed up from.
 */
export function safeFrom(from: string | null | undefined): string | null {
  if (!from?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(from, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = url.pathname.toLowerCase();
  if (!RETURN_PATHS.some((page) => path === page || path.startsWith(`${page}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export const cardCheckoutPath = (quantity: unknown) =>
  `${PATHS.card}?triggerCheckout=1&quantity=${clampQuantity(Number(quantity ?? 1))}`;

export type NextStep = { kind: 'go'; url: string } | { kind: 'subscribe' };

/** SPEC §4 "After authentication": the admin's console first, then a pending purchase, then where they came from. */
export function nextStep(
  action: PostAuthAction | null,
  user: { isAdmin?: boolean } | null,
  from: string | null,
): NextStep {
  if (user?.isAdmin) return { kind: 'go', url: ADMIN_PATH };
  if (action?.type === 'subscribe') return { kind: 'subscribe' };
  if (action?.type === 'buy_card') return { kind: 'go', url: cardCheckoutPath(action.payload?.quantity) };
  return { kind: 'go', url: safeFrom(from) ?? PATHS.dashboard };
}
