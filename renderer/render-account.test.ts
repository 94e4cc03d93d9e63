import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountDecider } from '../events/account/decider';
import type { CardContent } from '../events/card/content';
import { cardDecider } from '../events/card/decider';
import { handleCommand } from '../events/command';
import type { Storage } from '../platform/storage/storage';
import { openTempDatabase } from '../tests/support/events/db';
import { fullCard } from '../tests/support/renderer/card';
import { diskTarget } from '../tests/support/renderer/disk-target';
import { publishedCard } from '../tests/support/renderer/published';
import { ogImageFile } from './og-image/file';
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

describe('rendering one account from two processes at once', () => {
  // On first start the demo seed and the server both rendered the demo account; during a leader hand-over two
  // instances' projectors can briefly render the same account too.
  it('renders it from both, records it once, and leaves the row and the files in step', async () => {
    const ids = ['demo', 'dana', 'sam'];
    for (const id of ids) await publishedCard(t.db, id, now);
    const other = await t.openAnother();
    try {
      const outcomes = await Promise.allSettled(
        ids.flatMap((id) => [renderAccount(t.db, id, target), renderAccount(other.db, id, target)]),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      expect(outcomes.map((outcome) => outcome.status === 'fulfilled' && outcome.value)).toEqual(
        ids.flatMap(() => ['live', 'live']),
      );
    } finally {
      await other.close();
    }
    const recorded = await t.db
      .selectFrom('rendered_profiles')
      .select(['account_id', 'username', 'live'])
      .orderBy('account_id')
      .execute();
    expect(recorded).toEqual([...ids].sort().map((id) => ({ account_id: id, username: id, live: 1 })));
    for (const id of ids) {
      const page = fs.readFileSync(path.join(target.publicDir, 'u', id, 'index.html'), 'utf8');
      expect(page).toContain('Bathrooms fitted right, first time');
      expect(fs.existsSync(path.join(target.publicDir, 'u', id, 'contact.vcf'))).toBe(true);
    }
  });
});

describe('a first render into a folder', () => {
  /** The storage calls that read or list a profile's folder (photos are read through their own cache). */
  const watched = (seen: string[]): Storage =>
    Object.assign(Object.create(target.storage), {
      get: (key: string) => {
        if (key.startsWith('u/')) seen.push(`get ${key}`);
        return target.storage.get(key);
      },
      putIfChanged: (...args: Parameters<Storage['putIfChanged']>) => {
        seen.push(`putIfChanged ${args[0]}`);
        return target.storage.putIfChanged(...args);
      },
      list: (prefix: string) => {
        seen.push(`list ${prefix}`);
        return target.storage.list(prefix);
      },
    });

  it('looks once at a folder that isn’t there, reading nothing back; one it rendered before, it compares', async () => {
    await publishedCard(t.db, 'dana', now);
    const first: string[] = [];
    expect(await renderAccount(t.db, 'dana', { ...target, storage: watched(first) })).toBe('live');
    expect(first).toEqual(['list u/dana/']);
    const again: string[] = [];
    await renderAccount(t.db, 'dana', { ...target, storage: watched(again) });
    expect(again).toEqual([
      'putIfChanged u/dana/index.html',
      'get u/dana/index.html.variants',
      'putIfChanged u/dana/contact.vcf',
    ]);
  });

  it('removes what the name’s former owner left in it: the preview image and QR codes of another address', async () => {
    const folder = path.join(target.publicDir, 'u', 'dana');
    fs.mkdirSync(folder, { recursive: true });
    for (const name of ['index.html', 'contact.vcf', 'og.0123456789abcdef.jpg', 'qr.0123456789abcdef.png'])
      fs.writeFileSync(path.join(folder, name), 'left by the former owner');
    await publishedCard(t.db, 'dana', now);
    await renderAccount(t.db, 'dana', target);
    expect(fs.readdirSync(folder).sort()).toEqual([
      'contact.vcf',
      'index.html',
      'index.html.br',
      'index.html.gz',
      'index.html.variants',
    ]);
    expect(fs.readFileSync(path.join(folder, 'contact.vcf'), 'utf8')).toContain('BEGIN:VCARD');
  });
});

describe('the link preview image', () => {
  const folder = () => fs.readdirSync(path.join(target.publicDir, 'u', 'dana')).sort();
  const record = () =>
    t.db
      .selectFrom('rendered_profiles')
      .select(['live', 'rendered_at', 'og_image'])
      .where('account_id', '=', 'dana')
      .executeTakeFirstOrThrow();
  const publish = (content: CardContent) =>
    handleCommand(t.db, {
      decider: cardDecider,
      streamId: 'card-dana',
      command: { type: 'PublishCard', accountId: 'dana', content, accountMayPublish: true },
      now,
    });
  const account = (command: Parameters<typeof accountDecider.decide>[0], at = now) =>
    handleCommand(t.db, { decider: accountDecider, streamId: 'account-dana', command, now: at });
  const image = () => ogImageFile(t.db, target.storage, 'dana');
  /** The keys written or removed while `work` ran. */
  const changedBy = async (work: () => Promise<unknown>) => {
    const changed: string[] = [];
    const stop = target.storage.onChanged((key) => changed.push(key));
    try {
      await work();
    } finally {
      stop();
    }
    return changed;
  };

  it('is named by the live page with what it shows, and drawn on its first request: a 1200 × 630 JPEG', async () => {
    await publishedCard(t.db, 'dana', now);
    expect(await renderAccount(t.db, 'dana', target)).toBe('live');
    const { live, rendered_at, og_image } = await record();
    expect(live).toBe(1);
    expect(Date.parse(rendered_at ?? '')).not.toBeNaN();
    expect(og_image).toMatch(/^[0-9a-f]{16}$/);
    expect(fs.readFileSync(path.join(target.publicDir, 'u', 'dana', 'index.html'), 'utf8')).toContain(
      `<meta property="og:image" content="https://tradecard.test/u/dana/og.jpg?v=${og_image}"/>`,
    );
    // A rebuild of thousands of pages never waits on drawing them.
    expect(folder()).not.toContain(`og.${og_image}.jpg`);

    expect(await image()).toBe(`u/dana/og.${og_image}.jpg`);
    const meta = await sharp(path.join(target.publicDir, 'u', 'dana', `og.${og_image}.jpg`)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('is not drawn again while what it shows is unchanged; is once it changes, and the old one goes', async () => {
    const card = fullCard();
    await publishedCard(t.db, 'dana', now);
    await publish(card);
    await renderAccount(t.db, 'dana', target);
    const first = await record();
    const drawn = await image();

    // A re-render (a rebuild) of the same card writes nothing, the record included; asked again, nothing is drawn.
    expect(await changedBy(() => renderAccount(t.db, 'dana', target))).toEqual([]);
    expect(await record()).toEqual(first);
    expect(await changedBy(async () => expect(await image()).toBe(drawn))).toEqual([]);

    // The page changes, but the picture does not show the bio: the same image.
    await publish({ ...card, bio: 'Now fitting wet rooms too.' });
    expect(await changedBy(() => renderAccount(t.db, 'dana', target))).toEqual([
      'u/dana/index.html',
      'u/dana/index.html.gz',
      'u/dana/index.html.br',
      'u/dana/index.html.variants',
    ]);
    expect((await record()).og_image).toBe(first.og_image);
    expect(await changedBy(async () => expect(await image()).toBe(drawn))).toEqual([]);

    // The trade is on the picture (and in the vCard): the page names a new one, and the old one goes.
    await publish({ ...card, job_title: 'Plumber' });
    expect(await changedBy(() => renderAccount(t.db, 'dana', target))).toEqual([
      'u/dana/index.html',
      'u/dana/index.html.gz',
      'u/dana/index.html.br',
      'u/dana/index.html.variants',
      drawn,
      'u/dana/contact.vcf',
    ]);
    const { og_image } = await record();
    expect(og_image).not.toBe(first.og_image);
    expect(await changedBy(image)).toEqual([`u/dana/og.${og_image}.jpg`]);
    expect(folder().filter((name) => name.startsWith('og.'))).toEqual([`og.${og_image}.jpg`]);
  });

  it('is drawn once for two requests at once', async () => {
    await publishedCard(t.db, 'dana', now);
    await renderAccount(t.db, 'dana', target);
    const changed = await changedBy(() => Promise.all([image(), image()]));
    expect(changed).toEqual([`u/dana/og.${(await record()).og_image}.jpg`]);
  });

  it('goes when the page stops being live, and with the folder when the account goes', async () => {
    await publishedCard(t.db, 'dana', now);
    await renderAccount(t.db, 'dana', target);
    const drawn = await image();

    await account({ type: 'EndTrial' }, new Date('2026-12-07T00:00:00Z'));
    // Not live the moment the account is not, before the projector has caught up.
    expect(await image()).toBeNull();
    expect(await renderAccount(t.db, 'dana', target)).toBe('not-live');
    expect(folder()).not.toContain(drawn?.split('/').at(-1));
    expect(await record()).toMatchObject({ live: 0, og_image: null });

    await account({ type: 'DeleteAccount' });
    expect(await renderAccount(t.db, 'dana', target)).toBe('no-longer-in-use');
    expect(folder()).toEqual(['index.html', 'index.html.br', 'index.html.gz', 'index.html.variants']);
    expect(await image()).toBeNull();
  });

  it('keeps no image of a page taken down while it was being drawn', async () => {
    await publishedCard(t.db, 'dana', now);
    await renderAccount(t.db, 'dana', target);
    const { storage } = target;
    // The trial ends between the drawing and the writing of the file.
    const endingMidway: Storage = Object.assign(Object.create(storage), {
      put: async (...args: Parameters<Storage['put']>) => {
        await account({ type: 'EndTrial' }, new Date('2026-12-07T00:00:00Z'));
        return storage.put(...args);
      },
    });
    expect(await ogImageFile(t.db, endingMidway, 'dana')).toBeNull();
    expect(folder().filter((name) => name.startsWith('og.'))).toEqual([]);
  });
});
