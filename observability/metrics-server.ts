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
 * only reachable where the operator publishes this port (the default host is loopback). A port already taken is
 * logged and the service carries on without metrics: serving customers matters more than being watched.
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  registry?: Registry;
}): Promise<MetricsServer | null> {
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
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (err) => {
      log.warn(
        { err, host: options.host, port: options.port },
        'Could not start the metrics listener; carrying on without /metrics',
      );
      resolve(false);
    });
    server.listen(options.port, options.host, () => resolve(true));
  });
  if (!listening) return null;
  const { port } = server.address() as AddressInfo;
  log.info({ host: options.host, port }, 'Metrics at /metrics');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
