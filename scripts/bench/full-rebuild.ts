import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import type { CardContent } from '../../events/card/content';
import { cardDecider } from '../../events/card/decider';
import { cardStreamId } from '../../events/card/events';
import { handleCommand } from '../../events/command';
import { type Db, openDatabase } from '../../events/db';
import { profileDir } from '../../renderer/render-account';
import { npmScriptNodeFlags, startTsChild } from './child-process';
import { demoCardContent, seedDemoInto } from './demo-data';
import type { RebuildChildReport } from './rebuild-child';
import { atLeast, atMost, type BenchRow, info } from './report';

export const REBUILD_ACCOUNTS = 10_000;
const PUBLIC_URL = 'https://tradecard.bench';
const CHILD_TIMEOUT_MS = 20 * 60_000;

const username = (i: number) => `trade${i}`;
const fullName = (i: number) => `Alex Tradesperson ${i}`;

/** The demo's card with this account's name: the same photos (real media files), sections and length. */
const cardFor = (demo: CardContent, i: number): CardContent => ({
  ...demo,
  full_name: fullName(i),
  main_heading: `${fullName(i)} Bathrooms`,
  business_card_name: `${fullName(i)} Bathrooms`,
  contact_email: `${username(i)}@example.com`,
});

/** `count` verified accounts in trial, each with a published card, through the real commands in one transaction. */
async function generateAccounts(db: Db, demo: CardContent, count: number): Promise<void> {
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const accountId = randomUUID();
      const streamId = accountStreamId(accountId);
      const account = (command: Parameters<typeof accountDecider.decide>[0]) =>
        handleCommand(trx, { decider: accountDecider, streamId, command, now });
      await account({
        type: 'RegisterAccount',
        accountId,
        name: fullName(i),
        email: `${username(i)}@example.com`,
        username: username(i),
      });
      await account({ type: 'VerifyEmail' });
      await account({ type: 'StartTrial' });
      await handleCommand(trx, {
        decider: cardDecider,
        streamId: cardStreamId(accountId),
        command: { type: 'PublishCard', accountId, content: cardFor(demo, i), accountMayPublish: true },
        now,
      });
    }
  });
}

/** A data folder as production would have it: the seeded demo (whose photos every card reuses) and `count` more. */
async function prepareDataDir(dir: string, count: number): Promise<void> {
  const opened = await openDatabase(path.join(dir, 'app.db'));
  try {
    await seedDemoInto(opened.db, dir);
    await generateAccounts(opened.db, await demoCardContent(opened.db), count);
    // Settled into the main file, as a production log would be, rather than one fresh transaction in the WAL.
    opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await opened.close();
  }
}

/** A fast rebuild of wrong pages is worthless: every page must exist, and samples must be the right person's. */
function checkPages(publicDir: string, count: number): void {
  for (let i = 0; i < count; i++) {
    if (!fs.existsSync(path.join(profileDir(publicDir, username(i)), 'index.html'))) {
      throw new Error(`the rebuild wrote no page for ${username(i)}`);
    }
  }
  for (const i of [0, Math.floor(count / 2), count - 1]) {
    const dir = profileDir(publicDir, username(i));
    if (!fs.readFileSync(path.join(dir, 'index.html'), 'utf8').includes(fullName(i))) {
      throw new Error(`the page for ${username(i)} does not show ${fullName(i)}`);
    }
    const vcard = fs.readFileSync(path.join(dir, 'contact.vcf'), 'utf8');
    if (!vcard.includes(fullName(i)) || !/^PHOTO/m.test(vcard)) {
      throw new Error(`the vCard for ${username(i)} lacks the name or the photo`);
    }
  }
}

/** One `npm run rebuild` over `dir` in a child process of its own; its report, once it has exited cleanly. */
async function rebuildInChild(dir: string): Promise<RebuildChildReport> {
  const child = startTsChild(
    'scripts/bench/rebuild-child.ts',
    { DATA_DIR: dir, PUBLIC_URL },
    npmScriptNodeFlags('rebuild'),
  );
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the rebuild took too long')), CHILD_TIMEOUT_MS);
    });
    const code = await Promise.race([child.exited, timeout]);
    if (code !== 0) throw new Error(`the rebuild exited with ${code}:\n${child.output()}`);
    return JSON.parse(child.output().trim().split('\n').at(-1) ?? '') as RebuildChildReport;
  } finally {
    clearTimeout(timer);
    await child.stop();
  }
}

/**
 * Full rebuild (`npm run rebuild`: replay, then render every profile) in a child process, to measure its peak RSS:
 * first into an empty public folder (a restore onto a new machine: every QR code and file is new), then again over
 * the pages it wrote (the everyday rebuild: QR codes exist, unchanged files are left alone).
 */
export async function fullRebuild(count = REBUILD_ACCOUNTS): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-rebuild-'));
  try {
    const generating = performance.now();
    await prepareDataDir(dir, count);
    const generated = (performance.now() - generating) / 1000;
    process.stderr.write(`  generated ${count} accounts in ${generated.toFixed(1)} s\n`);

    const first = await rebuildInChild(dir);
    checkPages(path.join(dir, 'public'), count);
    const again = await rebuildInChild(dir);
    checkPages(path.join(dir, 'public'), count);

    const seconds = first.renderMs / 1000;
    const label = count.toLocaleString('en-US');
    return [
      atLeast('full rebuild', count / seconds, 'profiles/s', 500),
      info(`full rebuild: rendering ${label} profiles (${first.rendered} renders)`, seconds, 's'),
      info(
        `full rebuild: replay of ${first.events.toLocaleString('en-US')} events first`,
        first.replayMs / 1000,
        's',
      ),
      atMost('full rebuild peak memory (RSS)', first.maxRssKb / 1024, 'MB', 300),
      info('full rebuild peak memory once started, before the replay', first.startMaxRssKb / 1024, 'MB'),
      info('full rebuild peak memory once the read models are replayed', first.replayMaxRssKb / 1024, 'MB'),
      info(
        'full rebuild again, over the pages already written',
        count / (again.renderMs / 1000),
        'profiles/s',
      ),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
