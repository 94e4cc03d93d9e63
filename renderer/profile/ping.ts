import type { SOCIAL_LINKS } from '../../events/card/display';
import type { ClickAction } from '../../events/visit/kinds';

/**
 * Where the published page reports a click on one of its buttons (issue 16), as the link's `ping`: the page runs no
 * script, and a ping is the browser's own report of a followed link, with nothing stored on the visitor's device.
 */
export type PingPath = (action: ClickAction) => string;

/**
 * Origin-absolute, so the ping goes to the page's own origin, the one origin its CSP (`connect-src 'self'`) lets a
 * ping reach. Usernames are URL-safe already; encoded all the same, so no value can step outside its segment.
 */
export const pingPath =
  (username: string): PingPath =>
  (action) =>
    `/api/ping/${encodeURIComponent(username)}/${action}`;

export const SOCIAL_ACTIONS: Record<(typeof SOCIAL_LINKS)[number]['field'], ClickAction> = {
  facebook_url: 'facebook',
  instagram_url: 'instagram',
  linkedin_url: 'linkedin',
  x_url: 'x',
  tiktok_url: 'tiktok',
};
