import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase } from '../tests/support/events/db';
import type { Deps } from './deps';
import { startScheduler } from './scheduler';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

describe('stopping the scheduler', () => {
  it('waits for the tick under way, so the database is not closed beneath it', async () => {
    let finishAdvance = () => {};
    let advances = 0;
    const payments = {
      advance: () => {
        advances += 1;
        return new Promise<void>((resolve) => {
          finishAdvance = resolve;
        });
      },
    } as unknown as Deps['payments'];
    const scheduler = startScheduler({ db: t.db, now: () => new Date(), onAppended: () => {}, payments }, 10);

    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first tick is still advancing payments: stop must not have resolved, and no second tick joined it.
    expect(stopped).toBe(false);
    expect(advances).toBe(1);
    finishAdvance();
    await stopping;
    expect(stopped).toBe(true);
  });
});
