import net from 'node:net';
import { gunzipSync } from 'node:zlib';
import { publish } from './serving-account';

/** How long a reader waits for the rest of an answer: far beyond any local answer, so a stall is a short body. */
export const STALL_MS = 2000;

export type Tally = { answers: number; wrong: number; reasons: Map<string, number> };

const addWrong = (tally: Tally, reason: string) => {
  tally.wrong += 1;
  tally.reasons.set(reason, (tally.reasons.get(reason) ?? 0) + 1);
};

/** A keep-alive connection read as bytes, so a length that disagrees with the body shows (fetch would hide it). */
class Connection {
  private buffer = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private closed = false;
  readonly socket: net.Socket;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    const end = () => {
      this.closed = true;
      this.wake?.();
    };
    this.socket.on('close', end);
    this.socket.on('error', end);
  }

  /** Waits until `ready(buffer)` gives a value; null once the connection closed or stalled for STALL_MS. */
  private async until<T>(ready: (buffer: Buffer) => T | null): Promise<T | null> {
    for (;;) {
      const value = ready(this.buffer);
      if (value !== null) return value;
      if (this.closed) return null;
      const stalled = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(true), STALL_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve(false);
        };
      });
      this.wake = null;
      if (stalled) return null;
    }
  }

  /** One GET; the answer's problem as a short reason, or its decoded body. */
  async get(pathname: string): Promise<{ body: Buffer } | { wrong: string }> {
    // Bytes already here before we asked belong to no answer: the last one was longer than it said.
    if (this.buffer.length > 0) return { wrong: 'bytes beyond the previous Content-Length' };
    this.socket.write(`GET ${pathname} HTTP/1.1\r\nHost: bench\r\nAccept-Encoding: gzip\r\n\r\n`);
    const headEnd = await this.until((buffer) => {
      const at = buffer.indexOf('\r\n\r\n');
      return at < 0 ? null : at;
    });
    if (headEnd === null) return { wrong: this.closed ? 'connection closed' : 'no head' };
    const head = this.buffer.subarray(0, headEnd).toString('latin1');
    if (!/^HTTP\/1\.1 200 /.test(head)) return { wrong: `not a 200 head: ${head.slice(0, 24)}` };
    this.buffer = this.buffer.subarray(headEnd + 4);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
    let raw: Buffer | { wrong: string };
    if (length !== undefined) raw = await this.fixedBody(Number(length));
    else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) raw = await this.chunkedBody();
    else return { wrong: 'neither Content-Length nor chunked' };
    if (!Buffer.isBuffer(raw)) return raw;
    if (!/\r\ncontent-encoding:\s*gzip/i.test(head)) return { body: raw };
    try {
      return { body: gunzipSync(raw) };
    } catch {
      return { wrong: 'gzip body cut or mixed' };
    }
  }

  private async fixedBody(length: number): Promise<Buffer | { wrong: string }> {
    const complete = await this.until((buffer) => (buffer.length >= length ? true : null));
    if (complete === null) return { wrong: 'body shorter than its Content-Length' };
    const body = Buffer.from(this.buffer.subarray(0, length));
    this.buffer = this.buffer.subarray(length);
    return body;
  }

  /** A body sent in chunks (nginx compressing as it sends): each chunk's size line, then a zero-size chunk. */
  private async chunkedBody(): Promise<Buffer | { wrong: string }> {
    const chunks: Buffer[] = [];
    for (;;) {
      const lineEnd = await this.until((buffer) => {
        const at = buffer.indexOf('\r\n');
        return at < 0 ? null : at;
      });
      if (lineEnd === null) return { wrong: 'chunked body cut' };
      const size = Number.parseInt(this.buffer.subarray(0, lineEnd).toString('latin1'), 16);
      if (!Number.isFinite(size)) return { wrong: 'chunk size unreadable' };
      const end = lineEnd + 2 + size + 2;
      if ((await this.until((buffer) => (buffer.length >= end ? true : null))) === null)
        return { wrong: 'chunked body cut' };
      if (this.buffer.subarray(end - 2, end).toString('latin1') !== '\r\n')
        return { wrong: 'chunk longer than its size' };
      chunks.push(Buffer.from(this.buffer.subarray(lineEnd + 2, end - 2)));
      this.buffer = this.buffer.subarray(end);
      if (size === 0) return Buffer.concat(chunks);
    }
  }

  close() {
    this.socket.destroy();
  }
}

/** Reads `pathname` over and over on one keep-alive connection until `deadline`, a new one after each wrong answer. */
export async function readRepeatedly(
  port: number,
  pathname: string,
  complete: RegExp,
  deadline: number,
  tally: Tally,
) {
  let connection = new Connection(port);
  while (performance.now() < deadline) {
    const answer = await connection.get(pathname);
    tally.answers += 1;
    if ('body' in answer && complete.test(answer.body.toString('utf8'))) continue;
    addWrong(tally, 'wrong' in answer ? answer.wrong : 'body is not a whole file');
    connection.close();
    connection = new Connection(port);
  }
  connection.close();
}

export type RepublishResult = Tally & { publishes: number; failedPublishes: number; seconds: number };

/**
 * Issue 12's race: the owner republishes `username`'s page about `perSecond` times a second through the API while
 * keep-alive readers fetch the page and the vCard from `readPort` (the product, or nginx in front of it). Every answer
 * must carry exactly as many bytes as its Content-Length says, and be a whole page (gzip intact, ending in </html>)
 * or a whole vCard.
 */
export async function readWhileRepublishing(options: {
  apiUrl: string;
  readPort: number;
  username: string;
  token: string;
  seconds: number;
  perSecond: number;
  firstRevision: number;
}): Promise<RepublishResult> {
  const tally: Tally = { answers: 0, wrong: 0, reasons: new Map() };
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let publishes = 0;
  let failedPublishes = 0;
  const publisher = (async () => {
    const interval = 1000 / options.perSecond;
    while (performance.now() < deadline) {
      const began = performance.now();
      const status = await publish(options.apiUrl, options.token, options.firstRevision + publishes);
      publishes += 1;
      if (status !== 200) failedPublishes += 1;
      const rest = interval - (performance.now() - began);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  })();
  const page = `/u/${options.username}`;
  const vcard = `${page}/contact.vcf`;
  await Promise.all([
    ...[1, 2, 3, 4].map(() => readRepeatedly(options.readPort, page, /<\/html>\s*$/, deadline, tally)),
    ...[1, 2].map(() => readRepeatedly(options.readPort, vcard, /END:VCARD\s*$/, deadline, tally)),
    publisher,
  ]);
  return { ...tally, publishes, failedPublishes, seconds: (performance.now() - started) / 1000 };
}
