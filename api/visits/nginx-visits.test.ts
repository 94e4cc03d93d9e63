import dgram from 'node:dgram';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../../tests/support/observability/logs';
import type { Visit } from './counter';
import { listenForNginxVisits, visitOfLine } from './nginx-visits';

/** A line as deploy/nginx.conf's `tradecard_visit` format writes it, behind the syslog header nginx adds. */
const line = (fields: Record<string, unknown> = {}) =>
  `<190>Nov 30 04:50:00 tradecard: ${JSON.stringify({
    method: 'GET',
    status: 200,
    via: 'u',
    page: 'dana',
    purpose: '  ',
    forwardedFor: '203.0.113.9',
    agent: 'Mozilla/5.0 (iPhone)',
    ...fields,
  })}`;

describe('a line from nginx for a page it sent (ADR 045)', () => {
  it('is the visit the fast path would count for the same request', () => {
    expect(visitOfLine(line(), 1, '127.0.0.1')).toEqual({
      page: 'dana',
      source: 'link',
      action: 'view',
      cardCode: null,
      address: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (iPhone)',
    });
    expect(visitOfLine(line({ via: 'q', status: 304, agent: '' }), 1, '127.0.0.1')).toMatchObject({
      source: 'qr',
      userAgent: undefined,
    });
  });

  it('reads the client from X-Forwarded-For as the product would, TRUST_PROXY entries from the right', () => {
    const forwarded = line({ forwardedFor: '198.51.100.7, 203.0.113.9' });
    expect(visitOfLine(forwarded, 1, '127.0.0.1')).toMatchObject({ address: '203.0.113.9' });
    expect(visitOfLine(forwarded, 2, '127.0.0.1')).toMatchObject({ address: '198.51.100.7' });
    // No proxy trusted: the address the line came from, as the socket's would be.
    expect(visitOfLine(forwarded, 0, '127.0.0.1')).toMatchObject({ address: '127.0.0.1' });
  });

  it('does not count what the fast path would not: a HEAD, a part, a prefetch', () => {
    expect(visitOfLine(line({ method: 'HEAD' }), 1, '127.0.0.1')).toBe('not-counted');
    expect(visitOfLine(line({ status: 206 }), 1, '127.0.0.1')).toBe('not-counted');
    expect(visitOfLine(line({ purpose: 'prefetch  ' }), 1, '127.0.0.1')).toBe('not-counted');
    expect(visitOfLine(line({ purpose: '  prerender' }), 1, '127.0.0.1')).toBe('not-counted');
  });

  it('reads nothing from a line that is not one', () => {
    for (const bad of [
      'hello',
      '<190>Nov 30 04:50:00 tradecard: {"method":',
      line({ page: '../secret' }),
      line({ page: 'Dana' }),
      line({ via: 'c' }),
      line({ status: '200' }),
      line({ agent: 'x'.repeat(5000) }),
    ])
      expect(visitOfLine(bad, 1, '127.0.0.1')).toBeNull();
  });
});

describe('listening for nginx', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  /** An instance's listener at `listen`: what it counted, its port, and how to stop it. */
  async function listening(listen = '127.0.0.1:0') {
    const counted: Visit[] = [];
    const listener = await listenForNginxVisits({
      listen,
      from: [],
      trustProxy: 1,
      visits: { count: (visit) => counted.push(visit) },
    });
    closing.push(listener.close);
    return { counted, port: listener.port, close: listener.close };
  }

  /** Each line from a socket of its own, as each nginx worker has one: the kernel picks a listener per sender. */
  async function send(port: number, text: string) {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) =>
      socket.send(text, port, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
    );
    socket.close();
  }

  /** Until `done` holds, 5 s at most: a datagram arrives on the next turns of the event loop. */
  async function until(done: () => boolean) {
    const deadline = Date.now() + 5000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error('nothing arrived');
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('shares one address among the instances: each line is counted once, and by the other when one stops', async () => {
    const first = await listening();
    const second = await listening(`127.0.0.1:${first.port}`);
    const pages = Array.from({ length: 40 }, (_, i) => `page${i}`);
    for (const page of pages) await send(first.port, line({ page }));
    await until(() => first.counted.length + second.counted.length === pages.length);
    const heard = [...first.counted, ...second.counted].map((visit) => visit.page).sort();
    expect(heard).toEqual([...pages].sort());

    await first.close();
    const before = second.counted.length;
    for (const page of ['after-1', 'after-2', 'after-3']) await send(first.port, line({ page }));
    await until(() => second.counted.length === before + 3);
    expect(second.counted.slice(before).map((visit) => visit.page)).toEqual([
      'after-1',
      'after-2',
      'after-3',
    ]);
  });

  it('refuses an address another program holds, so a server never starts deaf to nginx', async () => {
    const other = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => other.bind(0, '127.0.0.1', resolve));
    closing.push(() => new Promise<void>((resolve) => other.close(() => resolve())));
    // The server prints it as its one sentence (StartupProblem) and stops.
    await expect(listening(`127.0.0.1:${other.address().port}`)).rejects.toThrow(
      /^NGINX_VISITS 127\.0\.0\.1:\d+: EADDRINUSE; another program holds it/,
    );
  });

  it('says a line could not be read, once, without what it held: it may name a visitor', async () => {
    const logs = captureLogs('info');
    try {
      const { counted, port } = await listening();
      // A template out of step: a field renamed, the visitor's address still in the line.
      const broken = line({ page: undefined, name: 'dana', forwardedFor: '198.51.100.77' });
      await send(port, broken);
      await send(port, broken);
      await send(port, line({ page: 'readable' }));
      await until(() => counted.length > 0);
      const warnings = logs.lines().filter((entry) => entry.msg === "A line from nginx isn't a page's visit");
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ header: '<190>Nov 30 04:50:00 tradecard: ', bytes: broken.length });
      expect(logs.raw().join('\n')).not.toContain('198.51.100.77');
    } finally {
      logs.restore();
    }
  });

  it('ignores a line from an address it was not told of', async () => {
    const { counted, port } = await listening('0.0.0.0:0');
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    if (!outside) return;
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, outside, resolve));
    await new Promise<void>((resolve, reject) =>
      socket.send(line({ page: 'from-outside' }), port, outside, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    socket.close();
    await send(port, line({ page: 'from-loopback' }));
    await until(() => counted.length > 0);
    expect(counted.map((visit) => visit.page)).toEqual(['from-loopback']);
  });
});
