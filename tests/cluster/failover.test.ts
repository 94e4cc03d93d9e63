import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../support/abuse/server';
import { type Session, signIn } from '../support/abuse/signed-in';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';
import {
  leads,
  NEEDS_POSTGRES,
  pageShows,
  publish,
  sleep,
  summary,
  waitUntil,
} from '../support/cluster/instances';
import { clusterSchema } from '../support/cluster/schema';
import { testDatabaseUrl } from '../support/events/db';

// Issue 15, ADR 025: two real server processes on one PostgreSQL database and one DATA_DIR (the shared-disk
// topology), as instances behind a load balancer. The test is the load balancer, choosing the instance each time.
// It runs in the `postgres` project, which vitest.config.ts starts only when PostgreSQL answers (and says so when
// it does not); in the `sqlite` project there is no PostgreSQL to run two instances on, so it is skipped.

const url = testDatabaseUrl();
const PASSWORD = 'Plumber2026';
type Account = { username: string; session: Session };

const servers: ServerProcess[] = [];
let cleanup: (() => Promise<unknown>) | null = null;
afterAll(async () => {
  await Promise.all(servers.map((server) => server.cleanup()));
  await cleanup?.();
});

const onDisk = (dataDir: string, username: string, text: string) => {
  try {
    return fs.readFileSync(path.join(dataDir, 'public', 'u', username, 'index.html'), 'utf8').includes(text);
  } catch {
    return false;
  }
};

/**
 * Milliseconds from sending a publish to `via` until the page with it is written to the shared data folder (by the
 * leader, wherever the publish went), and until `via` serves it.
 */
async function publishToLive(via: ServerProcess, session: Session, username: string, fullName: string) {
  const start = performance.now();
  expect((await publish(via, session, fullName)).status).toBe(200);
  let written: number | null = null;
  for (;;) {
    if (written === null && onDisk(via.dataDir, username, fullName)) written = performance.now() - start;
    if (await pageShows(via, username, fullName)) break;
    await sleep(2);
  }
  const served = performance.now() - start;
  return { written: written ?? served, served };
}

if (!url) console.info(`The cluster test is skipped here (${NEEDS_POSTGRES}).`);

describe.skipIf(!url)(
  `two server processes on one PostgreSQL database and one data folder (${NEEDS_POSTGRES})`,
  () => {
    it('elect one leader, serve through either, and survive kill -9 of the leader under publishes', async () => {
      const cluster = await clusterSchema(url as string);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-cluster-'));
      cleanup = async () => {
        await cluster.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
      // What every instance behind one address shares: the database, the data folder, the secret, the address.
      const env = {
        DATABASE_URL: cluster.databaseUrl,
        APP_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
        PUBLIC_URL: 'http://localhost:3400',
      };
      // One after the other: the first migrates the schema.
      const first = await startServerProcess({ dataDir, env });
      servers.push(first);
      await waitUntil('the first instance to lead', () => leads(first), 10_000);
      const second = await startServerProcess({ dataDir, env });
      servers.push(second);
      // Past a few of the follower's tries (every 2 s): still exactly one leader.
      await sleep(4500);
      expect([leads(first), leads(second)]).toEqual([true, false]);

      // Everything through the follower: the sign-up's mail is sent by the leader, woken by NOTIFY.
      const accounts: Account[] = [];
      for (const username of ['ana', 'ben', 'cal', 'dee']) {
        const email = await signUpThroughApi(second, username, PASSWORD);
        accounts.push({ username, session: await signIn(second, email, PASSWORD) });
      }
      // Dee stays out of the publish stream below, to time her page after the kill.
      const [ana, ben, cal, dee] = accounts as [Account, Account, Account, Account];
      const streamed = [ana, ben, cal];
      await publishToLive(second, ana.session, ana.username, 'Ana First');

      // Publish → page live, through the leader and through the follower.
      const viaLeader: { written: number; served: number }[] = [];
      const viaFollower: { written: number; served: number }[] = [];
      for (let i = 0; i < 15; i += 1) {
        viaLeader.push(await publishToLive(first, ana.session, ana.username, `Ana Leader ${i}`));
        viaFollower.push(await publishToLive(second, ana.session, ana.username, `Ana Follower ${i}`));
      }
      for (const [through, samples] of [
        ['the leader', viaLeader],
        ['the follower', viaFollower],
      ] as const) {
        console.info(`publish through ${through} → page written: ${summary(samples.map((s) => s.written))}`);
        console.info(
          `publish through ${through} → page served by it: ${summary(samples.map((s) => s.served))}`,
        );
      }
      // The follower drops the leader's new page from its cache when told (api/static/changed-files.ts), not at its cache's
      // recheck a second later.
      const servedByFollower = viaFollower.map((sample) => sample.served).sort((a, b) => a - b);
      expect(servedByFollower[Math.floor(servedByFollower.length / 2)]).toBeLessThan(500);

      // A stream of publishes to both, one at a time per account; the leader is killed in the middle of it.
      const acknowledged: { username: string; fullName: string }[] = [];
      let streaming = true;
      const streams = streamed.map(async ({ username, session }) => {
        for (let n = 0; streaming; n += 1) {
          const fullName = `${username} version ${n}`;
          const answer = await publish(n % 2 ? second : first, session, fullName).catch(() => null);
          if (answer?.status === 200) acknowledged.push({ username, fullName });
        }
      });
      await sleep(2000);
      const killedAt = Date.now();
      first.child.kill('SIGKILL');
      // Acknowledged by the survivor at once (it only appends); rendered once it leads and its projector starts.
      expect((await publish(second, dee.session, 'Dee After The Kill')).status).toBe(200);
      await waitUntil('the follower to lead', () => leads(second), 10_000);
      const takeover = Date.now() - killedAt;
      await waitUntil(
        'the page published after the kill',
        () => onDisk(dataDir, 'dee', 'Dee After The Kill'),
        10_000,
      );
      const pagesAgain = Date.now() - killedAt;
      console.info(
        `kill -9 of the leader → follower leads: ${takeover} ms; → its page written: ${pagesAgain} ms`,
      );
      await sleep(2000);
      streaming = false;
      await Promise.all(streams);
      expect(acknowledged.length).toBeGreaterThan(20);

      // Every acknowledged publish is in the log.
      const cardEvents = await cluster.query<{ data: string }>(
        "SELECT data FROM events WHERE stream_id LIKE 'card-%'",
      );
      const logged = cardEvents.map((row) => row.data).join('\n');
      const missing = acknowledged.filter(({ fullName }) => !logged.includes(`"${fullName}"`));
      expect(missing).toEqual([]);

      // The new leader renders everything: the checkpoint reaches the end of the log, and each page shows the
      // latest publish, made through the survivor.
      for (const { username, session } of streamed) {
        expect((await publish(second, session, `${username} final`)).status).toBe(200);
      }
      await waitUntil(
        'the projector to reach the end of the log',
        async () => {
          const [row] = await cluster.query<{ behind: number }>(
            `SELECT (SELECT max(global_position) FROM events) - position AS behind
           FROM projector_checkpoints WHERE name = 'profile-pages'`,
          );
          return Number(row?.behind) === 0;
        },
        5000,
      );
      for (const { username } of streamed)
        await waitUntil(`${username}'s page`, () => pageShows(second, username, `${username} final`), 5000);
      expect(takeover).toBeLessThan(10_000);
      expect(pagesAgain).toBeLessThan(10_000);

      // A newcomer joins as a follower; the leader, stopped as an orchestrator stops it, hands over to it.
      const third = await startServerProcess({ dataDir, env });
      servers.push(third);
      await sleep(2500);
      expect(leads(third)).toBe(false);
      const stoppedAt = Date.now();
      expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      await waitUntil('the newcomer to lead', () => leads(third), 5000);
      console.info(`SIGTERM to the leader → the newcomer leads: ${Date.now() - stoppedAt} ms`);
      await publishToLive(third, dee.session, dee.username, 'Dee After The Handover');
    }, 180_000);
  },
);
