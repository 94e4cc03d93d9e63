import { Hono } from 'hono';
import { z } from 'zod';
import { handleCommand } from '../../events/command';
import { domainDecider } from '../../events/domain/decider';
import { domainOfAccount, findDomain } from '../../events/domain/domains-read-model';
import { domainStreamId } from '../../events/domain/events';
import { MAX_DOMAIN } from '../../events/domain/input';
import { livePages } from '../../renderer/live-pages';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { connectDomain, domainView } from '../domains/connect';
import { readJson } from '../http/validate';

const connectBody = z.object(
  {
    domain: z
      .string({ error: 'Please type your domain, like taylorandsons.co.uk.' })
      .max(MAX_DOMAIN + 20, 'That isn’t a domain we can use: it is too long.'),
  },
  { error: 'Request body must be a JSON object.' },
);

/**
 * Issue 31: the owner's own domain (`/api/domain`): what is connected and the DNS records that make it work,
 * connecting one (or another instead), and taking it off. The DNS is checked by the leader's checker, never here.
 */
export function domainRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.get('/', signedIn, async (c) => {
    const row = await domainOfAccount(deps.db, c.get('accountId'));
    return c.json({ success: true, data: row ? await domainView(deps, row) : null });
  });

  app.put('/', signedIn, async (c) => {
    const { domain } = await readJson(c, connectBody);
    const view = await connectDomain(deps, c.get('accountId'), domain);
    return c.json({ success: true, status: view.status, records: view.records, data: view });
  });

  app.delete('/', signedIn, async (c) => {
    await handleCommand(deps.db, {
      decider: domainDecider,
      streamId: domainStreamId(c.get('accountId')),
      command: { type: 'DisconnectDomain' },
      now: deps.now(),
    });
    deps.onAppended();
    return c.json({
      success: true,
      message: 'Your domain is disconnected: your page is at its TradeCard address again.',
    });
  });

  return app;
}

/**
 * Caddy's question before it asks a certificate authority for a certificate (on-demand TLS's `ask`, deploy/Caddyfile):
 * yes only for a live domain whose page is live, so no stranger can make us request certificates for any name.
 */
export function domainsAllowedRoutes(deps: Pick<Deps, 'db'>) {
  const app = new Hono<AppEnv>();
  app.get('/allowed', async (c) => {
    const domain = (c.req.query('domain') ?? '').trim().toLowerCase().replace(/\.$/, '');
    if (!domain) return c.json({ error: 'Say which domain: ?domain=<name>.' }, 400);
    const row = await findDomain(deps.db, domain);
    if (row?.status !== 'live') return c.json({ error: 'No live domain of that name.' }, 404);
    const page = await livePages(deps.db)
      .select('p.username')
      .where('p.account_id', '=', row.account_id)
      .executeTakeFirst();
    if (!page) return c.json({ error: 'The page on that domain is not live.' }, 404);
    return c.json({ success: true, domain });
  });
  return app;
}
