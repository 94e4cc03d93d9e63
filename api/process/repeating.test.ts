import { describe, expect, it } from 'vitest';
import { startRepeating } from './repeating';

describe('stopping repeated work', () => {
  it('waits for the run under way, so the database is not closed beneath it', async () => {
    let finishRun = () => {};
    let runs = 0;
    const repeating = startRepeating(() => {
      runs += 1;
      return new Promise<void>((resolve) => {
        finishRun = resolve;
      });
    }, 10);

    let stopped = false;
    const stopping = repeating.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first run is still going: stop must not have resolved, and no second run joined it.
    expect(stopped).toBe(false);
    expect(runs).toBe(1);
    finishRun();
    await stopping;
    expect(stopped).toBe(true);
  });
});
