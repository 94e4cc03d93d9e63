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
import {
  PAGE_TEMPLATE_CHECKPOINT,
  PAGE_TEMPLATE_VERSION,
  renderedTemplateVersion,
  upgradePageTemplate,
} from './page-template';
import { catchUp, PROJECTOR_NAME, readCheckpoint, saveCheckpoint } from './projector';
import { rebuildProfiles } from './rebuild';
import type { RenderTarget } from './render-account';
import { rowsInBatches } from './rendered-rows';

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
    const result = await rebuildProfiles(t.db, target, { batchSize: 1 });
    expect(rendered.toSorted()).toEqual(['ann', 'bob']);
    expect(result.rendered).toBe(2);
    expect(await readCheckpoint(t.db)).toBe(checkpoint);

    rendered.length = 0;
    await catchUp(t.db, target);
    expect(rendered).toEqual(['cat']);
    expect(page('cat')).toContain('Changed while the rebuild ran.');
  });
});

describe('upgradePageTemplate: every page again after a release that changes them', () => {
  const setTemplateVersion = (position: number) =>
    t.db
      .insertInto('projector_checkpoints')
      .values({ name: PAGE_TEMPLATE_CHECKPOINT, position })
      .onConflict((oc) => oc.column('name').doUpdateSet({ position }))
      .execute();

  it('renders every page once when they were rendered by an older template, then never again', async () => {
    await seed();
    await catchUp(t.db, target);
    await setTemplateVersion(PAGE_TEMPLATE_VERSION - 1);
    // As a page written by the release before looks: nothing of what this one adds.
    fs.writeFileSync(path.join(target.publicDir, 'u', 'ann', 'index.html'), '<!doctype html><p>Old page</p>');
    rendered.length = 0;

    expect(await upgradePageTemplate(t.db, target)).toEqual({ rendered: 3 });
    expect(rendered.toSorted()).toEqual(['ann', 'bob', 'cat']);
    expect(page('ann')).toContain('First words of ann.');
    expect(await renderedTemplateVersion(t.db)).toBe(PAGE_TEMPLATE_VERSION);

    rendered.length = 0;
    expect(await upgradePageTemplate(t.db, target)).toBeNull();
    expect(rendered).toEqual([]);
  });

  it('treats an install that never recorded a version as an older template', async () => {
    await seed();
    await catchUp(t.db, target);
    rendered.length = 0;
    expect(await upgradePageTemplate(t.db, target)).toEqual({ rendered: 3 });
  });

  it('leaves pages alone when a newer release rendered them (an older instance elected mid-deploy)', async () => {
    await seed();
    await catchUp(t.db, target);
    await setTemplateVersion(PAGE_TEMPLATE_VERSION + 1);
    rendered.length = 0;
    expect(await upgradePageTemplate(t.db, target)).toBeNull();
    expect(rendered).toEqual([]);
    expect(await renderedTemplateVersion(t.db)).toBe(PAGE_TEMPLATE_VERSION + 1);
  });

  it('records nothing when stopped part way, so the next leader renders them all', async () => {
    await seed();
    await catchUp(t.db, target);
    rendered.length = 0;
    // Batches of one event, stopped after the first.
    let asked = 0;
    const result = await rebuildProfiles(t.db, target, { batchSize: 1, shouldStop: () => ++asked > 1 });
    expect(result.stopped).toBe(true);
    expect(rendered).toEqual(['ann']);
    expect(await upgradePageTemplate(t.db, target, () => true)).toBeNull();
    expect(await renderedTemplateVersion(t.db)).toBe(0);
    expect(await upgradePageTemplate(t.db, target)).toEqual({ rendered: 3 });
  });
});

describe('rows written together by a rebuild', () => {
  const row = (username: string) => ({ username, live: 1, rendered_at: now.toISOString(), og_image: null });
  const recorded = async () =>
    (
      await t.db
        .selectFrom('rendered_profiles')
        .select(['account_id', 'live'])
        .orderBy('account_id')
        .execute()
    ).map(({ account_id, live }) => `${account_id}:${live}`);
  const commits = () => (t.dialect === 'sqlite' ? t.driver.stats.commits : 0);

  it('commits the claims made in one turn together, each told only once it is committed', async () => {
    const rows = rowsInBatches(t.db);
    const before = commits();
    const seen = await Promise.all(
      ['ann', 'bob', 'cat'].map(async (id) => {
        await rows.record(id, row(id));
        return recorded();
      }),
    );
    expect(seen).toEqual(Array(3).fill(['ann:1', 'bob:1', 'cat:1']));
    if (t.dialect === 'sqlite') expect(commits() - before).toBe(1);
  });

  it('writes updates when flushed, and fails every claim of a batch that could not be committed', async () => {
    const rows = rowsInBatches(t.db);
    await rows.record('ann', row('ann'));
    await rows.update('ann', { live: 0, rendered_at: now.toISOString(), og_image: null });
    expect(await recorded()).toEqual(['ann:1']);
    await rows.flush();
    expect(await recorded()).toEqual(['ann:0']);

    const outcomes = await Promise.allSettled([
      rows.record('bob', row('bob')),
      rows.record('cat', row(null as unknown as string)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await recorded()).toEqual(['ann:0']);
  });

  it('gives a full rebuild of new pages one commit for its rows, not one a page', async () => {
    await seed();
    const before = commits();
    expect((await rebuildProfiles(t.db, target)).rendered).toBe(3);
    if (t.dialect === 'sqlite') expect(commits() - before).toBe(1);
    expect(await recorded()).toEqual(['ann:1', 'bob:1', 'cat:1']);
  });
});
