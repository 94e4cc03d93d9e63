import { createHmac } from 'node:crypto';
import type http from 'node:http';
import type { Context } from 'hono';
import { peerAddress } from '../http/forwarded-peer';

/**
 * The caller's address for rate limits. Each proxy appends the address it received the request from to
 * X-Forwarded-For, so with `trustedHops` proxies in front the client is that many entries from the right; anything
 * further left was written by the client and proves nothing (ADR 014). No proxies: the socket's address, or for a
 * request the page thread handed on, the address of the connection it accepted (ADR 044).
 */
export function clientAddress(c: Context, trustedHops: number): string {
  const forwarded = forwardedAddress(c.req.header('x-forwarded-for'), trustedHops);
  if (forwarded) return forwarded;
  const incoming = (c.env as { incoming?: http.IncomingMessage } | undefined)?.incoming;
  // app.request() in tests has no socket.
  if (!incoming) return 'local';
  return peerAddress(incoming) ?? 'unknown';
}

/**
 * The caller's address as the rate limits key it: a keyed hash (the app's secret), so the throttles table, where a
 * failed sign-in's row may stay for good, holds no visitor's address (issue 16's privacy promise). The same address
 * always gives the same key, so the limits work as before.
 */
export function addressForLimits(c: Context, deps: { trustProxy: number; secret: string }): string {
  return createHmac('sha256', deps.secret)
    .update(clientAddress(c, deps.trustProxy))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The client's address in an X-Forwarded-For list, `trustedHops` entries from the right (the leftmost is whatever
 * the client wrote); undefined when no proxy is trusted or the list is empty. Also read from nginx's lines for the
 * pages it sends itself (api/visits/nginx-visits.ts), so both count a visitor alike.
 */
export function forwardedAddress(forwardedFor: string | undefined, trustedHops: number): string | undefined {
  if (trustedHops <= 0) return undefined;
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request skipped the outer ones, and the leftmost was written by one we trust.
  return entries[Math.max(0, entries.length - trustedHops)];
}
