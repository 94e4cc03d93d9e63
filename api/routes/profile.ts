import { Hono } from 'hono';
import { z } from 'zod';
import type { MessageAnswer } from '../../contract/message';
import type { ProfileAnswer, ProfileUpdatedAnswer } from '../../contract/user';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { displayNameSchema } from '../../events/account/rules';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { eraseAccount } from '../accounts/erase-account';
import { findUserById, userJson } from '../accounts/users';
import { requireUser } from '../auth/require-user';
import { clearSessionCookie } from '../auth/session-cookie';
import type { AppEnv, Deps } from '../deps';
import { readJson } from '../http/validate';
import { dataExportRoutes } from './data-export';
import { notificationRoutes } from './notifications';
import { statsRoutes } from './stats';

const updateBody = z.object({ name: displayNameSchema }, { error: 'Request body must be a JSON object.' });

export function profileRoutes(deps: Deps, siteName: string) {
  const app = new Hono<AppEnv>();
  app.use(requireUser(deps));
  // Issue 16: the owner's visit statistics and the mail they choose to get, behind the same sign-in.
  app.route('/stats', statsRoutes(deps));
  app.route('/notifications', notificationRoutes(deps));
  // ADR 030, decision 9: "Download my data".
  app.route('/export', dataExportRoutes(deps, siteName));

  const currentUser = async (accountId: string) => {
    const user = await findUserById(deps.db, accountId);
    if (!user) throw new DomainError('unauthorised', 'Session expired. Please log in again.');
    return user;
  };

  app.get('/', async (c) => {
    return c.json({
      success: true,
      data: userJson(await currentUser(c.get('accountId'))),
    } satisfies ProfileAnswer);
  });

  app.put('/', async (c) => {
    const { name } = await readJson(c, updateBody);
    const accountId = c.get('accountId');
    await handleCommand(deps.db, {
      decider: accountDecider,
      streamId: accountStreamId(accountId),
      command: { type: 'ChangeDisplayName', name },
      now: deps.now(),
    });
    return c.json({
      success: true,
      message: 'Profile updated successfully!',
      data: userJson(await currentUser(accountId)),
    } satisfies ProfileUpdatedAnswer);
  });

  app.delete('/', async (c) => {
    await eraseAccount(deps, await currentUser(c.get('accountId')));
    // Its sessions are gone with it; the browser's cookie goes too.
    clearSessionCookie(c, deps.publicUrl);
    return c.json({ success: true, message: 'Your account has been deleted' } satisfies MessageAnswer);
  });

  return app;
}
