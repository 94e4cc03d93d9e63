import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { currentThreadId, niceAtLeast } from '../../platform/thread-priority';

/**
 * Photos are background work next to pages. Their threads go to SCHED_IDLE, which Linux runs only on a core nothing
 * else wants and preempts the moment a page request wakes the event loop; nice alone is not enough (measured: at
 * nice 19, libvips still took a quarter of the event loop's core from a busy server, as a task that has just started
 * running keeps its slice). When nothing else wants the CPU, photos still get all of it. Where SCHED_IDLE can't be
 * set (no `chrt`), the lowest nice is the fallback.
 */
export const RENDER_NICE = 19;
/**
 * PHOTO_PRIORITY: `background` (the default) is the above, pages first; `normal` leaves photo threads at the
 * process's own priority, for a machine whose cores are always busy with other work, where a background photo could
 * wait for a free core past its save's budget (the test suite's own workers, several at once, are such a machine).
 */
export const PHOTO_PRIORITIES = ['background', 'normal'] as const;
export type PhotoPriority = (typeof PHOTO_PRIORITIES)[number];

let chosen: PhotoPriority = 'background';
/** PHOTO_PRIORITY, set where the process is wired, before its first photo: threads keep the priority they start at. */
export const setPhotoPriority = (priority: PhotoPriority) => {
  chosen = priority;
};
export const photoPriority = () => chosen;
const SCHED_OTHER = 0;
export const SCHED_IDLE = 5;
/** chrt (util-linux, in every Debian image) sets another thread's policy: Node has no sched_setscheduler. */
const CHRT = '/usr/bin/chrt';

/** chrt runs in the background: a thread is not sent another while one is on its way. */
const pending = new Set<number>();
let chrtWorks = fs.existsSync(CHRT);

const lower = (tid: number) => {
  niceAtLeast(tid, RENDER_NICE);
  if (!chrtWorks || pending.has(tid) || schedulingPolicy(tid) !== SCHED_OTHER) return;
  pending.add(tid);
  execFile(CHRT, ['--idle', '--pid', '0', String(tid)], (error) => {
    pending.delete(tid);
    // Refused (a sandbox without the right): nice it stays, and chrt is not tried again.
    if (error && schedulingPolicy(tid) !== null) chrtWorks = false;
  });
};

/** The scheduling policy of one of this process's threads (field 41 of its stat), or null once it has exited. */
export function schedulingPolicy(tid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
  } catch {
    return null;
  }
}

/**
 * Lowers the priority of the calling thread (the render worker: HEIC's WebAssembly runs on it) and of libvips' own
 * threads, where sharp's decoding and encoding actually run. Both are per-thread on Linux, and libvips starts its
 * threads as a job needs them, so this is called again while a job runs. Linux only; elsewhere it does nothing.
 */
export function lowerRenderPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    lower(currentThreadId());
    for (const name of fs.readdirSync('/proc/self/task')) {
      const tid = Number(name);
      const comm = fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      if (comm.startsWith('libvips')) lower(tid);
    }
  } catch {
    // /proc not mounted (a sandbox): run at normal priority.
  }
}
