import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** The proxy's own ports toward the target: pg_stat_activity's client_port of the backends behind it. */
  upstreamPorts(): number[];
  /** The network goes: every connection through the proxy is cut, and new ones are refused (ECONNREFUSED). */
  cut(): Promise<void>;
  /** The network is back: the proxy listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A TCP proxy in front of PostgreSQL for one test's servers: it can take the database away from them alone
 * (connections cut, new ones refused) and give it back, without stopping the PostgreSQL other suites are using.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', close);
      socket.on('close', close);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cutAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) resolve();
      else server.close(() => resolve());
      cutAll();
    });
  return {
    port,
    upstreamPorts: () =>
      [...pairs]
        .map(({ upstream }) => upstream.localPort)
        .filter((local): local is number => local !== undefined),
    cut: stopListening,
    restore: () => listen(port),
    close: stopListening,
  };
}
