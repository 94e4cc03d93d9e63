import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodePageVariants, PAGE_VARIANTS_FILE } from '../../platform/storage/page-variants';
import { createTestApp } from '../../tests/support/api/app';
import { captureLogs } from '../../tests/support/observability/logs';
import { type RawResponse, rawConnection } from '../../tests/support/static/raw-client';
import { listenLikeServer } from '../../tests/support/static/server';
import { storedFile } from '../media/stored';
import { ACCESS_SAMPLE_MS } from './fast-path';

let t: Awaited<ReturnType<typeof createTestApp>>;
let fast: Awaited<ReturnType<typeof listenLikeServer>>;
let hono: Awaited<ReturnType<typeof listenLikeServer>>;
let logs: ReturnType<typeof captureLogs>;

const PHOTO_ID = '0123456789abcdef01234567';
const PAGE = `<!doctype html><title>Dana</title>${'<p>Boilers fitted and serviced.</p>'.repeat(80)}`;

beforeEach(async () => {
  t = await createTestApp();
  const folder = path.join(t.deps.publicDir, 'u', 'dana');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'index.html'), PAGE);
  const photo = storedFile(path.join(t.deps.publicDir, 'media'), PHOTO_ID, 400);
  fs.mkdirSync(path.dirname(photo), { recursive: true });
  fs.writeFileSync(photo, Buffer.alloc(3000, 9));
  fast = await listenLikeServer(t.app, t.deps);
  hono = await listenLikeServer(t.app, t.deps, { fastPath: false });
  // Debug: every hit's line, the ones the fast path samples out of info included.
  logs = captureLogs('debug');
});
afterEach(async () => {
  logs.restore();
  await fast.close();
  await hono.close();
  await t.close();
});

/** What may differ between two answers to the same request: the time, and the id made for each. */
const comparable = (response: RawResponse) => {
  const { date: _date, 'x-request-id': _id, ...headers } = response.headers;
  return { status: response.status, headers, body: response.body.toString('base64') };
};
const accessLine = (line: Record<string, unknown>) => {
  const { time: _time, ms: _ms, reqId: _reqId, level: _level, unlogged: _unlogged, ...rest } = line;
  return rest;
};

describe('the fast path in front of Hono', () => {
  it('logs at info the first hit of each second, saying how many it stands for; the rest at debug (issue 29)', async () => {
    let clock = 0;
    const sampled = await listenLikeServer(t.app, t.deps, { now: () => clock });
    try {
      const connection = await rawConnection(sampled.port);
      await connection.request('GET', '/u/dana');
      logs.clear();
      for (let i = 0; i < 50; i++) await connection.request('GET', '/u/dana');
      clock += ACCESS_SAMPLE_MS;
      await connection.request('GET', '/u/dana');
      connection.close();
      expect(sampled.counted.answeredFast).toBeGreaterThanOrEqual(50);
      const lines = logs.lines().filter((line) => line.msg === 'request');
      expect(lines).toHaveLength(51);
      // The first fast hit is logged; the 49 after it in the same second are not, and the next second's says so.
      const info = lines.filter((line) => line.level === 'info');
      expect(info).toHaveLength(2);
      expect(info[0]).toMatchObject({ path: '/u/dana', status: 200 });
      expect(info[0]).not.toHaveProperty('unlogged');
      expect(info[1]).toMatchObject({ path: '/u/dana', status: 200, unlogged: 49 });
      expect(lines.at(-1)).toBe(info[1]);
      expect(lines.filter((line) => line.level === 'debug')).toHaveLength(49);
    } finally {
      await sampled.close();
    }
  });

  it('answers exactly as the Hono routes do: status, every header, body, access-log line', async () => {
    const etag = async () =>
      (await (await rawConnection(hono.port)).request('GET', '/u/dana', { 'Accept-Encoding': 'gzip' }))
        .headers.etag;
    const requests: [string, string, Record<string, string>][] = [
      ['GET', '/u/dana', { 'Accept-Encoding': 'gzip' }],
      ['GET', '/u/Dana/', { 'Accept-Encoding': 'gzip, br' }],
      ['GET', '/u/dana', {}],
      ['HEAD', '/u/dana', { 'Accept-Encoding': 'gzip' }],
      ['GET', '/u/dana', { 'Accept-Encoding': 'gzip', 'If-None-Match': `W/"nope", ${await etag()}` }],
      [
        'GET',
        `/media/${PHOTO_ID}-400.webp`,
        { 'User-Agent': 'Phone/1.0', 'X-Forwarded-For': '198.51.100.7' },
      ],
      ['GET', `/media/${PHOTO_ID}-400.webp`, { Range: 'bytes=0-99', 'X-Request-Id': 'lb-1234' }],
    ];
    const viaHono = await rawConnection(hono.port);
    const viaFast = await rawConnection(fast.port);
    // Hono loads each file into the cache; the fast path answers only from it.
    for (const [method, url, headers] of requests) await viaHono.request(method, url, headers);
    logs.clear();
    for (const [method, url, headers] of requests) {
      const expected = await viaHono.request(method, url, headers);
      const got = await viaFast.request(method, url, headers);
      expect(comparable(got), `${method} ${url}`).toEqual(comparable(expected));
      expect(got.headers['x-request-id'], url).toBeTruthy();
    }
    viaHono.close();
    viaFast.close();
    expect(fast.counted.answeredFast).toBe(requests.length);
    const lines = logs.lines().filter((line) => line.msg === 'request');
    expect(lines).toHaveLength(requests.length * 2);
    for (let i = 0; i < requests.length; i += 1)
      expect(accessLine(lines[2 * i + 1] ?? {}), String(requests[i]?.[1])).toEqual(
        accessLine(lines[2 * i] ?? {}),
      );
    expect(lines.at(-1)?.reqId).toBe('lb-1234');
  });

  it('counts the views it answers as Hono’s routes do, at the plain link and the QR address (issue 16)', async () => {
    await t.db.insertInto('rendered_profiles').values({ account_id: 'acc-dana', username: 'dana' }).execute();
    const phone = {
      'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile',
      'X-Forwarded-For': '198.51.100.7',
    };
    const viaHono = await rawConnection(hono.port);
    const viaFast = await rawConnection(fast.port);
    for (const url of ['/u/dana', '/q/dana']) await viaHono.request('GET', url, phone);
    // Another phone: one address counts for a few views of a page a day (issue 27), and these are five.
    const another = { ...phone, 'X-Forwarded-For': '198.51.100.8' };
    for (const url of ['/u/dana', '/q/dana', '/q/dana/']) await viaFast.request('GET', url, another);
    await viaFast.request('HEAD', '/u/dana', another);
    viaHono.close();
    viaFast.close();
    expect(fast.counted.answeredFast).toBe(4);
    await t.deps.visits.flush();
    const rows = await t.db
      .selectFrom('visit_counts')
      .select(['source', 'hits'])
      .where('action', '=', 'view')
      .orderBy('source')
      .execute();
    expect(rows).toEqual([
      { source: 'link', hits: 2 },
      { source: 'qr', hits: 3 },
    ]);
  });

  it('leaves to Hono what it has no cached answer for: misses, query strings, other methods, unknown names', async () => {
    const connection = await rawConnection(fast.port);
    const missing = await connection.request('GET', '/u/nobody', { 'Accept-Encoding': 'gzip' });
    expect(missing.status).toBe(404);
    const first = await connection.request('GET', '/u/dana');
    expect(first.status).toBe(200);
    expect(fast.counted.answeredFast).toBe(0);
    for (const [method, url] of [
      ['GET', '/u/dana?ref=qr'],
      ['POST', '/u/dana'],
      ['GET', '/u/da%6Ea'],
      ['GET', '/u/dana/index.html'],
      ['GET', '/media/not-a-photo.webp'],
    ] as const)
      await connection.request(method, url);
    expect(fast.counted.answeredFast).toBe(0);
    await connection.request('GET', '/u/dana');
    expect(fast.counted.answeredFast).toBe(1);
    // A link tapped in Facebook, or from a campaign: the same page, answered as fast (issue 29).
    const tapped = await connection.request('GET', '/u/dana?fbclid=IwAR2x&utm_source=facebook');
    expect(tapped.status).toBe(200);
    expect(tapped.body).toEqual(first.body);
    expect(fast.counted.answeredFast).toBe(2);
    connection.close();
  });

  it('answers a page in no cache from its variants file, as Hono does, every answer whole under concurrency (issue 29)', async () => {
    const pages = Array.from(
      { length: 80 },
      (_, i) => `<!doctype html><title>Trade ${i}</title>${`<p>Job ${i}.</p>`.repeat(50 + i * 40)}`,
    );
    pages.forEach((page, i) => {
      const folder = path.join(t.deps.publicDir, 'u', `trade${i}`);
      fs.mkdirSync(folder, { recursive: true });
      const identity = Buffer.from(page);
      fs.writeFileSync(path.join(folder, 'index.html'), identity);
      const variants = encodePageVariants({
        identity,
        gzip: gzipSync(identity),
        br: brotliCompressSync(identity),
      });
      fs.writeFileSync(path.join(folder, PAGE_VARIANTS_FILE), variants);
    });
    const viaFast = await rawConnection(fast.port);
    const viaHono = await rawConnection(hono.port);
    const codings: Record<string, string>[] = [
      { 'Accept-Encoding': 'gzip' },
      { 'Accept-Encoding': 'br' },
      {},
    ];
    for (const headers of codings) {
      const got = await viaFast.request('GET', '/u/trade3', headers);
      expect(comparable(got)).toEqual(comparable(await viaHono.request('GET', '/u/trade3', headers)));
    }
    const etag = (await viaFast.request('GET', '/u/trade4', { 'Accept-Encoding': 'br' })).headers.etag;
    const revalidated = await viaFast.request('GET', '/u/trade4', {
      'Accept-Encoding': 'br',
      'If-None-Match': etag ?? '',
    });
    expect(revalidated.status).toBe(304);
    expect(fast.counted.answeredFast).toBe(5);
    viaFast.close();
    viaHono.close();

    // Pages read into one reused buffer: each answer must still be its own page, whichever read came next.
    const wrong: string[] = [];
    const reader = async (seed: number) => {
      const connection = await rawConnection(fast.port);
      for (let n = 0; n < 60; n++) {
        const i = (seed * 7 + n * 13) % 20;
        const coding = ['br', 'gzip', 'identity'][n % 3] as string;
        const response = await connection.request('GET', `/u/trade${i}`, { 'Accept-Encoding': coding });
        const encoding = response.headers['content-encoding'];
        const body =
          encoding === 'br'
            ? brotliDecompressSync(response.body)
            : encoding === 'gzip'
              ? gunzipSync(response.body)
              : response.body;
        if (body.toString() !== pages[i]) wrong.push(`/u/trade${i} (${coding}): not its page`);
      }
      connection.close();
    };
    await Promise.all(Array.from({ length: 8 }, (_, seed) => reader(seed)));
    // Pipelined, each page read for the first time: each answer waits on the socket behind the one before, while
    // the next page is read into the same buffer.
    const pipelined = await rawConnection(fast.port);
    const order = Array.from({ length: 60 }, (_, n) => 20 + n);
    const answers = await pipelined.pipeline(
      order.map((i) => ['GET', `/u/trade${i}`, { 'Accept-Encoding': 'gzip' }]),
    );
    pipelined.close();
    answers.forEach((response, n) => {
      if (gunzipSync(response.body).toString() !== pages[order[n] as number])
        wrong.push(`pipelined answer ${n}: not its page`);
    });
    expect(wrong).toEqual([]);
    expect(fast.counted.answeredFast).toBe(5 + 8 * 60 + 60);
  });
});
