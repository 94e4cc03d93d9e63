import { Worker } from 'node:worker_threads';
import { runnable } from '../../platform/runnable';
import { workerHeap, YOUNG_AS_MAIN_MB } from '../../platform/worker-heap';
import type { CardPassJson } from './pass';
import type { WalletSigner } from './signer';

export type SignJob = {
  id: number;
  certificates: WalletSigner['certificates'];
  json: CardPassJson;
  images: Record<string, Uint8Array>;
};
export type SignReply =
  | { id: number; ok: true; pass: Uint8Array }
  | { id: number; ok: false; message: string };

/** More passes than this waiting to be signed: the next is refused, so a flood of them queues no further work. */
export class SignerBusy extends Error {}

type Options = { maxWaiting: number; idleMs: number; workerUrl?: URL };

/**
 * Signs passes on a thread of its own. Each signature is ~50 ms of pure-JavaScript RSA (node-forge, inside
 * passkit-generator): on the event loop, a stream of first downloads of different cards would stall every page
 * this instance serves. One thread, jobs in order, at most `maxWaiting` of them; the thread starts when needed and
 * exits when idle.
 */
export function createPassSigner({ maxWaiting, idleMs, workerUrl }: Options) {
  const thread = workerUrl
    ? { url: workerUrl, execArgv: ['--import', 'tsx'] }
    : runnable('api/wallet/sign-worker.ts');
  const waiting = new Map<number, { resolve: (pass: Buffer) => void; reject: (error: Error) => void }>();
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;

  function failAll(error: Error) {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  }

  function start(): Worker {
    const started = new Worker(thread.url, {
      execArgv: thread.execArgv,
      resourceLimits: workerHeap({ youngMb: YOUNG_AS_MAIN_MB }),
    });
    started.unref();
    started.on('message', (reply: SignReply) => {
      const job = waiting.get(reply.id);
      if (!job) return;
      waiting.delete(reply.id);
      if (reply.ok) job.resolve(Buffer.from(reply.pass.buffer, reply.pass.byteOffset, reply.pass.byteLength));
      else job.reject(new Error(reply.message));
      if (waiting.size === 0) idle = setTimeout(stop, idleMs).unref();
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(error);
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll(new Error('The pass signer stopped.'));
    });
    return started;
  }

  function stop() {
    const stopping = worker;
    worker = null;
    if (stopping) void stopping.terminate();
  }

  return {
    sign(certificates: SignJob['certificates'], json: CardPassJson, images: Record<string, Buffer>) {
      if (waiting.size >= maxWaiting) return Promise.reject(new SignerBusy());
      clearTimeout(idle);
      worker ??= start();
      const id = nextId++;
      const job: SignJob = { id, certificates, json, images };
      return new Promise<Buffer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        (worker as Worker).postMessage(job);
      });
    },
    close: stop,
  };
}
