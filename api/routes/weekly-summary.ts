import type { Context } from 'hono';
import { Hono } from 'hono';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { renderSummaryOffPage, renderTurnOffSummaryPage } from '../../renderer/pages/weekly-summary-pages';
import type { AppEnv, Deps } from '../deps';
import { accountOfOffToken } from '../weekly-summary/token';

export const LINK_NOT_VALID =
  'This link is not valid. Turn the weekly summary off in your settings, under Notifications.';

/** As a profile page's policy (no script at all), but its one form may post back to us. */
const OFF_PAGE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const page = (c: Context, html: string) =>
  c.html(html, 200, {
    'Content-Security-Policy': OFF_PAGE_CSP,
    // The address is the token: no page it leads to needs to see it.
    'Referrer-Policy': 'no-referrer',
  });

/**
 * Issue 16: the weekly summary's one-click "turn off" (RFC 8058). The address is the mail's List-Unsubscribe: a
 * mail client POSTs `List-Unsubscribe=One-Click` to it, with no session and no cookie, and the token alone says
 * whose summary. A person opening it gets a page whose button makes the same POST.
 */
export function weeklySummaryRoutes(deps: Deps, siteName: string) {
  const app = new Hono<AppEnv>();

  const accountOf = (c: Context) => {
    const accountId = accountOfOffToken(deps.secret, c.req.param('token') ?? '');
    if (!accountId) throw new DomainError('not_found', LINK_NOT_VALID);
    return accountId;
  };

  app.get('/off/:token', async (c) => {
    const summary = await deps.db
      .selectFrom('weekly_summaries')
      .select('enabled')
      .where('account_id', '=', accountOf(c))
      .executeTakeFirst();
    // A deleted account's link: there is nothing left to turn off.
    if (!summary) throw new DomainError('not_found', LINK_NOT_VALID);
    const render = summary.enabled === 1 ? renderTurnOffSummaryPage : renderSummaryOffPage;
    return page(c, render({ siteName }));
  });

  // Twice (the mail client, then the person) is the same as once: the decider records nothing the second time.
  app.post('/off/:token', async (c) => {
    await handleCommand(deps.db, {
      decider: accountDecider,
      streamId: accountStreamId(accountOf(c)),
      command: { type: 'SetWeeklySummary', on: false, via: 'mail' },
      now: deps.now(),
    });
    return page(c, renderSummaryOffPage({ siteName }));
  });

  return app;
}
