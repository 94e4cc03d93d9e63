import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createStripeSimulator, type SimulatorOptions } from './simulator';

export type { SimulatorOptions, StripeSimulator } from './simulator';
export { createStripeSimulator } from './simulator';

/** How often due work runs and waiting webhooks go out without anyone moving the clock. */
const TICK_MS = 1000;

export type StartOptions = Omit<SimulatorOptions, 'publicBaseUrl'> & {
  /** Defaults to the simulator's own address. */
  publicBaseUrl?: string;
  /** 0 turns the timer off (tests move the clock themselves). */
  tickMs?: number;
};

/**
 * Starts the simulator in-process on 127.0.0.1 at a free port. Point the Stripe SDK at it with
 * `{ host: '127.0.0.1', port, protocol: 'http' }`.
 */
export async function startStripeSimulator(options: StartOptions) {
  let app: Hono | null = null;
  const server = serve({
    fetch: (request) => (app ? app.fetch(request) : new Response('Starting', { status: 503 })),
    hostname: '127.0.0.1',
    port: 0,
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const simulator = await createStripeSimulator({ ...options, publicBaseUrl: options.publicBaseUrl ?? url });
  app = simulator.app;

  const tickMs = options.tickMs ?? TICK_MS;
  const timer = tickMs > 0 ? setInterval(() => void simulator.tick().catch(() => 0), tickMs) : null;
  timer?.unref();

  return {
    ...simulator,
    host: '127.0.0.1',
    port,
    protocol: 'http' as const,
    url,
    async close() {
      if (timer) clearInterval(timer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await simulator.close();
    },
  };
}
