import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  PAGE_TEMPLATE_CHECKPOINT,
  PAGE_TEMPLATE_VERSION,
  renderedTemplateVersion,
} from '../../renderer/page-template';
import { readCheckpoint } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { registerTestAccount } from '../../tests/support/events/db';
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
  // The wait is long beside the checks, so a slow machine can't let it run out between them.
  const started = Date.now();
  work.start({ projectorAfterMs: 3000 });
  await sleep(400);
  expect(rendered('user1')).toBe(false);
  await work.stop({ inOrder: false });
  await sleep(Math.max(0, started + 3500 - Date.now()));
  expect(rendered('user1')).toBe(false);

  work.start({ projectorAfterMs: 300 });
  for (const deadline = Date.now() + 10_000; !rendered('user1') && Date.now() < deadline; ) await sleep(20);
  await work.projectorIdle();
  expect(rendered('user1')).toBe(true);
});

it('renders every page again once elected after a release whose page template is newer, and records it', async () => {
  const templateRendered = async () => {
    for (
      let waited = 0;
      (await renderedTemplateVersion(t.db)) < PAGE_TEMPLATE_VERSION && waited < 5000;
      waited += 50
    )
      await sleep(50);
  };
  await registerTestAccount(t.db, 1);
  work.start();
  await work.projectorIdle();
  // A fresh install is brought up to date at once (nothing to render); then, pages rendered by the release before.
  await templateRendered();
  await t.db.deleteFrom('projector_checkpoints').where('name', '=', PAGE_TEMPLATE_CHECKPOINT).execute();
  const file = path.join(t.deps.publicDir, 'u', 'user1', 'index.html');
  fs.writeFileSync(file, 'Old page');
  await work.stop({ inOrder: false });

  work.start();
  for (
    let waited = 0;
    (await renderedTemplateVersion(t.db)) < PAGE_TEMPLATE_VERSION && waited < 5000;
    waited += 50
  )
    await sleep(50);
  expect(await renderedTemplateVersion(t.db)).toBe(PAGE_TEMPLATE_VERSION);
  expect(fs.readFileSync(file, 'utf8')).not.toBe('Old page');
});
