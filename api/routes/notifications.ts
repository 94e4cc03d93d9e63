import { Hono } from 'hono';
import { z } from 'zod';
import type { NotificationsAnswer, NotificationsUpdatedAnswer } from '../../contract/notifications';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { weeklySummaryOn } from '../../events/account/weekly-summaries-read-model';
import { handleCommand } from '../../events/command';
import type { AppEnv, Deps } from '../deps';
import { readJson } from '../http/validate';

const updateBody = z.object(
  { weeklySummary: z.boolean({ error: 'weeklySummary must be true or false.' }) },
  { error: 'Request body must be a JSON object.' },
);

/**
 * /profile/notifications, mounted inside profileRoutes (which signs the user in): the weekly summary mail, on or
 * off, as the account's events left it.
 */
export function notificationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    return c.json({
      success: true,
      data: { weeklySummary: await weeklySummaryOn(deps.db, c.get('accountId')) },
    } satisfies NotificationsAnswer);
  });

  app.put('/', async (c) => {
    const { weeklySummary } = await readJson(c, updateBody);
    const { state } = await handleCommand(deps.db, {
      decider: accountDecider,
      streamId: accountStreamId(c.get('accountId')),
      command: { type: 'SetWeeklySummary', on: weeklySummary, via: 'settings' },
      now: deps.now(),
    });
    const on = state.status === 'active' && state.weeklySummary;
    return c.json({
      success: true,
      message: on ? 'Weekly summary turned on.' : 'Weekly summary turned off.',
      data: { weeklySummary: on },
    } satisfies NotificationsUpdatedAnswer);
  });

  return app;
}
