import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledEntrySync, ENTRIES } from '../compile';
import { childEnv } from './env';

/** The repository root, where `npm start` runs. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type RunningChild = {
  /** The node process itself (no npm wrapper between), so /proc/<pid> is the one doing the work. */
  pid: number;
  /** Resolves with the first match of `pattern` in the child's stdout; rejects if the child exits first. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the child has exited. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not gone within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
};

/**
 * The V8 heap flags an npm script runs node with (package.json), so a bench measures what an operator runs: for
 * `start` (and the image), the young generation capped at 8 MB a half (ADR 016); for `rebuild` and `replay`, the
 * old generation capped at 256 MB (ADR 019).
 */
export function npmScriptNodeFlags(script: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  const command = manifest.scripts?.[script];
  if (typeof command !== 'string') throw new Error(`package.json has no "${script}" script`);
  return command.split(/\s+/).filter((word) => word.startsWith('--max-'));
}

/** How much of a child's latest output is kept for waitFor and for error messages. */
const KEPT_OUTPUT = 1024 * 1024;

/**
 * How node runs `entry`: compiled, as `npm start` and `npm run` do, when it is one of the entries scripts/compile.ts
 * builds (compiling first if its sources changed); a bench's own helper script through tsx.
 */
export const nodeArgsFor = (entry: string): string[] =>
  ENTRIES.includes(entry) ? [compiledEntrySync(entry)] : ['--import', 'tsx', entry];

/**
 * `node <entry> [args]` (compiled: nodeArgsFor), run from the repository root with the given configuration in its
 * environment, and the heap flags of the npm script it stands for (`npm start` unless said).
 */
export function startTsChild(
  entry: string,
  config: Record<string, string>,
  nodeFlags = npmScriptNodeFlags('start'),
  args: string[] = [],
): RunningChild {
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, ...nodeArgsFor(entry), ...args], {
    cwd: REPO_ROOT,
    env: childEnv(config),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${entry}`);
  let stdout = '';
  let stderr = '';
  // A server under load writes an access line per request (tens of MB a second): only the latest output is kept,
  // and it is read as fast as it comes, so the child never buffers log lines waiting on this end of the pipe.
  const kept = (text: string) => (text.length > 2 * KEPT_OUTPUT ? text.slice(-KEPT_OUTPUT) : text);
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout = kept(stdout + chunk);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = kept(stderr + chunk);
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const output = () => `${stdout}${stderr ? `\n[stderr]\n${stderr}` : ''}`;

  const waitFor = async (pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> => {
    const deadline = performance.now() + timeoutMs;
    let gone: number | string | null = null;
    void exited.then((code) => {
      gone = code;
    });
    while (performance.now() < deadline) {
      const match = stdout.match(pattern);
      if (match) return match;
      if (gone !== null)
        throw new Error(`${entry} exited (${gone}) before printing ${pattern}:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${entry} did not print ${pattern} within ${timeoutMs} ms:\n${output()}`);
  };

  const stop = async (graceMs = 5000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(killed);
  };

  return { pid: child.pid, waitFor, output, exited, stop };
}

/** Peak resident set size (VmHWM) of a running process, in MB, from /proc/<pid>/status. */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

/** Resets VmHWM to the current RSS (Linux ≥ 4.0), so a later reading is the peak since now. */
export function resetPeakRss(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
