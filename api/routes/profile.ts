import path from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import type { MessageAnswer } from '../../contract/message';
import type { ProfileAnswer, ProfileUpdatedAnswer } from '../../contract/user';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { displayNameSchema } from '../../events/account/rules';
import { cardDecider } from '../../events/card/decider';
import { cardStreamId } from '../../events/card/events';
import { handleCommand } from '../../events/command';
import { redactAccountEvents } from '../../events/erasure';
import { DomainError } from '../../events/errors';
import { requireUser } from '../auth/require-user';
import { clearSessionCookie } from '../auth/session-cookie';
import type { AppEnv, Deps } from '../deps';
import { forgetMailOf } from '../mail/queue';
import { deleteUnusedMedia, mediaOfAccount } from '../media/erase';
import { eraseUploadsOf } from '../media/owners';
import { endSubscriptionsOf } from '../payments/end-subscriptions';
import { findUserById, userJson } from '../users';
import { readJson } from '../validate';

const updateBody = z.object({ name: displayNameSchema }, { error: 'Request body must be a JSON object.' });

export function profileRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('/profile', requireUser(deps));

  const currentUser = async (accountId: string) => {
    const user = await findUserById(deps.db, accountId);
    if (!user) throw new DomainError('unauthorised', 'Session expired. Please log in again.');
    return user;
  };

  app.get('/profile', async (c) => {
    return c.json({
      success: true,
      data: userJson(await currentUser(c.get('accountId'))),
    } satisfies ProfileAnswer);
  });

  app.put('/profile', async (c) => {
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

  // Erasure (design §2): the account's personal data leaves the log, and every secret and session goes with it.
  app.delete('/profile', async (c) => {
    const user = await currentUser(c.get('accountId'));
    await endSubscriptionsOf(deps, user.id);
    const photos = await mediaOfAccount(deps.db, user.id);
    await handleCommand(deps.db, {
      decider: accountDecider,
      streamId: accountStreamId(user.id),
      command: { type: 'DeleteAccount' },
      now: deps.now(),
      alsoInTransaction: async (trx) => {
        await handleCommand(trx, {
          decider: cardDecider,
          streamId: cardStreamId(user.id),
          command: { type: 'EraseCard', accountId: user.id },
          now: deps.now(),
        });
        await redactAccountEvents(trx, user.id, user.email, deps.now());
        await trx.deleteFrom('credentials').where('account_id', '=', user.id).execute();
        await trx.deleteFrom('sessions').where('account_id', '=', user.id).execute();
        await trx.deleteFrom('verification_codes').where('account_id', '=', user.id).execute();
        await trx.deleteFrom('reset_tokens').where('account_id', '=', user.id).execute();
        await trx.deleteFrom('throttles').where('key', '=', `login:account:${user.email}`).execute();
        // Queued mail may hold a code or reset link; sent rows still name the person.
        await forgetMailOf(trx, user.email);
      },
    });
    deps.onAppended();
    await deleteUnusedMedia(deps.db, path.join(deps.publicDir, 'media'), photos);
    // Every photo the account uploaded goes too, even one another card copied the address of (issue 11, finding 5).
    await eraseUploadsOf(deps.db, path.join(deps.publicDir, 'media'), user.id);
    // Its sessions are gone with it; the browser's cookie goes too.
    clearSessionCookie(c, deps.publicUrl);
    return c.json({ success: true, message: 'Your account has been deleted' } satisfies MessageAnswer);
  });

  return app;
}
