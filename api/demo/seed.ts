import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { cardContentSchema } from '../../events/card/content';
import { cardDecider } from '../../events/card/decider';
import { cardStreamId } from '../../events/card/events';
import { parseCardFields } from '../../events/card/input';
import { isDiallable } from '../../events/card/phone';
import { handleCommand } from '../../events/command';
import type { Storage } from '../../platform/storage/storage';
import {
  bathIllustration,
  coverIllustration,
  portraitIllustration,
  showerIllustration,
  vanityIllustration,
} from '../../renderer/sample/illustrations';
import { SAMPLE_USERNAME, sampleCardFields } from '../../renderer/sample/sample-card';
import { hashPassword } from '../auth/password';
import type { Deps } from '../deps';
import { ingestImage } from '../media/intake';
import { recordUploads } from '../media/owners';
import { subscribeDemo } from './subscribe-demo';

export const DEMO_EMAIL = 'demo@example.com';

export type SeedResult = { status: 'exists' } | { status: 'created'; email: string; password: string };

const picture = async (svg: string, storage: Storage, label: string, db: Deps['db']) =>
  ingestImage(
    new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()),
    storage,
    label,
    db,
  );

/**
 * Publishes the sample profile at /u/demo as a real account, through the same commands and image intake as a
 * tradesperson's own: a verified account in its free trial, with a card, subscribed on the Stripe simulator.
 * Does nothing if `demo` exists.
 */
export async function seedDemo(
  deps: Pick<Deps, 'db' | 'now' | 'storage' | 'onAppended' | 'payments' | 'stripeSimulator' | 'publicUrl'>,
): Promise<SeedResult> {
  const taken = await deps.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', SAMPLE_USERNAME)
    .executeTakeFirst();
  if (taken) return { status: 'exists' };

  const { storage } = deps;
  const [cover, avatar, ...works] = [
    await picture(coverIllustration(), storage, 'Cover photo', deps.db),
    await picture(portraitIllustration(), storage, 'Profile photo', deps.db),
    await picture(showerIllustration(), storage, 'Work image 1', deps.db),
    await picture(bathIllustration(), storage, 'Work image 2', deps.db),
    await picture(vanityIllustration(), storage, 'Work image 3', deps.db),
  ];
  const parsed = parseCardFields(sampleCardFields, isDiallable);
  if (!parsed.ok) throw new Error(`The sample card is invalid: ${parsed.error}`);
  const content = cardContentSchema.parse({ ...parsed.fields, cover_photo: cover, avatar, works });

  const password = `Demo${randomBytes(9).toString('base64url')}7`;
  const passwordHash = await hashPassword(password);
  const accountId = randomUUID();
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const streamId = accountStreamId(accountId);
    const account = (command: Parameters<typeof accountDecider.decide>[0]) =>
      handleCommand(trx, { decider: accountDecider, streamId, command, now });
    await account({
      type: 'RegisterAccount',
      accountId,
      name: 'Sam Taylor',
      email: DEMO_EMAIL,
      username: SAMPLE_USERNAME,
    });
    await trx
      .insertInto('credentials')
      .values({ account_id: accountId, password_hash: passwordHash, updated_at: now.toISOString() })
      .execute();
    await account({ type: 'VerifyEmail' });
    await account({ type: 'StartTrial' });
    await handleCommand(trx, {
      decider: cardDecider,
      streamId: cardStreamId(accountId),
      command: { type: 'PublishCard', accountId, content, accountMayPublish: true },
      now,
    });
    // The sample's photos are its own, so editing it in the editor keeps them.
    await recordUploads(
      trx,
      accountId,
      [cover, avatar, ...works].map((image) => image.id),
      now,
    );
  });
  deps.onAppended();
  await subscribeDemo(deps, accountId);
  return { status: 'created', email: DEMO_EMAIL, password };
}
