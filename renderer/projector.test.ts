import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountDecider } from '../events/account/decider';
import { defaultCardContent } from '../events/card/content';
import { cardDecider } from '../events/card/decider';
import { handleCommand } from '../events/command';
import { replay } from '../events/replay';
import { lastGlobalPosition } from '../events/store';
import { openTempDatabase } from '../tests/support/events/db';
import { everySectionHidden, fullCard } from '../tests/support/renderer/card';
import { diskTarget } from '../tests/support/renderer/disk-target';
import { catchUp, readCheckpoint, startProjector } from './projector';
import { type RenderTarget, renderAccount } from './render-account';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
let target: RenderTarget;
const now = new Date('2026-11-22T10:00:00Z');

beforeEach(async () => {
  t = await openTempDatabase();
  target = diskTarget(path.join(t.dir, 'public'));
});
afterEach(async () => {
  await t.close();
});

const account = (id: string, command: Parameters<typeof accountDecider.decide>[0]) =>
  handleCommand(t.db, { decider: accountDecider, streamId: `account-${id}`, command, now });
const publish = (id: string, content = fullCard()) =>
  handleCommand(t.db, {
    decider: cardDecider,
    streamId: `card-${id}`,
    command: { type: 'PublishCard', accountId: id, content, accountMayPublish: true },
    now,
  });
/** A card with nothing to show, as could be published before issue 14 made the decider refuse one. */
const publishBlankAsBefore = (id: string) =>
  handleCommand(t.db, {
    decider: {
      ...cardDecider,
      decide: () => [{ type: 'CardPublished', data: { accountId: id, content: everySectionHidden() } }],
    },
    streamId: `card-${id}`,
    command: null,
    now,
  });
const register = (id: string) =>
  account(id, { type: 'RegisterAccount', accountId: id, name: id, email: `${id}@example.com`, username: id });

const page = (username: string) =>
  fs.readFileSync(path.join(target.publicDir, 'u', username, 'index.html'), 'utf8');
const exists = (...parts: string[]) => fs.existsSync(path.join(target.publicDir, 'u', ...parts));

async function seed() {
  await register('live');
  await account('live', { type: 'StartTrial' });
  await publish('live');
  await register('fresh');
  await register('blank');
  await account('blank', { type: 'StartTrial' });
  await publishBlankAsBefore('blank');
  await register('noemail');
  await account('noemail', { type: 'StartTrial' });
  await publish('noemail', { ...defaultCardContent(), full_name: 'Only A Name' });
}

/** Every rendered file, by path, with its bytes. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(target.publicDir, full), fs.readFileSync(full).toString('base64'));
    }
  };
  walk(path.join(target.publicDir, 'u'));
  return files;
}

describe('the profile projector', () => {
  it('renders the page each account’s state calls for', async () => {
    await seed();
    const result = await catchUp(t.db, target);
    expect(result.events).toBe(await lastGlobalPosition(t.db));
    expect(page('live')).toContain('Dave Thompson');
    expect(exists('live', 'contact.vcf')).toBe(true);
    expect(page('fresh')).toContain('This profile isn’t live yet');
    expect(exists('fresh', 'contact.vcf')).toBe(false);
    expect(page('blank')).toContain('This profile isn’t set up yet');
    expect(page('noemail')).toContain('Only A Name');
    expect(exists('noemail', 'contact.vcf')).toBe(false);
  });

  it('takes a page down when its trial ends, and retires a deleted account’s page', async () => {
    await seed();
    await catchUp(t.db, target);
    await handleCommand(t.db, {
      decider: accountDecider,
      streamId: 'account-live',
      command: { type: 'EndTrial' },
      now: new Date('2026-12-07T00:00:00Z'),
    });
    await catchUp(t.db, target);
    expect(page('live')).toContain('This profile isn’t live yet');
    expect(page('live')).not.toContain('Dave Thompson');
    expect(exists('live', 'contact.vcf')).toBe(false);

    // Issue 11, finding 6: printed cards still lead to a deleted account's address, so it says the card is gone.
    fs.writeFileSync(path.join(target.publicDir, 'u', 'noemail', 'qr.png'), 'a drawn code');
    await account('noemail', { type: 'DeleteAccount' });
    await catchUp(t.db, target);
    expect(page('noemail')).toContain('This card is no longer in use');
    expect(page('noemail')).not.toContain('Only A Name');
    expect(page('noemail')).not.toContain('noemail');
    expect(fs.readdirSync(path.join(target.publicDir, 'u', 'noemail')).sort()).toEqual([
      'index.html',
      'index.html.br',
      'index.html.gz',
      'index.html.variants',
    ]);

    await account('noemail', { type: 'ReleaseUsername', releasedBy: 'admin' });
    await catchUp(t.db, target);
    expect(exists('noemail')).toBe(false);
  });

  it('leaves a retired name’s folder to the account that takes the name next', async () => {
    await register('old');
    await account('old', { type: 'DeleteAccount' });
    await catchUp(t.db, target);
    expect(page('old')).toContain('no longer in use');
    // A year and a day later the name is free; the newcomer's page replaces the notice.
    await handleCommand(t.db, {
      decider: accountDecider,
      streamId: 'account-new',
      command: {
        type: 'RegisterAccount',
        accountId: 'new',
        name: 'N',
        email: 'n@example.com',
        username: 'old',
      },
      now: new Date('2027-11-23T10:00:00Z'),
    });
    await catchUp(t.db, target);
    expect(page('old')).toContain('isn’t live yet');
    const { rebuildProfiles } = await import('./rebuild');
    await rebuildProfiles(t.db, target);
    expect(page('old')).toContain('isn’t live yet');
  });

  it('resumes after a crash without gaps or repeats', async () => {
    await seed();
    // A projector that died after rendering one account, before it could save its checkpoint.
    await renderAccount(t.db, 'live', target);
    expect(await readCheckpoint(t.db)).toBe(0);
    const first = await catchUp(t.db, target);
    expect(first.events).toBe(await lastGlobalPosition(t.db));
    expect(page('fresh')).toContain('isn’t live yet');
    expect(page('live')).toContain('Dave Thompson');
    const before = snapshot();

    await publish('live', fullCard({ bio: 'Now also fitting wet rooms.' }));
    const second = await catchUp(t.db, target);
    expect(second).toEqual({ events: 1, rendered: 1 });
    expect(page('live')).toContain('Now also fitting wet rooms.');
    expect(snapshot().get('u/fresh/index.html')).toBe(before.get('u/fresh/index.html'));
  });

  it('renders nothing for an account event no page shows: the weekly summary, queued or switched', async () => {
    await seed();
    await account('live', { type: 'VerifyEmail' });
    await catchUp(t.db, target);
    // Every owner's summary is queued on a Monday: a re-render of every page each week, for nothing on them.
    await account('live', { type: 'QueueWeeklySummary', week: '2026-11-23' });
    await account('live', { type: 'SetWeeklySummary', on: false, via: 'settings' });
    expect(await catchUp(t.db, target)).toEqual({ events: 2, rendered: 0 });
  });

  it('renders byte-identical files from a replayed log', async () => {
    await seed();
    await catchUp(t.db, target);
    const first = snapshot();
    expect(first.size).toBeGreaterThanOrEqual(9);

    fs.rmSync(path.join(target.publicDir, 'u'), { recursive: true });
    await t.db.deleteFrom('projector_checkpoints').execute();
    await t.db.deleteFrom('rendered_profiles').execute();
    await replay(t.db);
    await catchUp(t.db, target);
    expect(snapshot()).toEqual(first);
  });
});

describe('stopping the projector', () => {
  it('starts no batch once its signal is aborted, leaving the checkpoint where it was', async () => {
    await seed();
    const stopping = new AbortController();
    stopping.abort();
    expect(await catchUp(t.db, target, 1, stopping.signal)).toEqual({ events: 0, rendered: 0 });
    expect(await readCheckpoint(t.db)).toBe(0);
    expect(exists('live')).toBe(false);
  });

  it('lets the batch under way finish, then writes nothing more, even when nudged', async () => {
    await seed();
    const projector = startProjector(t.db, target, 60_000);
    // Stop while the first run is somewhere in its batch; where exactly doesn't matter, the outcome must not.
    await new Promise((resolve) => setImmediate(resolve));
    await projector.stop();
    const checkpoint = await readCheckpoint(t.db);
    const files = exists() ? snapshot() : new Map();
    // All or nothing: a finished batch rendered every account and saved its checkpoint; a skipped one neither.
    if (checkpoint === 0) expect(files.size).toBe(0);
    else {
      expect(checkpoint).toBe(await lastGlobalPosition(t.db));
      expect(page('live')).toContain('Dave Thompson');
      expect(page('noemail')).toContain('Only A Name');
    }

    await publish('live', fullCard({ bio: 'Published after the stop.' }));
    projector.nudge();
    await projector.idle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readCheckpoint(t.db)).toBe(checkpoint);
    expect(exists() ? snapshot() : new Map()).toEqual(files);
  });
});

describe('rebuildProfiles', () => {
  it('re-renders every page from the start of the log and removes folders of no account', async () => {
    const { rebuildProfiles } = await import('./rebuild');
    await seed();
    await catchUp(t.db, target);
    const first = snapshot();
    fs.rmSync(path.join(target.publicDir, 'u', 'live'), { recursive: true });
    fs.mkdirSync(path.join(target.publicDir, 'u', 'stray'), { recursive: true });
    const result = await rebuildProfiles(t.db, target);
    expect(result.removed).toBe(1);
    expect(snapshot()).toEqual(first);
    expect(await readCheckpoint(t.db)).toBe(await lastGlobalPosition(t.db));
  });
});
