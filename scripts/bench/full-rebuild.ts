import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { profileDir } from '../../renderer/render-account';
import { npmScriptNodeFlags, startTsChild } from './child-process';
import { demoCardContent, seedDemoInto } from './demo-data';
import type { RebuildChildReport } from './rebuild-child';
import { appendTradespeople } from './replay-seed';
import { atLeast, atMost, type BenchRow, info } from './report';
import { postgresOrLeftOut, withBenchDatabase, withTempPostgresUrl } from './temp-db';

export const REBUILD_ACCOUNTS = 10_000;
const PUBLIC_URL = 'https://tradecard.bench';
const CHILD_TIMEOUT_MS = 20 * 60_000;

const username = (i: number) => `trade${i}`;
const fullName = (i: number) => `Alex Tradesperson ${i}`;

/**
 * A data folder as production would have it: the seeded demo (whose photos every card reuses) and `count`
 * tradespeople with published cards, in the log only (the rebuild replays the read models first anyway), the same
 * log on either database; settled, as a production database long since is.
 */
async function prepareDataDir(dir: string, count: number, databaseUrl?: string): Promise<void> {
  await withBenchDatabase({ dir, databaseUrl }, async ({ db, settle }) => {
    await seedDemoInto(db, dir);
    await appendTradespeople(db, await demoCardContent(db), count);
    await settle();
  });
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
async function rebuildInChild(dir: string, databaseUrl = ''): Promise<RebuildChildReport> {
  // An empty DATABASE_URL is SQLite's file in DATA_DIR, whatever the bench's own environment says.
  const child = startTsChild(
    'scripts/bench/rebuild-child.ts',
    { DATA_DIR: dir, PUBLIC_URL, DATABASE_URL: databaseUrl, STORAGE: 'disk' },
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

type Rebuilt = { first: RebuildChildReport; again: RebuildChildReport };

/**
 * Full rebuild (`npm run rebuild`: replay, then render every profile) in a child process, to measure its peak RSS:
 * first into an empty public folder (a restore onto a new machine: every QR code and file is new), then again over
 * the pages it wrote (the everyday rebuild: QR codes exist, unchanged files are left alone). On the SQLite file in
 * a fresh data folder, or on the PostgreSQL database at `databaseUrl` (pages still on the data folder's disk).
 */
async function rebuildTwice(count: number, databaseUrl?: string): Promise<Rebuilt> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-rebuild-'));
  try {
    const generating = performance.now();
    await prepareDataDir(dir, count, databaseUrl);
    const generated = (performance.now() - generating) / 1000;
    const on = databaseUrl ? 'PostgreSQL' : 'SQLite';
    process.stderr.write(`  generated ${count} accounts on ${on} in ${generated.toFixed(1)} s\n`);

    const first = await rebuildInChild(dir, databaseUrl);
    checkPages(path.join(dir, 'public'), count);
    const again = await rebuildInChild(dir, databaseUrl);
    checkPages(path.join(dir, 'public'), count);
    return { first, again };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const profilesPerSecond = (count: number, report: RebuildChildReport) => count / (report.renderMs / 1000);

/**
 * Issue 15: the same rebuild on PostgreSQL, after SQLite's in the same run (one at a time: each rebuild wants the
 * whole machine). No budget of its own; its ratio to SQLite's.
 */
async function onPostgres(count: number, sqlite: Rebuilt): Promise<BenchRow[]> {
  if (!(await postgresOrLeftOut('full rebuild'))) return [];
  const { first, again } = await withTempPostgresUrl((url) => rebuildTwice(count, url));
  const rate = profilesPerSecond(count, first);
  return [
    info('PostgreSQL: full rebuild', rate, 'profiles/s'),
    info('PostgreSQL ÷ SQLite: full rebuild', rate / profilesPerSecond(count, sqlite.first), '×'),
    info('PostgreSQL: full rebuild: the replay first', first.replayMs / 1000, 's'),
    info('PostgreSQL: full rebuild peak memory (RSS)', first.maxRssKb / 1024, 'MB'),
    info(
      'PostgreSQL: full rebuild again, over the pages already written',
      profilesPerSecond(count, again),
      'profiles/s',
    ),
  ];
}

export async function fullRebuild(count = REBUILD_ACCOUNTS): Promise<BenchRow[]> {
  const sqlite = await rebuildTwice(count);
  const { first, again } = sqlite;
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
    info('full rebuild again, over the pages already written', profilesPerSecond(count, again), 'profiles/s'),
    ...(await onPostgres(count, sqlite)),
  ];
}
