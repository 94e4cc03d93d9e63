import { type Context, Hono } from 'hono';
import { accountDecider, mayPublish } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { cardContentSchema } from '../../events/card/content';
import { cardDecider } from '../../events/card/decider';
import { cardStreamId } from '../../events/card/events';
import { parseCardFields } from '../../events/card/input';
import { handleCommand, loadState } from '../../events/command';
import { DomainError } from '../../events/errors';
import { requireUser } from '../auth/require-user';
import { resolveCardImages } from '../card-images';
import { splitCardPayload } from '../card-payload';
import { cardJson, findCardContent } from '../cards';
import type { AppEnv, Deps } from '../deps';
import { invalid } from '../errors';
import { findUserById } from '../users';

export const CARD_UPLOAD_LIMIT = 12 * 10 * 1024 * 1024 + 1024 * 1024;

async function readPayload(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    return c.req.parseBody({ all: true }).catch(() => {
      throw invalid('The upload could not be read. Please try again.');
    });
  }
  const body = await c.req.json().catch(() => {
    throw invalid('Request body must be valid JSON.');
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('Request body must be a JSON object.');
  return body as Record<string, unknown>;
}

export function businessCardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.get('/business-card/my_card', signedIn, async (c) => {
    const user = await findUserById(deps.db, c.get('accountId'));
    if (!user) throw new DomainError('unauthorised', 'Session expired. Please log in again.');
    const content = await findCardContent(deps.db, user.id);
    return c.json({
      success: true,
      data: { ...cardJson(user, content, deps.publicUrl), user: { _id: user.id, username: user.username } },
    });
  });

  app.get('/business-card/by_username/:username', async (c) => {
    const username = c.req.param('username').toLowerCase();
    const user = await deps.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
    if (!user) throw new DomainError('not_found', `No business card found for “${username}”`);
    const card = cardJson(user, await findCardContent(deps.db, user.id), deps.publicUrl);
    // A page that is not live shows nothing of its content, here as on the static page.
    if (!card.isLive) {
      const { username: name, isLive, isPublished, isSubscribed, trialExpires, publicProfileUrl } = card;
      return c.json({
        success: true,
        data: { username: name, isLive, isPublished, isSubscribed, trialExpires, publicProfileUrl },
      });
    }
    return c.json({ success: true, data: { ...card, user: { username: user.username } } });
  });

  app.post('/business-card/create_business_card', signedIn, async (c) => {
    const accountId = c.get('accountId');
    const { fields: rawFields, images } = splitCardPayload(await readPayload(c));
    const parsed = parseCardFields(rawFields);
    if (!parsed.ok) throw invalid(parsed.error);
    const previous = await findCardContent(deps.db, accountId);
    // Images are stored before the transaction: decoding takes time and must not hold the database.
    const resolved = await resolveCardImages(deps.publicDir, images, previous);
    const content = cardContentSchema.parse({ ...parsed.fields, ...resolved });

    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      const streamId = accountStreamId(accountId);
      let account = await loadState(trx, accountDecider, streamId);
      // SPEC §4: publishing by someone neither subscribed nor in trial starts the 14-day trial first.
      if (account.status === 'active' && !account.isSubscribed && account.trialExpires === null) {
        account = (
          await handleCommand(trx, {
            decider: accountDecider,
            streamId,
            command: { type: 'StartTrial' },
            now,
          })
        ).state;
      }
      await handleCommand(trx, {
        decider: cardDecider,
        streamId: cardStreamId(accountId),
        command: { type: 'PublishCard', accountId, content, accountMayPublish: mayPublish(account) },
        now,
      });
    });
    deps.onAppended();
    const user = await findUserById(deps.db, accountId);
    if (!user) throw new DomainError('unauthorised', 'Session expired. Please log in again.');
    return c.json({
      success: true,
      message: 'Your page is Published!',
      data: cardJson(user, content, deps.publicUrl),
    });
  });

  return app;
}
