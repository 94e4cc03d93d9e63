import type { Worker } from 'node:worker_threads';

/** A worker's answer to one call: the call's id, beside whatever it says. */
export type Answer = { id: number };

export type WorkerCalls<Reply extends Answer> = {
  /**
   * A call under a new id, for the caller to post however it sends its work: `reply` settles with the worker's answer
   * of that id, or fails when the worker stops first.
   */
  open(): { id: number; reply: Promise<Reply> };
  /** Why the worker stopped (an error, an exit), or null while it runs. */
  readonly stopped: Error | null;
};

/**
 * Calls to a worker that answers each by its id (the visits' writing thread, a rebuild's page writer). The worker
 * holds the process open only while a call waits for its answer; an error or exit fails every call waiting, and
 * every call opened after, with the error or with `gone()`. Messages without a numeric id are the caller's own.
 */
export function workerCalls<Reply extends Answer>(worker: Worker, gone: () => Error): WorkerCalls<Reply> {
  const waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let stopped: Error | null = null;
  const stop = (error: Error) => {
    stopped ??= error;
    for (const { reject } of waiting.values()) reject(stopped);
    waiting.clear();
  };
  worker.unref();
  worker.on('message', (reply: Partial<Answer>) => {
    if (typeof reply?.id !== 'number') return;
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (waiting.size === 0) worker.unref();
    call.resolve(reply as Reply);
  });
  worker.on('error', stop);
  worker.on('exit', () => stop(gone()));
  return {
    open() {
      const id = nextId++;
      if (stopped) return { id, reply: Promise.reject(stopped) };
      const reply = new Promise<Reply>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.ref();
      return { id, reply };
    },
    get stopped() {
      return stopped;
    },
  };
}
