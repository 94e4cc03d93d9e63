import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { runnable } from '../../platform/runnable';
import { workerHeap, YOUNG_AS_MAIN_MB } from '../../platform/worker-heap';
import { OverBudget } from './render-core';
import type { PhotoPriority } from './render-priority';
import type { PhotoHeader, PhotoSource } from './sniff';

/** What a render thread is sent: `deadline` is when its processing must stop, waiting in the queue excluded. */
export type RenderJob = { source: PhotoSource; header: PhotoHeader; deadline: number };
/**
 * A save's processing budget, shared by its photos: when it runs out (ms since the epoch). Time spent waiting for a
 * render thread is not processing, so the pool moves it on by that long when the job starts.
 */
export type SaveBudget = { deadline: number };
/** What a render thread is started with. */
export type RenderWorkerData = { priority: PhotoPriority };
export type RenderedWebp = { width: number; height: number; webp: Uint8Array };
export type RenderReply =
  | { ok: true; renditions: RenderedWebp[] }
  | { ok: false; overBudget: boolean; message: string };

/** Decoding failed inside a worker: the upload is not a photo we can read (truncated, corrupt). */
export class RenderFailed extends Error {}

type Queued = {
  job: { source: PhotoSource; header: PhotoHeader; budget: SaveBudget };
  queuedAt: number;
  resolve: (renditions: RenderedWebp[]) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

type Slot = { worker: Worker; job: Queued | null; idle?: NodeJS.Timeout };

export type PoolOptions = {
  /** Threads decoding at once. */
  size: number;
  /** A thread left without work this long exits, and with it the memory the photos took. */
  idleMs: number;
  /** A job not started within this long is refused as too slow: the request is not kept waiting for ever. */
  maxWaitMs: number;
  /** `background` lowers the threads' priority below the event loop's (render-priority.ts). */
  priority: PhotoPriority;
  workerUrl?: URL;
};

/**
 * Cores for photos: all but one, so the event loop (pages, API) keeps a core of its own while a burst of uploads is
 * decoded; at least one.
 */
export const defaultPoolSize = () => Math.max(1, os.availableParallelism() - 1);

/**
 * A small pool of worker threads that decode and encode photos, one job each at a time, the rest queued in order.
 * A job runs within its save's budget, its wait in the queue not counted (a burst of uploads from many people is
 * queued, not refused), but a job left waiting past `maxWaitMs` is refused. Past the budget a worker still on the
 * job is terminated (libheif's WebAssembly can't be interrupted any other way) and replaced when next needed.
 * Threads start on demand and exit when idle, so a quiet server holds no decoder memory.
 */
export function createRenderPool(options: PoolOptions) {
  // A test's own worker is TypeScript; ours runs as this process does (compiled, or through tsx).
  const thread = options.workerUrl
    ? { url: options.workerUrl, execArgv: ['--import', 'tsx'] }
    : runnable('api/media/render-worker.ts');
  const slots = new Set<Slot>();
  const queue: Queued[] = [];

  const finish = (slot: Slot, settle: () => void) => {
    const queued = slot.job;
    slot.job = null;
    if (queued?.timer) clearTimeout(queued.timer);
    settle();
    next();
  };

  function spawn(): Slot {
    const worker = new Worker(thread.url, {
      execArgv: thread.execArgv,
      workerData: { priority: options.priority } satisfies RenderWorkerData,
      // As before workerHeap: the main thread's young generation (a photo's pixels are outside the heap, in sharp).
      resourceLimits: workerHeap({ youngMb: YOUNG_AS_MAIN_MB }),
    });
    const slot: Slot = { worker, job: null };
    worker.on('message', (reply: RenderReply) => {
      const queued = slot.job;
      if (!queued) return;
      finish(slot, () => {
        if (reply.ok) queued.resolve(reply.renditions);
        else if (reply.overBudget) queued.reject(new OverBudget(reply.message));
        else queued.reject(new RenderFailed(reply.message));
      });
    });
    worker.on('error', (error) => {
      slots.delete(slot);
      const queued = slot.job;
      slot.job = null;
      if (queued?.timer) clearTimeout(queued.timer);
      queued?.reject(error);
      next();
    });
    worker.on('exit', () => {
      slots.delete(slot);
      const queued = slot.job;
      slot.job = null;
      if (queued) {
        if (queued.timer) clearTimeout(queued.timer);
        queued.reject(new RenderFailed('The photo decoder stopped.'));
      }
      next();
    });
    slots.add(slot);
    return slot;
  }

  function retire(slot: Slot) {
    slots.delete(slot);
    void slot.worker.terminate();
  }

  function next() {
    while (queue.length > 0) {
      let slot = [...slots].find((candidate) => candidate.job === null);
      if (!slot) {
        if (slots.size >= options.size) return;
        slot = spawn();
      }
      const queued = queue.shift() as Queued;
      const { source, header, budget } = queued.job;
      budget.deadline += Date.now() - queued.queuedAt;
      if (queued.timer) clearTimeout(queued.timer);
      // The save's earlier photos may have used its budget up: refused without taking the thread.
      if (budget.deadline <= Date.now()) {
        queued.reject(new OverBudget('The photos took too long to process.'));
        continue;
      }
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = undefined;
      const running = slot;
      queued.timer = setTimeout(() => {
        if (running.job !== queued) return;
        running.job = null;
        retire(running);
        queued.reject(new OverBudget('The photos took too long to process.'));
        next();
      }, budget.deadline - Date.now());
      slot.job = queued;
      // A thread at work keeps the process alive (a script awaiting a photo); an idle one never does.
      slot.worker.ref();
      const job: RenderJob = { source, header, deadline: budget.deadline };
      slot.worker.postMessage(job);
    }
    for (const slot of slots) {
      if (slot.job || slot.idle) continue;
      slot.worker.unref();
      const idle = slot;
      slot.idle = setTimeout(() => {
        if (idle.job === null) retire(idle);
      }, options.idleMs);
      slot.idle.unref();
    }
  }

  return {
    /** The job's WebP renditions; OverBudget past its deadline, RenderFailed if its pixels don't decode. */
    render(job: Queued['job']): Promise<RenderedWebp[]> {
      return new Promise((resolve, reject) => {
        if (job.budget.deadline <= Date.now()) {
          reject(new OverBudget('The photos took too long to process.'));
          return;
        }
        const queued: Queued = { job, queuedAt: Date.now(), resolve, reject };
        queued.timer = setTimeout(() => {
          const waiting = queue.indexOf(queued);
          if (waiting < 0) return;
          queue.splice(waiting, 1);
          reject(new OverBudget('The photos waited too long to be processed.'));
        }, options.maxWaitMs);
        queue.push(queued);
        next();
      });
    },
    /** Threads alive now (busy or idle), for tests and the bench. */
    threads: () => slots.size,
    /** Stops every thread; queued and running jobs are refused. */
    async close() {
      for (const queued of queue.splice(0)) {
        if (queued.timer) clearTimeout(queued.timer);
        queued.reject(new RenderFailed('The photo decoder was stopped.'));
      }
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
      slots.clear();
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
