import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { defaultCardContent } from '../../events/card/content';
import { cardDecider } from '../../events/card/decider';
import { cardStreamId } from '../../events/card/events';
import { handleCommand } from '../../events/command';
import { migration as uploadsMigration } from '../../platform/database/migrations/0008-media-uploads';
import { openTempDatabase, registerTestAccount } from '../../tests/support/events/db';

let database: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  database = await openTempDatabase();
});
afterEach(async () => {
  await database.close();
});

const image = (id: string) => ({ id, width: 640, height: 480, widths: [320, 640] });
const X = 'a'.repeat(24);
const Y = 'b'.repeat(24);

it('on upgrade, takes the first card to show each photo as its uploader', async () => {
  const { db } = database;
  await registerTestAccount(db, 1);
  await registerTestAccount(db, 2);
  const publish = (accountId: string, works: string[]) =>
    handleCommand(db, {
      decider: cardDecider,
      streamId: cardStreamId(accountId),
      command: {
        type: 'PublishCard',
        accountId,
        content: { ...defaultCardContent(), works: works.map(image) },
        accountMayPublish: true,
      },
      now: new Date(),
    });
  await publish('u1', [X]);
  // u2 copied u1's address before copying was refused, and uploaded Y itself.
  await publish('u2', [X, Y]);
  // The database as it was before the migration ran; run on its own, so later migrations need not be undone.
  await sql`DROP TABLE media_uploads`.execute(db);
  await uploadsMigration.up(db as Kysely<unknown>);
  const rows = await db
    .selectFrom('media_uploads')
    .select(['media_id', 'account_id'])
    .orderBy('media_id')
    .execute();
  expect(rows).toEqual([
    { media_id: X, account_id: 'u1' },
    { media_id: Y, account_id: 'u2' },
  ]);
});
