import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { CardContent } from '../../events/card/content';
import { groupCommitStats } from '../../platform/database/db';
import { GROUP_LIMITS } from '../../platform/database/group-commit';
import { profileDir } from '../../renderer/render-account';
import { sampleCardFields } from '../../renderer/sample/sample-card';
import { demoPhotosFor, photoFields, startDemoApp } from './demo-app';
import { atMost, type BenchOptions, type BenchRow, info } from './report';
import { percentile } from './stats';

const PUBLISHERS = 10;
const LIVE_TIMEOUT_MS = 30_000;
/**
 * Rounds of ten simultaneous publishes, the three set-ups taking turns so a busy moment hits all three alike;
 * a quick run gives each set-up one round.
 */
const ROUNDS = { full: 30, quick: 3 };
type Setup = { name: string; synchronous: 'FULL' | 'OFF'; grouped: boolean };
const SETUPS: Setup[] = [
  { name: 'as shipped', synchronous: 'FULL', grouped: true },
  { name: 'one commit per transaction', synchronous: 'FULL', grouped: false },
  { name: 'synchronous=OFF', synchronous: 'OFF', grouped: true },
];
type Figures = { live: number[]; post: number[]; commits: number; members: number };

/**
 * Ten tradespeople publishing at once (distinct accounts), each publish → its page on disk, through the app and a
 * real projector nudged after each commit as in api/server.ts. Rounds take turns between the shipped set-up
 * (synchronous=FULL, group commit) and two peers: one commit per transaction (what group commit saves) and
 * synchronous=OFF (what fsync costs at all).
 */
export async function writeConcurrent({ quick }: BenchOptions): Promise<BenchRow[]> {
  const rounds = quick ? ROUNDS.quick : ROUNDS.full;
  const { test, close } = await startDemoApp();
  const limit = GROUP_LIMITS.transactions;
  try {
    const publishers: { username: string; token: string }[] = [];
    // The same demo photos on every card, each publisher on record as having uploaded them.
    let images: CardContent | null = null;
    for (let i = 0; i < PUBLISHERS; i++) {
      const username = `busy${i}`;
      publishers.push({ username, token: await test.signUp(username) });
      images = await demoPhotosFor(test, username);
    }
    if (!images) throw new Error('no publishers');
    const photos = images;
    const body = (name: string, bio: string) =>
      JSON.stringify({
        ...sampleCardFields,
        full_name: name,
        bio,
        ...photoFields(photos),
      });
    const figures = new Map<Setup, Figures>(
      SETUPS.map((s) => [s, { live: [], post: [], commits: 0, members: 0 }]),
    );
    const publish = async (username: string, token: string, bio: string, into?: Figures) => {
      const started = performance.now();
      const response = await test.app.request('/api/business-card/create_business_card', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body(`Pat ${username}`, bio),
      });
      if (response.status !== 200)
        throw new Error(`publish failed: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      into?.post.push(performance.now() - started);
      // Live: the page shows it, however the page got there (the publish itself writes it, issue 29).
      const page = path.join(profileDir(test.deps.publicDir, username), 'index.html');
      const deadline = performance.now() + LIVE_TIMEOUT_MS;
      while (!fs.readFileSync(page, 'utf8').includes(bio)) {
        if (performance.now() > deadline) throw new Error(`${page} does not show "${bio}"`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      into?.live.push(performance.now() - started);
    };
    // First publishes start the trials and write the QR codes; the rounds after are the everyday case.
    await Promise.all(publishers.map((p) => publish(p.username, p.token, 'First version.')));
    const stats = groupCommitStats(test.db);
    for (let round = 0; round < rounds; round++) {
      const setup = SETUPS[round % SETUPS.length] as Setup;
      const into = figures.get(setup) as Figures;
      await sql.raw(`PRAGMA synchronous = ${setup.synchronous}`).execute(test.db);
      GROUP_LIMITS.transactions = setup.grouped ? limit : 1;
      const before = { ...(stats ?? { commits: 0, members: 0 }) };
      await Promise.all(
        publishers.map((p) =>
          publish(p.username, p.token, `Round ${round} for ${p.username}: boilers.`, into),
        ),
      );
      into.commits += (stats?.commits ?? 0) - before.commits;
      into.members += (stats?.members ?? 0) - before.members;
    }
    const [shipped, ungrouped, unsynced] = SETUPS.map((s) => figures.get(s) as Figures) as [
      Figures,
      Figures,
      Figures,
    ];
    return [
      info(`publish → live p50, ${PUBLISHERS} concurrent publishers`, percentile(shipped.live, 50), 'ms'),
      atMost(
        `publish → live p95, ${PUBLISHERS} concurrent publishers`,
        percentile(shipped.live, 95),
        'ms',
        50,
      ),
      info('of which the publish POST alone, p95', percentile(shipped.post, 95), 'ms'),
      atMost(
        `publish → live p95 ÷ the POST's p95, ${PUBLISHERS} concurrent publishers`,
        percentile(shipped.live, 95) / percentile(shipped.post, 95),
        '×',
        1.5,
      ),
      info('transactions and writes per SQLite commit', shipped.members / Math.max(1, shipped.commits), ''),
      info('peer: one commit per transaction, publish → live p95', percentile(ungrouped.live, 95), 'ms'),
      info('peer: one commit per transaction, publish POST p95', percentile(ungrouped.post, 95), 'ms'),
      info('peer: synchronous=OFF (no fsync), publish → live p95', percentile(unsynced.live, 95), 'ms'),
    ];
  } finally {
    GROUP_LIMITS.transactions = limit;
    await close();
  }
}
