import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** Debian's wrk (.ci/run installs it): a C load generator, so the client is not the bottleneck it is in Node. */
export const WRK = '/usr/bin/wrk';

export type WrkResult = {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers outside 2xx/3xx. */
  non2xx: number;
  /** connect, read, write and timeout errors together. */
  socketErrors: number;
};

/** Microseconds per unit wrk prints: whole numbers, so 410.00us reads as exactly 0.41 ms. */
const UNIT_US: Record<string, number> = { us: 1, ms: 1000, s: 1_000_000, m: 60_000_000 };

function durationMs(value: string, unit: string): number {
  const scale = UNIT_US[unit];
  if (scale === undefined) throw new Error(`wrk printed an unknown time unit: ${value}${unit}`);
  return (Number(value) * scale) / 1000;
}

function percentileMs(output: string, percent: number): number {
  const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  if (!match) throw new Error(`no ${percent}% line in wrk's output (run with --latency):\n${output}`);
  return durationMs(match[1] as string, match[2] as string);
}

/** What `wrk --latency` prints, as numbers. */
export function parseWrk(output: string): WrkResult {
  const total = /^\s*(\d+) requests in /m.exec(output);
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  if (!total || !rate) throw new Error(`wrk's output has no totals:\n${output}`);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requests: Number(total[1]),
    requestsPerSecond: Number(rate[1]),
    p50Ms: percentileMs(output, 50),
    p99Ms: percentileMs(output, 99),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: errors ? errors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

export type WrkOptions = {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  threads?: number;
  /** A Lua script of wrk's (`-s`), e.g. scripts/bench/visitors.lua, which makes each request another visitor's. */
  script?: string;
  /** What the script's `init(args)` receives (after wrk's `--`). */
  scriptArgs?: string[];
};

/** One wrk run; fails if any answer was not a 2xx/3xx or any socket failed, as a wrong answer is no throughput. */
export async function wrk(options: WrkOptions): Promise<WrkResult> {
  if (!fs.existsSync(WRK))
    throw new Error(`the serving bench needs wrk at ${WRK}: apt-get install -y --no-install-recommends wrk`);
  const args = [
    `-t${options.threads ?? 1}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    ...(options.script ? ['-s', options.script] : []),
    options.url,
    ...(options.scriptArgs ? ['--', ...options.scriptArgs] : []),
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`wrk ${args.join(' ')} exited ${code}:\n${text}`)),
    );
  });
  const result = parseWrk(output);
  if (result.non2xx > 0 || result.socketErrors > 0)
    throw new Error(
      `${options.url}: ${result.non2xx} non-2xx answers, ${result.socketErrors} socket errors:\n${output}`,
    );
  return result;
}
