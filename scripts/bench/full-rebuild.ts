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
export const QUICK_REBUILD_ACCOUNTS = 300;
const PUBLIC_URL = 'https://tradecard.bench';
const CHILD_TIMEOUT_MS = 20 * 60_000;

const username = (i: number) => `trade${i}`;
const fullName = (i: number) => `Alex Tradesperson ${i}`;

/**
 * A data folder as production would have it: the seeded demo (whose photos every card reuses) and `count`
 * tradespeople with published cards, in the log only (the rebuild replays the read models first anyway), the same
 * log on either database; settled, as a production database long since is.
 */
export async function prepareDataDir(dir: string, count: number, databaseUrl?: string): Promise<void> {
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
export async function rebuildInChild(dir: string, databaseUrl = ''): Promise<RebuildChildReport> {
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
/** A data folder ready to rebuild, on its SQLite file or on the PostgreSQL database at `databaseUrl`. */
type Prepared = { dir: string; databaseUrl?: string };

/** A fresh data folder (pages on its disk whichever the database), prepared, removed after `work`. */
async function withPrepared<T>(
  count: number,
  databaseUrl: string | undefined,
  work: (p: Prepared) => Promise<T>,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-rebuild-'));
  try {
    const generating = performance.now();
    await prepareDataDir(dir, count, databaseUrl);
    const generated = (performance.now() - generating) / 1000;
    const on = databaseUrl ? 'PostgreSQL' : 'SQLite';
    process.stderr.write(`  generated ${count} accounts on ${on} in ${generated.toFixed(1)} s\n`);
    return await work({ dir, databaseUrl });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function rebuildChecked({ dir, databaseUrl }: Prepared, count: number): Promise<RebuildChildReport> {
  const report = await rebuildInChild(dir, databaseUrl);
  checkPages(path.join(dir, 'public'), count);
  return report;
}

/**
 * Full rebuild (`npm run rebuild`: replay, then render every profile) in a child process, to measure its peak RSS:
 * first into an empty public folder (a restore onto a new machine: every QR code and file is new), then again over
 * the pages it wrote (the everyday rebuild: QR codes exist, unchanged files are left alone). Each data folder's
 * first, then each one's again, so SQLite and PostgreSQL take turns and a busy moment on this shared machine is less
 * likely to land on one only (one at a time: each rebuild wants the whole machine).
 */
async function rebuildInTurn(prepared: Prepared[], count: number): Promise<Rebuilt[]> {
  const firsts: RebuildChildReport[] = [];
  for (const one of prepared) firsts.push(await rebuildChecked(one, count));
  const rebuilt: Rebuilt[] = [];
  for (const [i, one] of prepared.entries())
    rebuilt.push({ first: firsts[i] as RebuildChildReport, again: await rebuildChecked(one, count) });
  return rebuilt;
}

const profilesPerSecond = (count: number, report: RebuildChildReport) => count / (report.renderMs / 1000);

function sqliteRows(count: number, { first, again }: Rebuilt): BenchRow[] {
  const seconds = first.renderMs / 1000;
  const label = count.toLocaleString('en-US');
  return [
    atLeast('full rebuild', count / seconds, 'profiles/s', 1000),
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
  ];
}

/** Issue 15: the same log rebuilt on PostgreSQL. No budget of its own; its ratio to SQLite's in the same run. */
function postgresRows(count: number, sqlite: Rebuilt, { first, again }: Rebuilt): BenchRow[] {
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
  if (!(await postgresOrLeftOut('full rebuild'))) {
    return withPrepared(count, undefined, async (alone) => {
      const [sqlite] = await rebuildInTurn([alone], count);
      return sqliteRows(count, sqlite as Rebuilt);
    });
  }
  return withTempPostgresUrl((url) =>
    withPrepared(count, undefined, (onSqlite) =>
      withPrepared(count, url, async (onPostgres) => {
        const [sqlite, postgres] = (await rebuildInTurn([onSqlite, onPostgres], count)) as [Rebuilt, Rebuilt];
        return [...sqliteRows(count, sqlite), ...postgresRows(count, sqlite, postgres)];
      }),
    ),
  );
}
