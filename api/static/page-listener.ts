import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { hostOf, routeByHost } from '../domains/host-routing';
import type { LiveDomains } from '../domains/live-domains';

// What listens on the public port, on either thread (ADR 044): the host's routing, the fast path, then the rest.

/** Owners' own domains (issue 31): each request is first routed by the host it was sent to. */
export type HostRouting = { live: LiveDomains; serviceOrigin: string };

/**
 * Every request on the public port: routed by host, then the fast path, then `fallback`, which is given the address
 * as the client sent it (before the host's rewrite) beside the request.
 */
export function pageRequestListener(
  fastPath: (request: http.IncomingMessage, response: http.ServerResponse) => boolean,
  fallback: (request: http.IncomingMessage, response: http.ServerResponse, sentUrl: string) => void,
  hosts?: HostRouting,
): http.RequestListener {
  return (request, response) => {
    const sentUrl = request.url ?? '/';
    if (hosts) {
      const routed = routeByHost(
        request.method ?? 'GET',
        hostOf(request.headers.host),
        sentUrl,
        hosts.live,
        hosts.serviceOrigin,
      );
      if (routed && 'redirect' in routed) {
        // Never kept by a browser: should the domain break, the service address must answer again at once.
        response.writeHead(301, {
          location: routed.redirect,
          'cache-control': 'no-store',
          'content-length': '0',
        });
        response.end();
        return;
      }
      if (routed) request.url = routed.rewrite;
    }
    if (!fastPath(request, response)) fallback(request, response, sentUrl);
  };
}

/** The main thread's listener: what the fast path doesn't answer goes to Hono. */
export function mainRequestListener(
  fetch: (request: Request) => Response | Promise<Response>,
  fastPath: (request: http.IncomingMessage, response: http.ServerResponse) => boolean,
  hosts?: HostRouting,
): http.RequestListener {
  const hono = getRequestListener(fetch);
  return pageRequestListener(fastPath, (request, response) => void hono(request, response), hosts);
}

/**
 * What `serve()` from @hono/node-server builds (a plain node:http server around Hono's request listener), with the
 * fast path in front. Not listening yet: the caller listens and handles 'error'.
 */
export function createServerWithFastPath(
  fetch: (request: Request) => Response | Promise<Response>,
  fastPath: (request: http.IncomingMessage, response: http.ServerResponse) => boolean,
  hosts?: HostRouting,
): http.Server {
  return http.createServer(mainRequestListener(fetch, fastPath, hosts));
}
