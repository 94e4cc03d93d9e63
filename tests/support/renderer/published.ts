import { accountDecider } from '../../../events/account/decider';
import { cardDecider } from '../../../events/card/decider';
import { handleCommand } from '../../../events/command';
import type { Db } from '../../../platform/database/db';
import { fullCard } from './card';

/** Test data: account `id` (username `id`) registered, in its trial, with a full card published. */
export async function publishedCard(db: Db, id: string, now: Date) {
  const account = (command: Parameters<typeof accountDecider.decide>[0]) =>
    handleCommand(db, { decider: accountDecider, streamId: `account-${id}`, command, now });
  await account({
    type: 'RegisterAccount',
    accountId: id,
    name: id,
    email: `${id}@example.com`,
    username: id,
  });
  await account({ type: 'StartTrial' });
  await handleCommand(db, {
    decider: cardDecider,
    streamId: `card-${id}`,
    command: { type: 'PublishCard', accountId: id, content: fullCard(), accountMayPublish: true },
    now,
  });
}
