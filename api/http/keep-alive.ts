import type http from 'node:http';

/**
 * How long a client's connection is kept open between two requests: longer than the proxies in front keep theirs
 * (deploy/nginx.conf's upstream connections, nginx's 60 s; a cloud load balancer's 60 s). With Node's 5 s, a proxy
 * could send a request down a connection the moment this server closed it: a reset, which nginx answers with a 502
 * and does not send again when it was a POST (a quote request, a payment's return). Said to clients in each answer's
 * `Keep-Alive: timeout=65`.
 */
export const IDLE_CONNECTION_MS = 65_000;

/** For every server that takes the service's own connections: the main thread's and the page thread's (ADR 044). */
export function keepIdleConnections(server: http.Server): http.Server {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  return server;
}
