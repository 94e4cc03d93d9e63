import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountDecider } from '../events/account/decider';
import { cardDecider } from '../events/card/decider';
import { handleCommand } from '../events/command';
import { lastGlobalPosition } from '../events/store';
import { openTempDatabase } from '../tests/support/events/db';
import { fullCard } from '../tests/support/renderer/card';
import { diskTarget } from '../tests/support/renderer/disk-target';
import { catchUp, PROJECTOR_NAME, readCheckpoint, saveCheckpoint } from './projector';
import { rebuildProfiles } from './rebuild';
import type { RenderTarget } from './render-account';

// Every render the rebuild asks for, and a hook to run once the first has begun (the server writing meanwhile).
const rendered: string[] = [];
let duringFirstRender: (() => Promise<unknown>) | null = null;
vi.mock('./render-account', async (original) => {
  const actual = await original<typeof import('./render-account')>();
  return {
    ...actual,
    renderAccount: async (...args: Parameters<typeof actual.renderAccount>) => {
      rendered.push(args[1]);
      const hook = duringFirstRender;
      duringFirstRender = null;
      await hook?.();
      return actual.renderAccount(...args);
    },
  };
});

let t: Awaited<ReturnType<typeof openTempDatabase>>;
let target: RenderTarget;
const now = new Date('2026-11-22T10:00:00Z');

beforeEach(async () => {
  t = await openTempDatabase();
  target = diskTarget(path.join(t.dir, 'public'));
  rendered.length = 0;
  duringFirstRender = null;
});
afterEach(async () => {
  await t.close();
});

const register = (id: string) =>
  handleCommand(t.db, {
    decider: accountDecider,
    streamId: `account-${id}`,
    command: { type: 'RegisterAccount', accountId: id, name: id, email: `${id}@example.com`, username: id },
    now,
  });
const publish = (id: string, bio: string) =>
  handleCommand(t.db, {
    decider: cardDecider,
    streamId: `card-${id}`,
    command: { type: 'PublishCard', accountId: id, content: fullCard({ bio }), accountMayPublish: true },
    now,
  });
const page = (username: string) =>
  fs.readFileSync(path.join(target.publicDir, 'u', username, 'index.html'), 'utf8');

async function seed() {
  for (const id of ['ann', 'bob', 'cat']) {
    await register(id);
    await handleCommand(t.db, {
      decider: accountDecider,
      streamId: `account-${id}`,
      command: { type: 'StartTrial' },
      now,
    });
    await publish(id, `First words of ${id}.`);
  }
}

describe('rebuildProfiles beside the server', () => {
  it('leaves the live projector’s checkpoint where it was', async () => {
    await seed();
    await catchUp(t.db, target);
    await saveCheckpoint(t.db, 3);
    await rebuildProfiles(t.db, target);
    expect(await readCheckpoint(t.db)).toBe(3);
    const rows = await t.db.selectFrom('projector_checkpoints').selectAll().execute();
    expect(rows).toEqual([{ name: PROJECTOR_NAME, position: 3 }]);
  });

  it('renders each account once, and leaves one changed while it runs to the live projector', async () => {
    await seed();
    await catchUp(t.db, target);
    const checkpoint = await lastGlobalPosition(t.db);
    rendered.length = 0;
    duringFirstRender = () => publish('cat', 'Changed while the rebuild ran.');
    // Batches of one event: each account's events span several batches.
    const result = await rebuildProfiles(t.db, target, 1);
    expect(rendered.toSorted()).toEqual(['ann', 'bob']);
    expect(result.rendered).toBe(2);
    expect(await readCheckpoint(t.db)).toBe(checkpoint);

    rendered.length = 0;
    await catchUp(t.db, target);
    expect(rendered).toEqual(['cat']);
    expect(page('cat')).toContain('Changed while the rebuild ran.');
  });
});
