import fs from 'node:fs';
import os from 'node:os';

// Priority is per thread on Linux: background work (photos, visit counts) runs on its own threads below the event
// loop that serves pages. An optimisation, never a failure: where it can't be set, work runs at normal priority.

/** The kernel's id of the calling thread (Linux), from /proc/thread-self → `<pid>/task/<tid>`. */
export const currentThreadId = () => Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));

/** Raises thread `tid`'s nice value to `nice` if it is below it; quiet when the thread is gone or it is refused. */
export function niceAtLeast(tid: number, nice: number): void {
  try {
    if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
  } catch {
    // The thread has exited meanwhile, or the system refuses.
  }
}

/** The calling thread at nice `nice` or lower priority; nothing off Linux or without /proc. */
export function niceThisThread(nice: number): void {
  if (process.platform !== 'linux') return;
  try {
    niceAtLeast(currentThreadId(), nice);
  } catch {
    // /proc not mounted (a sandbox).
  }
}
