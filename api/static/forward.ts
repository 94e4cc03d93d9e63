import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { log } from '../../observability/log';
import { RESTARTING_MESSAGE } from '../http/errors';
import { PEER_HEADER, peerAddress, rememberPeer } from '../http/forwarded-peer';

/** Where the page thread hands on what it doesn't answer itself (ADR 044): the main thread's local socket. */
export type ForwardTarget = { socketPath: string; secret: string };

/** Headers about one hop, not the request: the forward has its own connection, kept alive between requests. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'expect', PEER_HEADER]);
const HOP_BY_HOP_ANSWER = new Set(['connection', 'keep-alive', 'transfer-encoding']);

function withoutHeaders(raw: string[], names: Set<string>): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (!names.has(name.toLowerCase())) kept.push(name, raw[i + 1] as string);
  }
  return kept;
}

const unavailable = JSON.stringify({ error: RESTARTING_MESSAGE });

/**
 * Hands a request to the main thread over its local socket and streams the answer back, both bodies as they come:
 * the main thread sees the same method, address, headers and body, with the client's address in PEER_HEADER. `url`
 * is the address as the client sent it, before any rewrite by host, which the main thread does again for itself.
 */
export function createForwarder(target: ForwardTarget) {
  const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo' });
  return (request: http.IncomingMessage, response: http.ServerResponse, url: string): void => {
    const headers = withoutHeaders(request.rawHeaders, HOP_BY_HOP);
    headers.push(PEER_HEADER, `${target.secret} ${peerAddress(request) ?? 'unknown'}`);
    const upstream = http.request({
      socketPath: target.socketPath,
      method: request.method,
      path: url,
      headers,
      agent,
    });
    let answered = false;
    upstream.on('response', (answer) => {
      response.writeHead(
        answer.statusCode ?? 502,
        answer.statusMessage,
        withoutHeaders(answer.rawHeaders, HOP_BY_HOP_ANSWER),
      );
      answer.pipe(response);
      answer.on('end', () => {
        answered = true;
      });
      answer.on('error', () => response.destroy());
    });
    upstream.on('error', (error) => {
      // A refusal sent before the body was read (413) may close the forward while the client still sends: the
      // answer stands, and the rest of the body goes nowhere.
      if (answered) {
        request.unpipe(upstream);
        request.resume();
        return;
      }
      if (response.headersSent) {
        response.destroy();
        return;
      }
      // The main thread is gone or stopping: say so as every refusal to write does, rather than drop the client.
      log.warn({ err: error }, 'The page thread could not hand a request to the main thread.');
      response.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': '5',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(unavailable),
      });
      response.end(unavailable);
    });
    // The client gave up: so does the main thread, as it would on a connection of its own.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  };
}

const refused = JSON.stringify({ error: 'Not a request this socket takes.' });

/**
 * The main thread's side: a request on the forwarding socket is answered by `listener` as if it had come on the
 * public port from the address PEER_HEADER names, and only with the start's secret; anything else is refused.
 */
export function acceptForwarded(secret: string, listener: http.RequestListener): http.RequestListener {
  const expected = Buffer.from(`${secret} `);
  return (request, response) => {
    const value = request.headers[PEER_HEADER];
    const given = typeof value === 'string' ? Buffer.from(value) : null;
    if (
      !given ||
      given.length <= expected.length ||
      !timingSafeEqual(given.subarray(0, expected.length), expected)
    ) {
      response.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
      response.end(refused);
      return;
    }
    rememberPeer(request, given.subarray(expected.length).toString());
    delete request.headers[PEER_HEADER];
    request.rawHeaders = withoutHeaders(request.rawHeaders, new Set([PEER_HEADER]));
    listener(request, response);
  };
}
