import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { log } from './log';
import { registry as processRegistry } from './metrics';

export type MetricsServer = {
  /** The port it listens on (the one asked for, or the one the system chose for port 0). */
  port: number;
  close(): Promise<void>;
};

/**
 * Prometheus's scrape endpoint, GET /metrics, on a listener of its own: never on the public PORT, so metrics are
 * only reachable where the operator publishes this port (the default host is loopback). A port it cannot listen on
 * rejects with the listener's error (EADDRINUSE, …): an instance that carried on unwatched would be the one whose
 * first failure nobody sees (issue 27), so the caller stops and says which setting to change.
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  registry?: Registry;
}): Promise<MetricsServer> {
  const registry = options.registry ?? processRegistry;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        log.error({ err }, 'Collecting metrics failed');
        res
          .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end('Collecting metrics failed\n');
      },
    );
  });
  // A scraper holding a connection open must not keep a stopping server waiting.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // Not `port`: that field names the public listener in the server's log (its first line with one, for tools).
  log.info({ metricsHost: options.host, metricsPort: port }, 'Metrics at /metrics');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
