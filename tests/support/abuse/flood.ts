import fs from 'node:fs';
import http from 'node:http';

/** Resident memory of a process, in MB, from /proc/<pid>/status (Linux). */
export function rssMb(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`No VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}

export type FloodAnswer = {
  status: number;
  body: Record<string, unknown>;
  /** From the first byte sent to the answer's headers. */
  ms: number;
  /** Bytes written before the answer came (the client keeps writing until it does). */
  sent: number;
  /** The server's largest resident memory seen while the request ran, in MB. */
  peakRssMb: number;
};

/**
 * POSTs `head`, then zeros up to `total` bytes, as fast as the server takes them, and stops writing once the answer
 * arrives: an attacker's big body. `declareLength: false` sends it chunked, with no length to refuse it by.
 */
export async function flood(options: {
  url: string;
  headers: Record<string, string>;
  head: Uint8Array;
  total: number;
  pid: number;
  declareLength?: boolean;
}): Promise<FloodAnswer> {
  const { url, head, total, pid } = options;
  const started = performance.now();
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 10);
  const request = http.request(url, {
    method: 'POST',
    headers: {
      ...options.headers,
      ...(options.declareLength === false ? { 'transfer-encoding': 'chunked' } : { 'content-length': total }),
    },
  });
  let answered = false;
  let sent = 0;
  try {
    const answer = new Promise<{ status: number; body: Record<string, unknown>; ms: number }>(
      (resolve, reject) => {
        request.on('response', (response) => {
          answered = true;
          const ms = performance.now() - started;
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), ms }));
          response.on('error', reject);
        });
        // The server may close the connection while we are still writing: that is the point, not a failure.
        request.on('error', (error) => {
          if (!answered) reject(error);
        });
      },
    );
    const chunk = new Uint8Array(256 * 1024);
    const write = (data: Uint8Array) =>
      new Promise<void>((resolve) => {
        sent += data.length;
        if (request.write(data)) resolve();
        else {
          const go = () => {
            request.off('drain', go);
            request.off('close', go);
            resolve();
          };
          request.on('drain', go);
          request.on('close', go);
        }
      });
    void (async () => {
      await write(head);
      while (sent < total && !answered && !request.destroyed)
        await write(chunk.subarray(0, Math.min(chunk.length, total - sent)));
      if (!answered && !request.destroyed) request.end();
    })();
    const result = await answer;
    // A moment for whatever the server does after answering (draining, closing) to show in its memory.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { ...result, sent, peakRssMb: peak };
  } finally {
    clearInterval(sampler);
    request.destroy();
  }
}
