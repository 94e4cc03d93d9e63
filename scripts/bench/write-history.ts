import { findCardContent } from '../../events/card/cards-read-model';
import { SNAPSHOT_POLICY } from '../../events/snapshots';
import { appendToStream, streamVersion } from '../../events/store';
import { sampleCardFields } from '../../renderer/sample/sample-card';
import { createTestApp } from '../../tests/support/api/app';
import { atMost, type BenchOptions, type BenchRow, info } from './report';
import { percentile } from './stats';

/** `window` is a multiple of 50: the late window alternates rounds of 25 between two snapshot policies. */
type Sizes = { window: number; saves: number; foldAllSaves: number };
const FULL: Sizes = { window: 250, saves: 3000, foldAllSaves: 50 };
const QUICK: Sizes = { window: 50, saves: 200, foldAllSaves: 5 };
const USERNAME = 'history';

/**
 * Publish POST latency on one card at its first saves and at its 2,751st–3,000th, through the whole app. Saves
 * 251–2,750 are appended directly (the same CardPublished events a publish writes, each with its own bio): the
 * figure is about what a save costs once the stream is long, not about how the history got there. The peer row
 * deletes the snapshots before each save, so every save folds the whole stream as before ADR 018.
 */
export async function writeHistory({ quick }: BenchOptions): Promise<BenchRow[]> {
  const { window: windowSize, saves, foldAllSaves } = quick ? QUICK : FULL;
  const test = await createTestApp();
  try {
    const token = await test.signUp(USERNAME);
    const accountId = (
      await test.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', USERNAME)
        .executeTakeFirstOrThrow()
    ).id;
    const streamId = `card-${accountId}`;
    const publish = async (bio: string) => {
      const started = performance.now();
      const response = await test.app.request('/api/business-card/create_business_card', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...sampleCardFields, full_name: 'Hana History', bio }),
      });
      const elapsed = performance.now() - started;
      if (response.status !== 200)
        throw new Error(`publish failed: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      return elapsed;
    };
    const bio = (save: number) =>
      `Save number ${save}: kitchens, bathrooms and loft conversions around Leeds.`;

    const early: number[] = [];
    for (let save = 1; save <= windowSize; save++) early.push(await publish(bio(save)));

    const content = await findCardContent(test.db, accountId);
    if (!content) throw new Error('the card is not published');
    const now = new Date('2026-11-22T09:00:00Z');
    for (let save = windowSize + 1; save <= saves - windowSize; save += 50) {
      await test.db.transaction().execute(async (trx) => {
        const events = Array.from({ length: 50 }, (_, i) => ({
          type: 'CardPublished' as const,
          data: { accountId, content: { ...content, bio: bio(save + i) } },
        }));
        await appendToStream(trx, streamId, await streamVersion(trx, streamId), events, { now });
      });
    }

    // The late window in rounds of 25, interleaved: a snapshot every save, and one every 25 saves (a peer).
    const late: number[] = [];
    const lateEvery25: number[] = [];
    for (let save = saves - windowSize + 1; save <= saves; save += 25) {
      const every25 = (save - 1) % 50 === 25;
      SNAPSHOT_POLICY.every = every25 ? 25 : 1;
      for (let i = 0; i < 25; i++) (every25 ? lateEvery25 : late).push(await publish(bio(save + i)));
    }
    SNAPSHOT_POLICY.every = 1;

    // The same saves again with the snapshots gone each time: what every save cost before snapshots.
    const unsnapshotted: number[] = [];
    for (let save = saves + 1; save <= saves + foldAllSaves; save++) {
      await test.db.deleteFrom('snapshots').where('stream_id', '=', streamId).execute();
      unsnapshotted.push(await publish(bio(save)));
    }

    return [
      info(`publish POST p50, saves 1–${windowSize} of one card`, percentile(early, 50), 'ms'),
      info(`publish POST p95, saves 1–${windowSize}`, percentile(early, 95), 'ms'),
      info(
        `publish POST p50, saves ${saves - windowSize + 1}–${saves} (every other 25)`,
        percentile(late, 50),
        'ms',
      ),
      atMost(`publish POST p95, saves ${saves - windowSize + 1}–${saves}`, percentile(late, 95), 'ms', 50),
      info('the same p50 with a snapshot every 25 saves (a peer)', percentile(lateEvery25, 50), 'ms'),
      info('the same p95 with a snapshot every 25 saves (a peer)', percentile(lateEvery25, 95), 'ms'),
      info(
        `publish POST p50 at ${saves} saves, snapshots deleted before each (the fold-everything peer)`,
        percentile(unsnapshotted, 50),
        'ms',
      ),
    ];
  } finally {
    await test.close();
  }
}
