import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../tests/support/abuse/server';
import { signIn } from '../tests/support/abuse/signed-in';
import {
  cleanupServers,
  type Exit,
  type ServerProcess,
  spawnServerProcess,
  startServerProcess,
} from '../tests/support/api/server-process';
import { rawConnection } from '../tests/support/static/raw-client';

// Each test runs the real server as a child process and signals it, as `docker stop` or Ctrl-C would.

let running: ServerProcess[] = [];
afterEach(async () => {
  const servers = running;
  running = [];
  await cleanupServers(servers);
});

async function start(env: Record<string, string> = {}) {
  const server = await startServerProcess({ env });
  running.push(server);
  return server;
}

const CONTACT = JSON.stringify({
  name: 'Sam Patel',
  email: 'sam@example.com',
  reason: 'Setup help',
  message: `A long question about cards. ${'More words. '.repeat(300)}`,
  agree: true,
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A request sent slowly: the headers go first, and once the server has taken the request in hand (its
 * `100 Continue`), only the first half of the body. The rest waits for `finish()`.
 */
async function slowPost(url: string, body: Buffer, headers: http.OutgoingHttpHeaders) {
  const request = http.request(url, {
    method: 'POST',
    headers: { ...headers, 'content-length': body.length, expect: '100-continue' },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  // Node answers 100 Continue just before it hands the request to the app: from here it is in flight.
  await new Promise<void>((resolve) => request.on('continue', resolve));
  const half = Math.floor(body.length / 2);
  await new Promise<void>((resolve) => request.write(body.subarray(0, half), () => resolve()));
  return {
    answer,
    finish: () => request.end(body.subarray(half)),
  };
}

const slowContactMessage = (url: string) =>
  slowPost(`${url}/api/contact`, Buffer.from(CONTACT), { 'content-type': 'application/json' });

/** A card with a 5-megapixel photo of work, as the editor sends it: multipart, a few megabytes. */
async function cardWithPhoto(): Promise<{ body: Buffer; contentType: string }> {
  const noise = Buffer.alloc(2500 * 2000 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(noise, { raw: { width: 2500, height: 2000, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const form = new FormData();
  form.append('full_name', 'Dana Pipe');
  form.append('job_title', 'Gas engineer');
  form.append('works', new File([new Uint8Array(jpeg)], 'boiler.jpg', { type: 'image/jpeg' }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') as string,
  };
}

/**
 * Resolves once a new connection to the port is refused: the server has stopped listening. A connection that
 * reaches the kernel's queue just as the listener closes is reset rather than refused; that one raced the close,
 * so it is tried again.
 */
async function refusedAt(port: number): Promise<string> {
  for (;;) {
    const code = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    if (code !== 'connected' && code !== 'ECONNRESET') return code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const lastRecord = (server: ServerProcess) => server.logs().at(-1);

describe('stopping the server on a signal', () => {
  it('lets a request in flight finish, refuses new connections, then exits 0 with one stop line', async () => {
    const server = await start();
    const upload = await slowContactMessage(server.url);

    server.child.kill('SIGTERM');
    expect(await refusedAt(server.port)).toBe('ECONNREFUSED');
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ success: true, message: 'Message sent!' });
    expect(answer.headers.connection).toBe('close');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(server.dataDir, 'server.pid'))).toBe(false);
    expect(server.lines.at(-1)).toBe(JSON.stringify(lastRecord(server)));
    expect(lastRecord(server)).toMatchObject({
      msg: 'stopped',
      signal: 'SIGTERM',
      inFlight: 1,
      cut: 0,
      failed: 0,
    });
    // The message the slow request carried is in the log: the request really completed before the database closed.
    const sqlite = new SQLite(path.join(server.dataDir, 'app.db'), { readonly: true });
    const stored = sqlite.prepare("SELECT type FROM events WHERE stream_id LIKE 'contact-%'").all();
    sqlite.close();
    expect(stored).toEqual([{ type: 'ContactMessageReceived' }]);
  });

  it('lets a photo upload half-way through its body finish and publish, then removes server.pid', async () => {
    const server = await start();
    const session = await signIn(
      server,
      await signUpThroughApi(server, 'dana', 'Plumber2026'),
      'Plumber2026',
    );
    const card = await cardWithPhoto();
    expect(card.body.length).toBeGreaterThan(1_000_000);
    const upload = await slowPost(`${server.url}/api/business-card/create_business_card`, card.body, {
      'content-type': card.contentType,
      ...session,
    });

    server.child.kill('SIGTERM');
    expect(await refusedAt(server.port)).toBe('ECONNREFUSED');
    // The rest of the photo arrives later than the 5 s the server used to allow before quitting, as on one bar of
    // signal; the default grace is 30 s.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(server.dataDir, 'server.pid'))).toBe(false);
    expect(lastRecord(server)).toMatchObject({ msg: 'stopped', inFlight: 1, cut: 0, failed: 0 });
    // The photo was taken in and stored, and its card published, before the database closed.
    const sqlite = new SQLite(path.join(server.dataDir, 'app.db'), { readonly: true });
    const published = sqlite.prepare("SELECT count(*) AS n FROM events WHERE type = 'CardPublished'").get();
    sqlite.close();
    expect(published).toEqual({ n: 1 });
    expect(fs.readdirSync(path.join(server.dataDir, 'public', 'media')).length).toBeGreaterThan(0);
  }, 60_000);

  it('closes idle keep-alive connections at once instead of waiting out the grace period', async () => {
    const server = await start({ SHUTDOWN_GRACE_SECONDS: '600' });
    const agent = new http.Agent({ keepAlive: true });
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${server.url}/api/health`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    expect(Object.keys(agent.freeSockets)).toHaveLength(1);

    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(lastRecord(server)).toMatchObject({ msg: 'stopped', inFlight: 0, cut: 0 });
    // Left alone, Node keeps an idle connection for its keepAliveTimeout (5 s) and only then lets the server close;
    // closed at once, the stop takes milliseconds. The bound sits well between the two.
    expect(lastRecord(server)?.ms).toBeLessThan(3000);
    agent.destroy();
  });

  it('cuts a request still running when SHUTDOWN_GRACE_SECONDS is up, and still stops cleanly', async () => {
    const server = await start({ SHUTDOWN_GRACE_SECONDS: '1' });
    const upload = await slowContactMessage(server.url);
    server.child.kill('SIGTERM');
    await expect(upload.answer).rejects.toThrow();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(lastRecord(server)).toMatchObject({ msg: 'stopped', signal: 'SIGTERM', inFlight: 1, cut: 1 });
    expect(fs.existsSync(path.join(server.dataDir, 'server.pid'))).toBe(false);
  });

  it('cuts the requests in flight on a second signal, and still stops cleanly', async () => {
    const server = await start({ SHUTDOWN_GRACE_SECONDS: '600' });
    const upload = await slowContactMessage(server.url);
    server.child.kill('SIGTERM');
    await refusedAt(server.port);
    server.child.kill('SIGINT');
    await expect(upload.answer).rejects.toThrow();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const records = server.logs();
    expect(records.at(-2)).toMatchObject({ level: 'warn', signal: 'SIGINT', inFlight: 1 });
    expect(records.at(-1)).toMatchObject({ msg: 'stopped', signal: 'SIGTERM', cut: 1 });
  });
});

describe('refusing to start', () => {
  async function failedStart(env: Record<string, string | undefined>, dataDir?: string) {
    const server = spawnServerProcess({ env, dataDir });
    running.push(server);
    const exit = await server.exited;
    return { exit, server };
  }

  it('names the data folder and the cause in one fatal line, without a stack trace', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-not-a-dir-')), 'data');
    fs.writeFileSync(file, '');
    try {
      const { exit, server } = await failedStart({}, file);
      expect(exit).toEqual({ code: 1, signal: null });
      expect(server.logs()).toEqual([
        expect.objectContaining({
          level: 'fatal',
          msg: `DATA_DIR ${file} is a file, not a folder: set DATA_DIR to a folder.`,
        }),
      ]);
      expect(server.lines).toHaveLength(1);
      expect(server.stderr()).toBe('');
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('lists every production-mode problem at once', async () => {
    const { exit, server } = await failedStart({
      PRODUCTION: 'true',
      PUBLIC_URL: undefined,
      PAYMENTS: undefined,
    });
    expect(exit.code).toBe(1);
    const [record] = server.logs();
    expect(record?.level).toBe('fatal');
    expect(String(record?.msg).split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}PAYMENTS=local \(the default\) takes no real payments/),
      expect.stringMatching(/^ {2}PUBLIC_URL is not set/),
    ]);
    // Nothing was opened: the refusal came before the database.
    expect(fs.existsSync(path.join(server.dataDir, 'app.db'))).toBe(false);
  });

  // Two threads share their port with each other (ADR 044), never with another instance.
  it.each(['1', '2'])('says when the port is taken (SERVE_THREADS=%s)', async (threads) => {
    const first = await start({ SERVE_THREADS: threads });
    const { exit, server } = await failedStart({ PORT: String(first.port), SERVE_THREADS: threads });
    expect(exit.code).toBe(1);
    expect(server.logs().at(-1)).toMatchObject({
      level: 'fatal',
      msg: `PORT ${first.port} is already in use: stop whatever listens there, or set PORT to a free port.`,
    });
    expect(fs.existsSync(path.join(server.dataDir, 'server.pid'))).toBe(false);
  });

  it('stops a second instance on the host whose METRICS_PORT the first holds, before it opens anything', async () => {
    const first = await start({ METRICS_PORT: '0' });
    const metricsPort = first.logs().find((record) => record.msg === 'Metrics at /metrics')?.metricsPort;
    expect(metricsPort).toEqual(expect.any(Number));
    const second = spawnServerProcess({ env: { METRICS_PORT: String(metricsPort) } });
    running.push(second);
    // Until issue 27 the second logged a warning and served customers unwatched: fail as soon as it serves.
    const exit = await new Promise<Exit>((resolve, reject) => {
      const serving = setInterval(() => {
        if (second.port === undefined) return;
        clearInterval(serving);
        reject(new Error(`The second instance serves on ${second.port} without /metrics`));
      }, 50);
      void second.exited.then((value) => {
        clearInterval(serving);
        resolve(value);
      });
    });
    expect(exit).toEqual({ code: 1, signal: null });
    expect(second.logs()).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: `METRICS_PORT ${metricsPort} is in use, probably by another instance on this host: give each instance its own METRICS_PORT, or set METRICS_PORT=off.`,
      }),
    ]);
    expect(second.stderr()).toBe('');
    // Nothing was opened, so nothing of the second is left for an operator to clear up.
    expect(fs.readdirSync(second.dataDir)).toEqual([]);
    // The first is still watched.
    expect(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).toContain(
      '# TYPE http_request_duration_seconds histogram',
    );
  });
});

describe('what the server writes to stdout', () => {
  it('is JSON on every line, from the first start (with the sample profile seeded) to the stop line', async () => {
    const server = await start({ SEED_DEMO: 'true' });
    const page = await fetch(`${server.url}/u/demo`);
    const missing = await fetch(`${server.url}/api/no-such-call`, {
      headers: { 'X-Request-Id': 'probe-42' },
    });
    expect(page.status).toBe(200);
    expect(missing.status).toBe(404);
    expect(await server.stop()).toEqual({ code: 0, signal: null });

    const unparsed = server.lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    expect(unparsed).toEqual([]);
    const records = server.logs();
    // The seed runs as a child process; what it prints for people arrives as log lines too.
    expect(records).toContainEqual(
      expect.objectContaining({
        source: 'seed-demo',
        msg: expect.stringMatching(/^Published the sample profile/),
      }),
    );
    const requests = records.filter((record) => record.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ path: '/u/demo', status: 200, reqId: page.headers.get('x-request-id') }),
      expect.objectContaining({ path: '/api/no-such-call', status: 404, reqId: 'probe-42' }),
    ]);
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(records.at(-1)).toMatchObject({ msg: 'stopped' });
  }, 60_000);
});

describe('serving on two threads (ADR 044)', () => {
  const FONT = '/fonts/inter-latin-400-normal.woff2';
  /** A GET on a connection of its own, so the kernel picks the thread for each. */
  const getAlone = (url: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(url, { agent: false }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });
  /**
   * The page thread starts once the main thread listens, and until it does the main thread takes every connection:
   * on a busy machine that is seconds after the server says it is running. Asks until the page thread has answered.
   */
  const untilPageThreadAnswers = async (server: Awaited<ReturnType<typeof start>>) => {
    const deadline = performance.now() + 30_000;
    const answered = () =>
      server
        .logs()
        .some((record) => record.msg === 'request' && record.path === FONT && record.thread === 'page');
    while (!answered()) {
      if (performance.now() > deadline) throw new Error('the page thread answered nothing within 30 s');
      expect(await getAlone(`${server.url}${FONT}`)).toBe(200);
    }
  };

  it('answers files on the page thread and everything else on the main thread, then stops on a signal', async () => {
    const server = await start({ SERVE_THREADS: '2', LOG_LEVEL: 'debug' });
    expect(server.logs()).toContainEqual(expect.objectContaining({ threads: 2 }));
    const font = `${server.url}${FONT}`;
    const statuses: number[] = [];
    await untilPageThreadAnswers(server);
    for (let round = 0; round < 200; round += 1) {
      statuses.push(await getAlone(font), await getAlone(`${server.url}/api/ready`));
      const lines = server.logs().filter((record) => record.msg === 'request');
      const fontLines = lines.filter((line) => line.path === FONT);
      if (fontLines.some((line) => line.thread === 'page') && fontLines.some((line) => !line.thread)) break;
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    // A handed-on request's line is written by the main thread before the page thread sends its answer, and reaches
    // this process through a pipe: it may come after the answer does.
    const readyLines = () =>
      server.logs().filter((record) => record.msg === 'request' && record.path === '/api/ready');
    await expect.poll(() => readyLines().length).toBe(statuses.length / 2);
    const lines = server.logs().filter((record) => record.msg === 'request');
    expect(lines.filter((line) => line.path === FONT && line.thread === 'page').length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.path === FONT && line.thread === undefined).length).toBeGreaterThan(0);
    // What the page thread hands on is answered, and logged, by the main thread.
    expect(readyLines().filter((line) => line.thread !== undefined)).toEqual([]);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    expect(lastRecord(server)).toMatchObject({ msg: 'stopped', failed: 0 });
  }, 60_000);
  it('keeps an idle connection open longer than a proxy in front keeps its own, on either thread', async () => {
    const server = await start({ SERVE_THREADS: '2', LOG_LEVEL: 'debug' });
    const { port } = new URL(server.url);
    const connections: Awaited<ReturnType<typeof rawConnection>>[] = [];
    await untilPageThreadAnswers(server);
    const threadsSeen = () => {
      const lines = server.logs().filter((record) => record.msg === 'request' && record.path === FONT);
      return new Set(lines.map((line) => line.thread ?? 'main'));
    };
    for (let round = 0; round < 200 && threadsSeen().size < 2; round += 1) {
      const connection = await rawConnection(Number(port));
      connections.push(connection);
      const first = await connection.request('GET', FONT);
      expect(first.status).toBe(200);
      // What a client or proxy reads to know how long it may keep the connection for another request.
      expect(first.headers['keep-alive']).toBe('timeout=65');
    }
    expect(threadsSeen()).toEqual(new Set(['main', 'page']));
    // The header says what the server's own idle timer is set to (Node writes it from keepAliveTimeout): with Node's
    // 5 s, which nginx's 60 s for its upstream connections outlasts, a request nginx sends down one of them as this
    // server closes it is reset (a 502 for a POST, which nginx does not send again). And each stays open for more.
    for (const connection of connections) {
      const again = await connection.request('GET', FONT);
      expect([again.status, again.headers['keep-alive']]).toEqual([200, 'timeout=65']);
    }
    for (const connection of connections) connection.close();
  }, 60_000);
});
