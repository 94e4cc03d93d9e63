import { Hono } from 'hono';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { loadState } from '../../events/command';
import { DomainError } from '../../events/errors';
import { startTrial } from '../accounts/start-trial';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';

export function trialRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  // Starting a trial that is already running is not an error (SPEC §4); one that has run out can't restart.
  app.post('/start', requireUser(deps), async (c) => {
    const streamId = accountStreamId(c.get('accountId'));
    const account = await loadState(deps.db, accountDecider, streamId);
    if (account.status !== 'active')
      throw new DomainError('unauthorised', 'Session expired. Please log in again.');
    if (account.trialEnded) {
      throw new DomainError('conflict', 'Your free trial has ended. Subscribe to keep your page live.');
    }
    if (account.trialExpires !== null) {
      return c.json({
        success: true,
        alreadyStarted: true,
        trialExpires: account.trialExpires,
        message: 'Your free trial is already running.',
      });
    }
    const state = await startTrial(deps.db, deps.publicUrl, c.get('accountId'), deps.now());
    deps.onAppended();
    deps.mailQueued();
    const trialExpires = state.status === 'active' ? state.trialExpires : null;
    return c.json({
      success: true,
      alreadyStarted: false,
      trialExpires,
      message: 'Your 14-day trial started!',
    });
  });

  return app;
}
