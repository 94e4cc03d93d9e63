import sharp from 'sharp';
import * as art from '../../renderer/sample/illustrations';
import { sampleCardFields } from '../../renderer/sample/sample-card';
import { checkStillFollows, type Setup, startBucket, startSetup } from './publish-live-servers';
import { type BenchOptions, type BenchRow, info } from './report';
import { signUpOverHttp } from './serving-account';
import { percentile } from './stats';
import { postgresOrLeftOut, withTempPostgresUrl } from './temp-db';

const TIMED_PUBLISHES = { full: 200, quick: 5 };
const USERNAME = 'livebench';
/** Asked again this soon: a poll's own cost (a cached page) is well under a millisecond. */
const POLL_MS = 2;
const LIVE_TIMEOUT_MS = 30_000;
const PORTS = {
  sqlite: [3610],
  postgres: [3611],
  pair: [3612, 3613],
  bucketPair: [3614, 3615],
  s3rver: 3620,
};

/** The demo's five pictures as the JPEGs a phone would send, uploaded as the editor does before it saves. */
const PHOTOS = [
  ['cover_photo', art.coverIllustration],
  ['avatar', art.portraitIllustration],
  ['works', art.showerIllustration],
  ['works', art.bathIllustration],
  ['works', art.vanityIllustration],
] as const;

async function uploadPhoto(baseUrl: string, token: string, slot: string, svg: string): Promise<string> {
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const form = new FormData();
  form.append('slot', slot);
  form.append('photo', new File([new Uint8Array(jpeg)], `${slot}.jpg`, { type: 'image/jpeg' }));
  const response = await fetch(`${baseUrl}/api/business-card/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await response.json()) as { data?: { url?: string } };
  if (response.status !== 201 || !answer.data?.url)
    throw new Error(`photo upload: ${response.status} ${JSON.stringify(answer)}`);
  return answer.data.url;
}

type Publisher = { setup: Setup; token: string; photos: Record<string, unknown> };

/** A tradesperson on the instance that takes the publishes, with the five photos a card shows uploaded. */
async function publisherOn(setup: Setup): Promise<Publisher> {
  const { url } = setup.publishTo;
  const token = await signUpOverHttp(url, setup.mailDir, USERNAME);
  const urls: Record<string, string[]> = {};
  for (const [slot, svg] of PHOTOS)
    urls[slot] = [...(urls[slot] ?? []), await uploadPhoto(url, token, slot, svg())];
  return {
    setup,
    token,
    photos: { cover_photo: urls.cover_photo?.[0], avatar: urls.avatar?.[0], existing_works: urls.works },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One save as the editor sends it (SPEC §5: the sample card's fields, a new bio, the stored photos' addresses);
 * milliseconds from the request's start until the instance that took it serves /u/<name> with the new bio.
 */
async function publishToLive({ setup, token, photos }: Publisher, revision: number): Promise<number> {
  const base = setup.publishTo.url;
  const bio = `Bio revision number ${revision}: fitted bathrooms and wet rooms across Bristol since 2009.`;
  const started = performance.now();
  const response = await fetch(`${base}/api/business-card/create_business_card`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...sampleCardFields, full_name: 'Lee Latency', bio, ...photos }),
  });
  if (response.status !== 200)
    throw new Error(`${setup.label}: publish answered ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  for (;;) {
    const page = await fetch(`${base}/u/${USERNAME}`);
    const html = await page.text();
    if (page.status === 200 && html.includes(bio)) return performance.now() - started;
    if (performance.now() - started > LIVE_TIMEOUT_MS)
      throw new Error(`${setup.label}: /u/${USERNAME} answered ${page.status} without revision ${revision}`);
    await sleep(POLL_MS);
  }
}

/**
 * Every setup's servers run at once and take their publishes in turn, one at a time, so a busy moment on this
 * shared machine lands on each alike; the first publish (the trial starts, QR codes are written, and on PostgreSQL
 * the new leader's projector waits out its 3.5 s start, ADR 025) is not timed.
 */
async function measure(setups: Setup[], timedPublishes: number): Promise<number[][]> {
  const publishers: Publisher[] = [];
  for (const setup of setups) publishers.push(await publisherOn(setup));
  for (const publisher of publishers) await publishToLive(publisher, -1);
  const times = setups.map((): number[] => []);
  for (let i = 0; i < timedPublishes; i++) {
    for (const [n, publisher] of publishers.entries()) times[n]?.push(await publishToLive(publisher, i));
  }
  for (const setup of setups) checkStillFollows(setup);
  return times;
}

async function withSetups<T>(starts: (() => Promise<Setup>)[], work: (setups: Setup[]) => Promise<T>) {
  const setups: Setup[] = [];
  try {
    for (const start of starts) setups.push(await start());
    return await work(setups);
  } finally {
    for (const setup of setups) await setup.stop();
  }
}

const row = (p: number, what: string, times: number[]) =>
  info(`publish → live p${p}, ${what} (${times.length} publishes, real servers)`, percentile(times, p), 'ms');

/** `count` new PostgreSQL databases of their own, dropped afterwards. */
const withDatabases = <T>(
  count: number,
  work: (urls: string[]) => Promise<T>,
  urls: string[] = [],
): Promise<T> =>
  urls.length === count
    ? work(urls)
    : withTempPostgresUrl((url) => withDatabases(count, work, [...urls, url]));

/**
 * Issue 15: publish → served by the instance that took it, through real server processes: SQLite alone (the
 * peer); PostgreSQL with one instance; PostgreSQL with two on one data folder (the shared-disk topology of ADR 025),
 * the publish sent to the follower: it appends, NOTIFY wakes the leader, the leader renders, and the follower serves
 * the new page once the changed-files notice has dropped its cached copy; and the same two on one bucket (STORAGE=s3
 * on s3rver, a data folder each), where the same notice drops the page from the follower's bucket cache (ADR 024),
 * else served for up to 1 s after the leader wrote it.
 */
export async function publishLive({ quick }: BenchOptions): Promise<BenchRow[]> {
  const timedPublishes = quick ? TIMED_PUBLISHES.quick : TIMED_PUBLISHES.full;
  const measured = (setups: Setup[]) => measure(setups, timedPublishes);
  const sqlite = () => startSetup('SQLite, 1 instance', PORTS.sqlite);
  if (!(await postgresOrLeftOut('publish → live'))) {
    const [alone = []] = await withSetups([sqlite], measured);
    return [row(50, 'SQLite, 1 instance', alone), row(95, 'SQLite, 1 instance', alone)];
  }
  const bucket = await startBucket(PORTS.s3rver);
  try {
    return await withDatabases(3, async ([single, shared, bucketed]) => {
      const [alone = [], one = [], two = [], onBucket = []] = await withSetups(
        [
          sqlite,
          () => startSetup('PostgreSQL, 1 instance', PORTS.postgres, { DATABASE_URL: single as string }),
          () => startSetup('PostgreSQL, 2 instances', PORTS.pair, { DATABASE_URL: shared as string }),
          () =>
            startSetup('PostgreSQL, 2 instances, one bucket', PORTS.bucketPair, {
              DATABASE_URL: bucketed as string,
              ...bucket.env,
            }),
        ],
        measured,
      );
      const p50 = (times: number[]) => percentile(times, 50);
      const p95 = (times: number[]) => percentile(times, 95);
      const follower = 'PostgreSQL, 2 instances on one data folder, to the follower';
      const bucketFollower = 'PostgreSQL, 2 instances on one bucket (STORAGE=s3), to the follower';
      return [
        row(50, 'SQLite, 1 instance', alone),
        row(95, 'SQLite, 1 instance', alone),
        row(50, 'PostgreSQL, 1 instance', one),
        row(95, 'PostgreSQL, 1 instance', one),
        row(50, follower, two),
        row(95, follower, two),
        row(50, bucketFollower, onBucket),
        row(95, bucketFollower, onBucket),
        info('publish → live p50: PostgreSQL 1 instance ÷ SQLite', p50(one) / p50(alone), '×'),
        info('publish → live p95: PostgreSQL 1 instance ÷ SQLite', p95(one) / p95(alone), '×'),
        info('publish → live p95: PostgreSQL 2 instances on one data folder ÷ 1', p95(two) / p95(one), '×'),
        info(
          'publish → live p50: PostgreSQL 2 instances, one bucket ÷ one data folder',
          p50(onBucket) / p50(two),
          '×',
        ),
      ];
    });
  } finally {
    await bucket.stop();
  }
}
