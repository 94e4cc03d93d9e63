import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { MetricsServer } from '../../observability/metrics-server';
import { startMetricsListener } from './metrics-listener';
import { StartupProblem } from './startup-problem';

let opened: MetricsServer | null = null;
afterEach(async () => {
  await opened?.close();
  opened = null;
});

describe('the metrics listener configuration asks for', () => {
  it('is none with METRICS_PORT=off', async () => {
    expect(await startMetricsListener({ METRICS_HOST: '127.0.0.1', METRICS_PORT: 'off' })).toBeNull();
  });

  it('listens on METRICS_HOST:METRICS_PORT', async () => {
    opened = await startMetricsListener({ METRICS_HOST: '127.0.0.1', METRICS_PORT: 0 });
    expect((await fetch(`http://127.0.0.1:${opened?.port}/metrics`)).status).toBe(200);
  });

  it('is a start-up problem naming METRICS_PORT and both ways out when the port is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const refusal = startMetricsListener({ METRICS_HOST: '127.0.0.1', METRICS_PORT: port });
      await expect(refusal).rejects.toBeInstanceOf(StartupProblem);
      await expect(refusal).rejects.toThrow(
        `METRICS_PORT ${port} is in use, probably by another instance on this host: give each instance its own METRICS_PORT, or set METRICS_PORT=off.`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('is a start-up problem naming METRICS_HOST when it is no address of this host', async () => {
    // 192.0.2.0/24 is reserved for documentation (RFC 5737): never an address of this machine.
    await expect(startMetricsListener({ METRICS_HOST: '192.0.2.1', METRICS_PORT: 0 })).rejects.toThrow(
      'METRICS_HOST 192.0.2.1 is not an address of this host: set METRICS_HOST to one (127.0.0.1, or 0.0.0.0 for every address), or METRICS_PORT=off.',
    );
  });
});
