import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { readRepeatedly, STALL_MS, type Tally } from './serving-republish';

const PAGE = gzipSync('<!doctype html><html><body>Rita Republish</body></html>');

/** Answers every request on a connection from `answer(n)`, the n-th request overall: a server that may lie. */
function rawServer(answer: (n: number) => Buffer) {
  let count = 0;
  const server = net.createServer((socket) => {
    socket.on('data', (chunk) => {
      for (const _request of chunk.toString('latin1').split('\r\n\r\n').slice(1))
        socket.write(answer(count++));
    });
    socket.on('error', () => {});
  });
  return new Promise<{ port: number; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () => {
          server.close();
          server.unref();
        },
      }),
    ),
  );
}

const response = (body: Buffer, length = body.length) =>
  Buffer.concat([
    Buffer.from(
      `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nContent-Length: ${length}\r\n\r\n`,
    ),
    body,
  ]);

/** As nginx sends a body it compresses on the way: in chunks, with no length up front. */
const chunked = (body: Buffer, cutAfter = Number.POSITIVE_INFINITY) => {
  const halves = [body.subarray(0, 20), body.subarray(20)];
  const parts = halves.map((part) =>
    Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]),
  );
  const wire = Buffer.concat([
    Buffer.from('HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n'),
    ...parts,
    Buffer.from('0\r\n\r\n'),
  ]);
  return wire.subarray(0, cutAfter);
};

let close = () => {};
afterEach(() => close());

async function read(answer: (n: number) => Buffer, milliseconds: number): Promise<Tally> {
  const server = await rawServer(answer);
  close = server.close;
  const tally: Tally = { answers: 0, wrong: 0, reasons: new Map() };
  await readRepeatedly(server.port, '/u/racer', /<\/html>\s*$/, performance.now() + milliseconds, tally);
  return tally;
}

describe('readRepeatedly', () => {
  it('finds nothing wrong in honest answers on one keep-alive connection', async () => {
    const tally = await read(() => response(PAGE), 200);
    expect(tally.answers).toBeGreaterThan(10);
    expect(tally.wrong).toBe(0);
  });

  it('counts a body longer than its Content-Length (the rest spills into the next answer)', async () => {
    const tally = await read((n) => (n === 5 ? response(PAGE, PAGE.length - 7) : response(PAGE)), 200);
    expect(tally.wrong).toBeGreaterThanOrEqual(1);
  });

  it(
    'counts a body shorter than its Content-Length (the reader would hang)',
    async () => {
      const tally = await read((n) => (n === 3 ? response(PAGE, PAGE.length + 50) : response(PAGE)), 200);
      expect(tally.wrong).toBe(1);
      expect([...tally.reasons.keys()]).toEqual(['body shorter than its Content-Length']);
    },
    STALL_MS + 5000,
  );

  it('reads chunked answers, and counts one whose chunk is longer than it said', async () => {
    expect((await read(() => chunked(PAGE), 200)).wrong).toBe(0);
    const long = chunked(PAGE);
    const lying = Buffer.from(long.toString('latin1').replace('\r\n14\r\n', '\r\n13\r\n'), 'latin1');
    const tally = await read((n) => (n === 4 ? lying : chunked(PAGE)), 200);
    expect(tally.wrong).toBeGreaterThanOrEqual(1);
  });

  it('counts a whole-length answer that is not a whole page', async () => {
    const cut = gzipSync('<!doctype html><html><body>Rita Rep');
    const tally = await read((n) => (n === 2 ? response(cut) : response(PAGE)), 200);
    expect(tally.wrong).toBe(1);
  });
});
