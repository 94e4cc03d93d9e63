import net from 'node:net';

export type RawResponse = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * One keep-alive connection that reads answers byte by byte as a proxy would: exactly Content-Length bytes of body,
 * then the next answer must begin right there. A length from one version and bytes from another shows up as a
 * body that is no version, or as the next answer not starting with `HTTP/1.1` (a desync), never as a lucky retry.
 */
export async function rawConnection(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffered = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  let failed: Error | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    wake?.();
  });
  const fail = (error: Error) => {
    failed = error;
    wake?.();
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));

  const waitFor = async (enough: () => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!enough()) {
      if (failed) throw failed;
      if (Date.now() > deadline) throw new Error('timed out waiting for the answer');
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
      wake = null;
    }
  };

  const send = (method: string, path: string, headers: Record<string, string>) => {
    const lines = [
      `${method} ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  };

  /** The next answer in the buffer, read as exactly its Content-Length. */
  const answer = async (method: string): Promise<RawResponse> => {
    await waitFor(() => buffered.includes('\r\n\r\n'), 5000);
    const end = buffered.indexOf('\r\n\r\n');
    const head = buffered.subarray(0, end).toString('latin1').split('\r\n');
    const statusLine = head[0] ?? '';
    if (!statusLine.startsWith('HTTP/1.1 '))
      throw new Error(`desync: an answer began with ${JSON.stringify(statusLine.slice(0, 40))}`);
    const parsed: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    if (parsed['transfer-encoding'])
      throw new Error(`a static answer was sent chunked (${parsed['transfer-encoding']})`);
    const length = method === 'HEAD' ? 0 : Number(parsed['content-length'] ?? 0);
    const start = end + 4;
    await waitFor(() => buffered.length >= start + length, 5000);
    const body = Buffer.from(buffered.subarray(start, start + length));
    buffered = buffered.subarray(start + length);
    return { status: Number(statusLine.split(' ')[1]), headers: parsed, body };
  };

  return {
    async request(method: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
      send(method, path, headers);
      return answer(method);
    },
    /**
     * Every request written at once, before any answer is read (HTTP/1.1 pipelining): the server answers them in
     * turn while earlier answers are still queued on the socket. The answers, in order.
     */
    async pipeline(requests: [method: string, path: string, headers?: Record<string, string>][]) {
      for (const [method, path, headers = {}] of requests) send(method, path, headers);
      const answers: RawResponse[] = [];
      for (const [method] of requests) answers.push(await answer(method));
      return answers;
    },
    close: () => socket.destroy(),
  };
}
