import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registry } from '../../observability/metrics';
import { encodePageVariants, PAGE_VARIANTS_FILE } from '../../platform/storage/page-variants';
import { writeDerivedFile } from '../../platform/storage/write-file';
import { sampleValue } from '../../tests/support/observability/metrics';
import { PEER_HEADER, peerAddress } from '../http/forwarded-peer';
import { storedFile } from '../media/stored';
import type { Visit } from '../visits/counter';
import { claimPort } from './claim-port';
import { type PageThread, startPageThread } from './page-thread';

// The page thread alone on its port (the main thread's listener answers only what it hands on), so every
// connection is one it accepted.

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function request(
  port: number,
  pathname: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > 5000) throw new Error(`waited 5 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const PHOTO_ID = '0123456789abcdef01234567';
let publicDir: string;
let port: number;
let thread: PageThread | undefined;
let visits: Visit[];
/** What the main thread was handed, and what it answers: its own words, with the client it was told of. */
let handed: {
  method: string;
  url: string;
  peer: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}[];
let holdMain: Promise<void> | null;
/** Set by a test: the main thread answers this before reading the body, as a body limit does. */
let refuseBody: { status: number; body: string } | null;

async function writePage(username: string, html: string) {
  const file = path.join(publicDir, 'u', username, PAGE_VARIANTS_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await writeDerivedFile(file, encodePageVariants({ identity: Buffer.from(html) }));
}

beforeEach(async () => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-page-thread-'));
  visits = [];
  handed = [];
  holdMain = null;
  refuseBody = null;
  port = await claimPort(0);
  thread = await startPageThread({
    port,
    publicDir,
    publicUrl: 'https://tradecard.test',
    trustProxy: 0,
    logLevel: 'silent',
    cacheBytes: 1024 * 1024,
    visits: { count: (visit) => visits.push(visit) },
    listener: (incoming, response) => {
      if (refuseBody) {
        // As the body limits do: the answer at once; Node reads and drops the rest of the body.
        response.writeHead(refuseBody.status, { 'content-type': 'application/json' });
        response.end(refuseBody.body);
        return;
      }
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        body += chunk;
      });
      incoming.on('end', async () => {
        handed.push({
          method: incoming.method ?? '',
          url: incoming.url ?? '',
          peer: peerAddress(incoming),
          headers: incoming.headers,
          body,
        });
        await holdMain;
        response.writeHead(201, [
          'content-type',
          'text/plain',
          'set-cookie',
          'a=1; Path=/',
          'set-cookie',
          'b=2; Path=/',
        ]);
        response.end(`main answered ${incoming.method} ${incoming.url}`);
      });
    },
  });
});

afterEach(async () => {
  await thread?.drain(1000);
  thread = undefined;
  fs.rmSync(publicDir, { recursive: true, force: true });
});

describe('the page thread', () => {
  it('answers a page from the disk, counts the visit on the main thread, and serves a new version from the next request', async () => {
    await writePage('sam', '<p>first</p>');
    const first = await request(port, '/u/sam', { headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' } });
    expect(first).toMatchObject({ status: 200, body: '<p>first</p>' });
    expect(handed).toEqual([]);
    const counted = await until(() => visits[0], 'the visit to reach the main thread');
    expect(counted).toMatchObject({
      page: 'sam',
      source: 'link',
      action: 'view',
      address: expect.stringMatching(/127\.0\.0\.1$/),
    });

    // Asked for again, it is kept; the main thread's write drops it from the page thread's cache before the next
    // request is read, well within the second a cached page is otherwise served without a look at its file.
    await request(port, '/u/sam');
    await writePage('sam', '<p>second</p>');
    expect((await request(port, '/u/sam')).body).toBe('<p>second</p>');
  });

  it('answers a photo and a font from its own cache, and stops serving a photo erased from the disk', async () => {
    const photo = storedFile(path.join(publicDir, 'media'), PHOTO_ID, 400);
    fs.mkdirSync(path.dirname(photo), { recursive: true });
    fs.writeFileSync(photo, Buffer.alloc(3000, 9));
    for (let i = 0; i < 2; i += 1) {
      const answer = await request(port, `/media/${PHOTO_ID}-400.webp`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-length']).toBe('3000');
    }
    const font = await request(port, '/fonts/inter-latin-400-normal.woff2');
    expect(font.status).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(handed).toEqual([]);

    fs.rmSync(photo);
    expect((await request(port, `/media/${PHOTO_ID}-400.webp`)).body).toBe(
      `main answered GET /media/${PHOTO_ID}-400.webp`,
    );
  });

  it("adds its answers' durations to the main thread's metrics", async () => {
    await writePage('sam', '<p>page</p>');
    const count = async () =>
      sampleValue(await registry.metrics(), 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/u/:username',
        status: '200',
      });
    const before = await count();
    await request(port, '/u/sam');
    await request(port, '/u/sam');
    await until(async () => ((await count()) - before === 2 ? true : undefined), 'two durations');
  });

  it("hands anything else to the main thread with the client's address, the body and the answer's every header", async () => {
    const answer = await request(port, '/api/contact?x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'abc' },
      body: '{"name":"Sam"}',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toBe('main answered POST /api/contact?x=1');
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(handed).toHaveLength(1);
    expect(handed[0]).toMatchObject({
      method: 'POST',
      url: '/api/contact?x=1',
      peer: expect.stringMatching(/127\.0\.0\.1$/),
      body: '{"name":"Sam"}',
    });
    expect(handed[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'x-request-id': 'abc' });
    expect(handed[0]?.headers[PEER_HEADER]).toBeUndefined();
  });

  it('passes on a refusal the main thread sends before reading a body too big, whole', async () => {
    refuseBody = { status: 413, body: '{"error":"That upload is too big."}' };
    const answer = await request(port, '/api/business-card/create_business_card', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'x'.repeat(8 * 1024 * 1024),
    }).catch((error: NodeJS.ErrnoException) => ({ status: 0, headers: {}, body: error.code ?? '' }));
    expect(answer).toMatchObject({ status: 413, body: '{"error":"That upload is too big."}' });
  });

  it('hands on a page it has no file for, where the main thread renders or refuses it', async () => {
    const answer = await request(port, '/u/nobody');
    expect(answer.body).toBe('main answered GET /u/nobody');
  });

  it("doesn't believe a client that names its own address", async () => {
    await request(port, '/api/ready', { headers: { [PEER_HEADER]: 'guess 203.0.113.9' } });
    expect(handed[0]?.peer).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('lets a request it handed on finish when it drains, then stops taking connections', async () => {
    let release = () => {};
    holdMain = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = request(port, '/api/slow');
    await until(() => handed[0], 'the main thread to have the request');
    const drained = (thread as PageThread).drain(5000);
    thread = undefined;
    release();
    expect((await slow).body).toBe('main answered GET /api/slow');
    expect(await drained).toEqual({ cut: 0 });
    await expect(request(port, '/u/sam')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('the forwarding socket', () => {
  it('refuses a request without the start secret', async () => {
    // Reached only through the page thread; a request here without its secret is someone else's.
    const { acceptForwarded } = await import('./forward');
    const server = http.createServer(
      acceptForwarded('the-secret', (_request, response) => response.end('in')),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const at = (server.address() as { port: number }).port;
    try {
      for (const peer of [undefined, 'wrong 1.2.3.4', 'the-secret', 'the-secretX 1.2.3.4']) {
        const answer = await request(at, '/', { headers: peer === undefined ? {} : { [PEER_HEADER]: peer } });
        expect(answer.status, peer).toBe(403);
        expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
      }
      expect((await request(at, '/', { headers: { [PEER_HEADER]: 'the-secret 1.2.3.4' } })).body).toBe('in');
    } finally {
      server.close();
    }
  });
});
