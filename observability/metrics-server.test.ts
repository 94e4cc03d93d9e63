import net from 'node:net';
import { Counter, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../tests/support/observability/logs';
import { sampleValue, scrape } from '../tests/support/observability/metrics';
import { type MetricsServer, startMetricsServer } from './metrics-server';

let server: MetricsServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('the metrics listener', () => {
  it('serves the registry as Prometheus text at GET /metrics on a port of its own', async () => {
    const registry = new Registry();
    const ticks = new Counter({ name: 'ticks_total', help: 'Ticks.', registers: [registry] });
    server = await startMetricsServer({ host: '127.0.0.1', port: 0, registry });
    expect(server?.port).toBeGreaterThan(0);
    const port = server?.port as number;

    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(registry.contentType);
    const text = await response.text();
    expect(text).toContain('# TYPE ticks_total counter');
    expect(sampleValue(text, 'ticks_total')).toBe(0);
    ticks.inc(3);
    expect(sampleValue(await scrape(port), 'ticks_total')).toBe(3);
  });

  it('answers 404 to anything but GET /metrics', async () => {
    server = await startMetricsServer({ host: '127.0.0.1', port: 0, registry: new Registry() });
    const base = `http://127.0.0.1:${server?.port}`;
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/metrics?x=1`)).status).toBe(200);
  });

  it('rejects with the listener’s error when the port is taken, logging nothing: the caller decides', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const logs = captureLogs('info');
    try {
      await expect(
        startMetricsServer({ host: '127.0.0.1', port, registry: new Registry() }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE', port });
      expect(logs.lines()).toEqual([]);
    } finally {
      logs.restore();
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('logs where it listens under its own field names, not the public listener’s `port`', async () => {
    const logs = captureLogs('info');
    try {
      server = await startMetricsServer({ host: '127.0.0.1', port: 0, registry: new Registry() });
      expect(logs.lines()).toEqual([
        expect.objectContaining({
          metricsHost: '127.0.0.1',
          metricsPort: server.port,
          msg: 'Metrics at /metrics',
        }),
      ]);
      expect(logs.lines()[0]).not.toHaveProperty('port');
    } finally {
      logs.restore();
    }
  });

  it('frees its port on close, even with a scraper holding a connection open', async () => {
    server = await startMetricsServer({ host: '127.0.0.1', port: 0, registry: new Registry() });
    const port = server?.port as number;
    await scrape(port);
    await server?.close();
    server = null;
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    // The port can be taken again at once.
    server = await startMetricsServer({ host: '127.0.0.1', port, registry: new Registry() });
    expect(server?.port).toBe(port);
  });
});
