import type http from 'node:http';

export type Draining = {
  /** Requests being answered now. */
  inFlight(): number;
  /**
   * Stops accepting connections, closes idle keep-alive ones at once, lets the requests in flight finish for up to
   * `graceMs`, then cuts what remains. Resolves when every connection is closed, with how many requests were cut.
   */
  drain(graceMs: number): Promise<{ cut: number }>;
  /** Cuts every connection now (a second signal while draining). */
  cutNow(): void;
};

/**
 * Graceful stopping for a Node http.Server. `server.close()` alone is not enough: it stops listening, but a
 * keep-alive connection busy at that moment goes back to idle afterwards, is kept open for keepAliveTimeout, and
 * may even carry new requests; so responses during the drain say `Connection: close`, and connections that fall
 * idle are closed as they do.
 */
export function drainable(server: http.Server): Draining {
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  let cut = 0;

  const closeAfter = (response: http.ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };

  server.on('request', (_request, response: http.ServerResponse) => {
    inFlight.add(response);
    if (draining) closeAfter(response);
    response.on('close', () => {
      inFlight.delete(response);
      // A response whose headers went out before the drain promised keep-alive; its connection idles from here on.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  const cutNow = () => {
    cut += inFlight.size;
    server.closeAllConnections();
  };

  return {
    inFlight: () => inFlight.size,
    cutNow,
    drain: async (graceMs) => {
      draining = true;
      for (const response of inFlight) closeAfter(response);
      // Not listening (a failed start) is no error here: then there is nothing to close.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(cutNow, graceMs);
      await closed;
      clearTimeout(timer);
      return { cut };
    },
  };
}
