import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../platform/database/db';
import { sampleCardFields } from '../../renderer/sample/sample-card';
import { npmScriptNodeFlags, type RunningChild, startTsChild } from './child-process';
import { demoCardContent } from './demo-data';
import { seedReplayDataDir } from './replay-seed';
import { atMost, type BenchOptions, type BenchRow, info } from './report';
import { percentile } from './stats';

export const REPLAY_PROFILES = 50_000;
const QUICK_REPLAY_PROFILES = 300;
const PUBLIC_URL = 'https://tradecard.bench';
const START_TIMEOUT_MS = 120_000;
const REPLAY_TIMEOUT_MS = 20 * 60_000;
const PUBLISH_EVERY_MS = 100;
/** How long publishes are timed before the replay starts, for the peer figures. */
const BEFORE_MS = { full: 3_000, quick: 1_000 };

type Publish = { ok: boolean; status: number; ms: number; bio: string };

/** Signs in as the demo and publishes its card through the HTTP API, as the editor does (SPEC §5). */
async function publisher(port: number, password: string) {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password }),
  });
  const token = ((await login.json()) as { token?: string }).token;
  if (!login.ok || !token) throw new Error(`login answered ${login.status}`);
  let n = 0;
  return async (): Promise<Publish> => {
    n += 1;
    const bio = `Publish number ${n}: bathrooms and wet rooms fitted across Bristol since 2009.`;
    const started = performance.now();
    const response = await fetch(`${base}/api/business-card/create_business_card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...sampleCardFields, full_name: 'Demo Publisher', bio }),
    }).catch(() => null);
    await response?.arrayBuffer();
    return {
      ok: response?.status === 200,
      status: response?.status ?? 0,
      ms: performance.now() - started,
      bio,
    };
  };
}

/** Publishes every PUBLISH_EVERY_MS (one at a time, as a person would) until `until` settles. */
async function publishUntil(publish: () => Promise<Publish>, until: Promise<unknown>): Promise<Publish[]> {
  let done = false;
  // A timeout's rejection is the caller's to report; here it only ends the loop.
  until.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  const results: Publish[] = [];
  while (!done) {
    const started = performance.now();
    results.push(await publish());
    const rest = PUBLISH_EVERY_MS - (performance.now() - started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  return results;
}

const figure = (pattern: RegExp, text: string, what: string) => {
  const found = pattern.exec(text)?.[1];
  if (!found) throw new Error(`npm run replay printed no ${what}:\n${text}`);
  return Number(found);
};

/**
 * `npm run replay` over `count` profiles beside a running server that a client publishes to every 100 ms: how
 * many publishes fail (budget 0), the longest the replay held the write lock (budget 100 ms), and how long it took,
 * beside the same replay run alone first and the publishes' latency just before it started.
 */
export async function replayBesideServer(
  { quick }: BenchOptions,
  count = quick ? QUICK_REPLAY_PROFILES : REPLAY_PROFILES,
): Promise<BenchRow[]> {
  const beforeMs = quick ? BEFORE_MS.quick : BEFORE_MS.full;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-replay-'));
  const children: RunningChild[] = [];
  try {
    const seeding = performance.now();
    const seeded = await seedReplayDataDir(dir, count);
    process.stderr.write(
      `  seeded ${count} profiles in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`,
    );

    const config = { DATA_DIR: dir, PUBLIC_URL, PAYMENTS: 'local', MAIL: 'outbox' };
    const server = startTsChild('api/server.ts', { ...config, PORT: '0', SEED_DEMO: 'false' });
    children.push(server);
    const port = Number(
      (await server.waitFor(/TradeCard is running at http:\/\/localhost:(\d+)/, START_TIMEOUT_MS))[1],
    );
    const publish = await publisher(port, seeded.password);
    const before = await publishUntil(publish, new Promise((resolve) => setTimeout(resolve, beforeMs)));

    const replaying = performance.now();
    const replayer = startTsChild('scripts/replay.ts', config, npmScriptNodeFlags('replay'));
    children.push(replayer);
    let timer: NodeJS.Timeout | undefined;
    const tooLong = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('npm run replay took too long')), REPLAY_TIMEOUT_MS);
    });
    const during = await publishUntil(publish, Promise.race([replayer.exited, tooLong]));
    clearTimeout(timer);
    const replayMs = performance.now() - replaying;
    const code = await Promise.race([replayer.exited, tooLong]);
    const output = replayer.output();
    if (code !== 0) throw new Error(`npm run replay exited with ${code}:\n${output}`);
    const longest = figure(/at most ([\d.]+) ms/, output, 'longest lock');
    const swap = figure(/the swap ([\d.]+) ms/, output, 'swap time');
    const transactions = figure(/\((\d+) transactions/, output, 'transaction count');
    const longestStep = /longest: ([\w-]+)/.exec(output)?.[1] ?? '?';
    process.stderr.write(`  npm run replay: ${/Longest by step: .*/.exec(output)?.[0] ?? output}\n`);
    const p99 = figure(/p99 ([\d.]+) ms/, output, 'p99');
    const mostCpu = figure(/Most CPU in one transaction: ([\d.]+) ms/, output, 'CPU per transaction');
    await server.stop();

    // A replay that lost a publish made meanwhile would be worse than a slow one.
    const opened = await openDatabase(path.join(dir, 'app.db'));
    try {
      const last = [...before, ...during].filter((p) => p.ok).at(-1);
      const users = await opened.db.selectFrom('users').select('id').execute();
      if (users.length !== count + 1)
        throw new Error(`after the replay: ${users.length} users, not ${count + 1}`);
      const demo = await demoCardContent(opened.db);
      if (last && demo.bio !== last.bio) throw new Error('the replay lost the last publish');
    } finally {
      await opened.close();
    }

    const failed = during.filter((p) => !p.ok);
    const statuses = [...new Set(failed.map((p) => p.status))].join(', ');
    const label = count.toLocaleString('en-US');
    const times = (list: Publish[]) => list.map((p) => p.ms);
    return [
      atMost(
        `publishes failed during a ${label}-profile replay (of ${during.length}${statuses ? `; status ${statuses}` : ''})`,
        failed.length,
        '',
        0,
      ),
      atMost(`replay beside the server: longest write-lock hold (${longestStep})`, longest, 'ms', 100),
      info('replay beside the server: write transactions p99', p99, 'ms'),
      info('replay beside the server: most CPU used inside one transaction', mostCpu, 'ms'),
      info('replay beside the server: the swap transaction', swap, 'ms'),
      info(`replay beside the server: total (${transactions} write transactions)`, replayMs / 1000, 's'),
      info(
        `the same replay alone, before (${seeded.events.toLocaleString('en-US')} events)`,
        seeded.firstReplayMs / 1000,
        's',
      ),
      info(
        `the same replay alone: longest write-lock hold (${seeded.firstReplay.lock.longestStep})`,
        seeded.firstReplay.lock.longestMs,
        'ms',
      ),
      info('publish p50 before the replay', percentile(times(before), 50), 'ms'),
      info('publish p50 during the replay', percentile(times(during), 50), 'ms'),
      info('publish p99 during the replay', percentile(times(during), 99), 'ms'),
      info('publish max during the replay', Math.max(...times(during)), 'ms'),
      info('publishes failed before the replay (the peer)', before.filter((p) => !p.ok).length, ''),
    ];
  } finally {
    for (const child of children.reverse()) await child.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// `tsx scripts/bench/replay-beside-server.ts [count]` runs this figure on its own.
if (process.argv[1]?.endsWith('replay-beside-server.ts')) {
  const { FULL_RUN, formatTable } = await import('./report');
  const count = Number(process.argv[2] ?? REPLAY_PROFILES);
  console.log(formatTable(await replayBesideServer(FULL_RUN, count)));
}
