import dgram from 'node:dgram';
import { isIP } from 'node:net';
import { z } from 'zod';
import { log } from '../../observability/log';
import { nginxVisitLines } from '../../observability/metrics';
import { forwardedAddress } from '../auth/client-address';
import { hostAndPort } from '../env-fields';
import { StartupProblem } from '../process/startup-problem';
import { USERNAME } from '../static/public-files';
import type { Visit, VisitCounter } from './counter';
import { isCountable } from './request';

// ADR 045: behind deploy/nginx.conf, nginx sends a profile page itself and tells the product of it in a syslog line
// over UDP, one per page sent; the product counts it as the fast path counts a page it sends (issue 16). Every
// instance on nginx's machine listens at the same address (SO_REUSEPORT): the kernel hands each line to one of them,
// and to the others when one stops, so a line is counted once, by whichever instance heard it.

/** deploy/nginx.conf's `tradecard_visit` log format, written by nginx with `escape=json`. */
const VisitLine = z.object({
  method: z.string().max(16),
  status: z.number().int(),
  /** The address it was asked at: /u/ (the link) or /q/ (a QR code). */
  via: z.enum(['u', 'q']),
  page: z.string().regex(USERNAME),
  /** Sec-Purpose, Purpose and X-Purpose, one after another: any may say a browser only prefetched the page. */
  purpose: z.string().max(512),
  /** `$proxy_add_x_forwarded_for`: what the product would have been sent in X-Forwarded-For had nginx asked it. */
  forwardedFor: z.string().max(1024),
  agent: z.string().max(4096),
});

/** The visit a line tells of; 'not-counted' for a request that isn't one (isCountable); null for a line that isn't one. */
export function visitOfLine(
  datagram: string,
  trustProxy: number,
  /** Who sent the line (nginx): the address when no proxy is trusted, as the socket's would be. */
  sender: string,
): Visit | 'not-counted' | null {
  // `<190>Nov 30 04:50:00 tradecard: {…}`: the syslog header, then the line.
  const start = datagram.indexOf('{"');
  if (start < 0) return null;
  let parsed: z.infer<typeof VisitLine>;
  try {
    const read = VisitLine.safeParse(JSON.parse(datagram.slice(start)));
    if (!read.success) return null;
    parsed = read.data;
  } catch {
    return null;
  }
  const { method, status, via, page, purpose, forwardedFor, agent } = parsed;
  if (!isCountable(method, status, (name) => (name === 'sec-purpose' ? purpose : undefined)))
    return 'not-counted';
  return {
    page,
    source: via === 'q' ? 'qr' : 'link',
    action: 'view',
    cardCode: null,
    address: forwardedAddress(forwardedFor, trustProxy) ?? sender,
    userAgent: agent === '' ? undefined : agent,
  };
}

/** Loopback: where nginx sends from on the product's own machine. */
const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

export type NginxVisitsOptions = {
  /** host:port to listen on (NGINX_VISITS). */
  listen: string;
  /** Addresses besides loopback that may send lines (NGINX_VISITS_FROM): an nginx on another machine. */
  from: readonly string[];
  trustProxy: number;
  visits: Pick<VisitCounter, 'count'>;
};

/**
 * Listens for nginx's lines until closed, beside this machine's other instances at the same address; rejects when
 * the address can't be bound (a process that isn't one of ours holds it), with a StartupProblem, so a server told to
 * count nginx's pages doesn't start deaf to them.
 */
export async function listenForNginxVisits(options: NginxVisitsOptions) {
  const address = hostAndPort(options.listen);
  if (!address)
    throw new Error(`NGINX_VISITS must be an IP address and a port (127.0.0.1:5140): ${options.listen}`);
  const socket = dgram.createSocket({ type: isIP(address.host) === 6 ? 'udp6' : 'udp4', reusePort: true });
  const allowed = new Set(options.from);
  let warnedAt = Number.NEGATIVE_INFINITY;
  socket.on('message', (message, sender) => {
    if (!isLoopback(sender.address) && !allowed.has(sender.address)) {
      nginxVisitLines.inc({ outcome: 'refused' });
      return;
    }
    const visit = visitOfLine(message.toString('utf8'), options.trustProxy, sender.address);
    if (visit === null) {
      nginxVisitLines.inc({ outcome: 'unreadable' });
      // Once a minute at most: a template out of step with this code would otherwise write a line per page.
      if (Date.now() - warnedAt > 60_000) {
        warnedAt = Date.now();
        // Its header and size only: the line itself may hold a visitor's address, which no log keeps (issue 16).
        const text = message.toString('utf8');
        const header = text.slice(0, Math.max(0, text.indexOf('{'))).slice(0, 80);
        log.warn({ header, bytes: message.length }, "A line from nginx isn't a page's visit");
      }
      return;
    }
    if (visit === 'not-counted') {
      nginxVisitLines.inc({ outcome: 'not-counted' });
      return;
    }
    nginxVisitLines.inc({ outcome: 'counted' });
    options.visits.count(visit);
  });
  await new Promise<void>((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) =>
      reject(
        new StartupProblem(
          `NGINX_VISITS ${options.listen}: ${error.code ?? error.message}; another program holds it, or it is no address of this machine.`,
        ),
      );
    socket.once('error', refused);
    socket.bind(address.port, address.host, () => {
      socket.off('error', refused);
      resolve();
    });
  });
  socket.on('error', (error) => log.warn({ err: error }, 'Listening for the pages nginx sent failed'));
  // Once, however often it is asked: the socket can be closed only once.
  let closed: Promise<void> | undefined;
  return {
    port: socket.address().port,
    close: () => {
      closed ??= new Promise<void>((resolve) => socket.close(() => resolve()));
      return closed;
    },
  };
}
