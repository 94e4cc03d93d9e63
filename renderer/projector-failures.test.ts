import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase } from '../tests/support/events/db';
import { captureLogs } from '../tests/support/observability/logs';
import { diskTarget } from '../tests/support/renderer/disk-target';
import { publishedCard } from '../tests/support/renderer/published';
import { startProjector } from './projector';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
let logs: ReturnType<typeof captureLogs>;
const now = new Date('2026-11-22T10:00:00Z');

beforeEach(async () => {
  t = await openTempDatabase();
  logs = captureLogs('info');
});
afterEach(async () => {
  logs.restore();
  await t.close();
});

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
};

describe('the running projector when rendering keeps failing', () => {
  it('logs the first failure as an error with its cause, not every retry, and says when it works again', async () => {
    await publishedCard(t.db, 'dana', now);
    // The pages folder's place is taken by a file: every render fails until it is moved away.
    const publicDir = path.join(t.dir, 'public');
    fs.writeFileSync(publicDir, 'not a folder');
    const projector = startProjector(t.db, diskTarget(publicDir), 5);
    try {
      await until(() => logs.lines().length > 0);
      // Many ticks of 5 ms.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logs.lines()).toEqual([
        expect.objectContaining({
          level: 'error',
          msg: 'Rendering profiles failed; will retry',
          err: expect.objectContaining({ code: expect.stringMatching(/^E(NOTDIR|EXIST)$/) }),
        }),
      ]);

      fs.rmSync(publicDir);
      await until(() => fs.existsSync(path.join(publicDir, 'u', 'dana', 'index.html')));
      await projector.idle();
      expect(logs.lines().map((line) => [line.level, line.msg])).toEqual([
        ['error', 'Rendering profiles failed; will retry'],
        ['info', 'Rendering profiles works again'],
      ]);
    } finally {
      await projector.stop();
    }
  });
});
