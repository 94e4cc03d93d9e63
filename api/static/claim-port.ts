import net from 'node:net';

/**
 * Binds `port` alone for a moment and lets it go: rejects as `listen` would (EADDRINUSE, EACCES) if anything holds it,
 * even a listener that shares ports; else resolves with the port (the one the system picked, for 0). Threads that
 * listen with `reusePort` (ADR 044) then bind it together, and no other instance can have joined them unnoticed.
 */
export function claimPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(port, () => {
      const claimed = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(claimed));
    });
  });
}
