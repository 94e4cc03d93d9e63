import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL, to play a network failing under a connection: `freeze()` stops forwarding
 * without closing anything (a partition: neither side hears a word, nor a goodbye), `cut()` closes every connection
 * (what PostgreSQL sees once its keepalive gives up on a partitioned client).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!frozen) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const cut = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    freeze() {
      frozen = true;
    },
    /** Forwards again; what was sent while frozen is lost, so connections made then are stuck for good. */
    thaw() {
      frozen = false;
    },
    cut,
    close: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
