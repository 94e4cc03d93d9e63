import { Hono } from 'hono';
import { CLICK_ACTIONS, type ClickAction } from '../../events/visit/kinds';
import { clientAddress } from '../auth/client-address';
import type { AppEnv, Deps } from '../deps';
import { USERNAME } from '../static/public-files';
import { sourceOfPageUrl } from '../visits/request';

/** Save My Number is counted where the vCard is downloaded; a ping for it would count it twice. */
const PINGED = new Set<string>(CLICK_ACTIONS.filter((action) => action !== 'save'));

/**
 * POST /api/ping/:username/:action: what a profile page's buttons report through `<a ping>` (issue 16), the only way
 * a page that runs no script can say a button was used. Chrome, Edge, Safari, Samsung Internet and Opera send it;
 * Firefox (off by default) and Brave do not, so click counts are a floor. Ping-From names the page's address,
 * whose source (card, QR code or link) the click is counted under. The body ("PING") is never read.
 */
export function pingRoutes(deps: Deps) {
  const hosts = [new URL(deps.publicUrl).host];
  return new Hono<AppEnv>().post('/:username/:action', (c) => {
    const username = c.req.param('username').toLowerCase();
    const action = c.req.param('action');
    if (!USERNAME.test(username) || !PINGED.has(action)) return c.json({ error: 'Not found.' }, 404);
    const from = sourceOfPageUrl(c.req.header('ping-from') ?? c.req.header('referer'), [
      ...hosts,
      c.req.header('host'),
    ]);
    deps.visits.count({
      page: username,
      action: action as ClickAction,
      ...from,
      address: clientAddress(c, deps.trustProxy),
      userAgent: c.req.header('user-agent'),
    });
    return c.body(null, 204);
  });
}
