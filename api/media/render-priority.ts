import fs from 'node:fs';
import os from 'node:os';

/**
 * Photos are background work next to pages: at nice 10 the scheduler gives a busy render thread about a tenth of
 * the CPU a busy event loop gets, so on a small machine a burst of uploads slows down rather than the pages. When
 * nothing else wants the CPU, photos still get all of it.
 */
export const RENDER_NICE = 10;

/** The kernel's id of the calling thread (Linux), from /proc/thread-self → `<pid>/task/<tid>`. */
const threadId = () => Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));

const lower = (tid: number) => {
  try {
    if (os.getPriority(tid) < RENDER_NICE) os.setPriority(tid, RENDER_NICE);
  } catch {
    // The thread has exited meanwhile, or the system refuses: priority is an optimisation, never a failure.
  }
};

/**
 * Lowers the priority of the calling thread (the render worker: HEIC's WebAssembly runs on it) and of libvips' own
 * threads, where sharp's decoding and encoding actually run. Both are per-thread on Linux (setpriority with a
 * thread id), and libvips starts its threads as it needs them, so this is called again while a job runs. Linux
 * only; elsewhere it does nothing.
 */
export function lowerRenderPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    lower(threadId());
    for (const tid of fs.readdirSync('/proc/self/task')) {
      const comm = fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      if (comm.startsWith('libvips')) lower(Number(tid));
    }
  } catch {
    // /proc not mounted (a sandbox): run at normal priority.
  }
}
