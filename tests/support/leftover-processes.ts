import fs from 'node:fs';

/**
 * Every process a test run starts carries this variable in its environment (set by the run, handed on by each
 * spawn that passes `process.env` along), so one that outlives the run is found even after its parent died and it
 * was handed to init.
 */
export const RUN_MARKER = 'TRADECARD_TEST_RUN';

export type Leftover = { pid: number; command: string };

/** The test runner's own processes, which end after its teardown: vitest's workers and Vite's esbuild service. */
const RUNNER_OWN = /node_modules\/(vitest|@esbuild|esbuild|@playwright|playwright)\/|^vitest-/;

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null; // gone meanwhile, or not ours to read
  }
}

/** Live processes (not zombies) other than `except` whose environment holds RUN_MARKER=runId. */
export function leftoverProcesses(runId: string, except: Set<number> = new Set([process.pid])): Leftover[] {
  const found: Leftover[] = [];
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || except.has(pid)) continue;
    const environ = read(`/proc/${pid}/environ`);
    if (!environ?.split('\0').includes(`${RUN_MARKER}=${runId}`)) continue;
    const state = read(`/proc/${pid}/stat`)?.replace(/^.*\) /, '')[0];
    if (state === 'Z' || state === 'X') continue;
    const command = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ').trim();
    if (RUNNER_OWN.test(command)) continue;
    found.push({ pid, command });
  }
  return found;
}

/** Kills what is left (so it doesn't run on) and describes it, one line a process, for the failure. */
export function killAndDescribe(leftovers: Leftover[]): string {
  for (const { pid } of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return leftovers.map(({ pid, command }) => `  pid ${pid}: ${command.slice(0, 300)}`).join('\n');
}
