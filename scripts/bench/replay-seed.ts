import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { accountStreamId } from '../../events/account/events';
import type { CardContent } from '../../events/card/content';
import { cardStreamId } from '../../events/card/events';
import { type ReplayReport, replay } from '../../events/replay';
import { appendToStream, lastGlobalPosition } from '../../events/store';
import { type Db, openDatabase } from '../../platform/database/db';
import { saveCheckpoint } from '../../renderer/projector';
import { demoCardContent, seedDemoInto } from './demo-data';

const ACCOUNTS_PER_TRANSACTION = 5_000;
const DAY_MS = 86_400_000;

/** The demo's card with this account's name and contact details: the same length, sections and photos. */
const cardFor = (demo: CardContent, i: number): CardContent => ({
  ...demo,
  full_name: `Alex Tradesperson ${i}`,
  main_heading: `Alex Tradesperson ${i} Bathrooms`,
  business_card_name: `Alex Tradesperson ${i} Bathrooms`,
  contact_email: `trade${i}@example.com`,
});

/**
 * `count` tradespeople as the log holds them after sign-up (registered, verified, in trial, card published), one
 * in ten having edited the card twice more; written straight to the log in big transactions, as the commands'
 * read models would only be rebuilt by the replay anyway.
 */
export async function appendTradespeople(db: Db, demo: CardContent, count: number): Promise<void> {
  const now = new Date();
  const trialExpires = new Date(now.getTime() + 14 * DAY_MS).toISOString();
  for (let first = 0; first < count; first += ACCOUNTS_PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      for (let i = first; i < Math.min(count, first + ACCOUNTS_PER_TRANSACTION); i++) {
        const accountId = randomUUID();
        await appendToStream(
          trx,
          accountStreamId(accountId),
          0,
          [
            {
              type: 'AccountRegistered',
              data: {
                accountId,
                name: `Alex Tradesperson ${i}`,
                email: `trade${i}@example.com`,
                username: `trade${i}`,
              },
            },
            { type: 'EmailVerified', data: { accountId } },
            { type: 'TrialStarted', data: { accountId, trialExpires } },
          ],
          { now },
        );
        const card = cardFor(demo, i);
        const edits = i % 10 === 0 ? [card, { ...card, bio: `${card.bio} Edited.` }, card] : [card];
        await appendToStream(
          trx,
          cardStreamId(accountId),
          0,
          edits.map((content) => ({ type: 'CardPublished' as const, data: { accountId, content } })),
          { now },
        );
      }
    });
  }
}

export type SeededDataDir = {
  password: string;
  events: number;
  firstReplay: ReplayReport;
  firstReplayMs: number;
};

/**
 * A data folder with the demo (whose password the publisher signs in with) and `count` more tradespeople, its read
 * models built by one replay on its own (the peer figure), settled into the main file, and the projector's
 * checkpoint at the log's end: the server starting on it renders nothing, so it only serves and publishes.
 */
export async function seedReplayDataDir(dir: string, count: number): Promise<SeededDataDir> {
  const opened = await openDatabase(path.join(dir, 'app.db'));
  try {
    const seeded = await seedDemoInto(opened.db, dir);
    if (seeded.status !== 'created') throw new Error('the demo account already existed');
    await appendTradespeople(opened.db, await demoCardContent(opened.db), count);
    opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const started = performance.now();
    const firstReplay = await replay(opened.db);
    const firstReplayMs = performance.now() - started;
    const events = await lastGlobalPosition(opened.db);
    await saveCheckpoint(opened.db, events);
    opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return { password: seeded.password, events, firstReplay, firstReplayMs };
  } finally {
    await opened.close();
  }
}
