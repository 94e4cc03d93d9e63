import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readCheckpoint } from '../renderer/projector';
import { createTestApp } from '../tests/support/api/app';
import { registerTestAccount } from '../tests/support/events/db';
import { createLeaderWork, type LeaderWork } from './leader-work';

let t: Awaited<ReturnType<typeof createTestApp>>;
let work: LeaderWork;
beforeEach(async () => {
  t = await createTestApp();
  work = createLeaderWork(t.deps, t.renderTarget);
});
afterEach(async () => {
  await work.close();
  await t.close();
});

const rendered = (username: string) =>
  fs.existsSync(path.join(t.deps.publicDir, 'u', username, 'index.html'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A part that notes its starts and stops in `timeline`. */
const probe = (name: string, timeline: string[]) => ({
  name,
  start: () => {
    timeline.push(`${name} start`);
    return { stop: () => void timeline.push(`${name} stop`) };
  },
});

it('renders nothing while it does not lead, and catches up from the checkpoint once elected', async () => {
  await registerTestAccount(t.db, 1);
  work.nudgeProjector();
  await work.projectorIdle();
  // Past the projector's 500 ms poll: nothing runs it here.
  await sleep(700);
  expect(rendered('user1')).toBe(false);

  work.start();
  await work.projectorIdle();
  expect(rendered('user1')).toBe(true);
  const afterFirst = await readCheckpoint(t.db);
  expect(afterFirst).toBeGreaterThan(0);

  await work.stop({ inOrder: false });
  await registerTestAccount(t.db, 2);
  work.nudgeProjector();
  await sleep(700);
  expect(rendered('user2')).toBe(false);
  expect(await readCheckpoint(t.db)).toBe(afterFirst);

  work.start();
  await work.projectorIdle();
  expect(rendered('user2')).toBe(true);
});

it('starts a part added while leading at once, stops it with the rest, and starts it again on re-election', async () => {
  const timeline: string[] = [];
  const part = probe('probe', timeline);
  work.add(part);
  expect(timeline).toEqual([]);
  work.start();
  expect(timeline).toEqual(['probe start']);
  await work.stop({ inOrder: false });
  work.start();
  const late = probe('late', timeline);
  work.add(late);
  await work.stop({ inOrder: true });
  expect(timeline).toEqual([
    'probe start',
    'probe stop',
    'probe start',
    'late start',
    'probe stop',
    'late stop',
  ]);
});

it('never starts again once closed, whatever an election says afterwards', async () => {
  const timeline: string[] = [];
  work.add(probe('probe', timeline));
  work.start();
  await work.close();
  work.start();
  expect(timeline).toEqual(['probe start', 'probe stop']);
});

it('waits before rendering when elected on PostgreSQL, and never renders if deposed within the wait', async () => {
  await registerTestAccount(t.db, 1);
  work.start({ projectorAfterMs: 800 });
  await sleep(400);
  expect(rendered('user1')).toBe(false);
  await work.stop({ inOrder: false });
  await sleep(800);
  expect(rendered('user1')).toBe(false);

  work.start({ projectorAfterMs: 300 });
  await sleep(500);
  await work.projectorIdle();
  expect(rendered('user1')).toBe(true);
});
