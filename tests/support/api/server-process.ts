import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { compiledEntry } from '../compiled';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  child: ChildProcess;
  dataDir: string;
  /** stdout, a line each as it arrives (the server logs JSON lines there). */
  lines: string[];
  /** stderr, as it arrives. */
  stderr(): string;
  /** The stdout lines that are JSON log records, parsed. */
  logs(): Record<string, unknown>[];
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Set once the server said which port it listens on. */
  port?: number;
  url?: string;
  /** Sends the signal (SIGTERM unless told) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
  /** Kills the process if it still runs, and removes the data folder if this helper made it. */
  cleanup(): Promise<void>;
};

export type ServerOptions = {
  /** Added to the defaults: a temp DATA_DIR, PORT=0, SEED_DEMO=false, METRICS_PORT=off, LOG_LEVEL=info. */
  env?: Record<string, string | undefined>;
  /** The entry node runs, compiled (tests/support/compiled.ts), named by its source relative to the root. */
  entry?: string;
  /** Use this data folder (kept afterwards) instead of a fresh temp one (removed by cleanup()). */
  dataDir?: string;
};

/**
 * The real server as a child process, as an operator runs it (compiled, as `npm start` does), on its own data
 * folder and a port the OS picks. Returns at once; `startServerProcess` also waits until it serves.
 */
export function spawnServerProcess(options: ServerOptions = {}): ServerProcess {
  const madeDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-server-'));
  // This process's environment is handed on unread (PATH, HOME); the server parses its own with readEnv().
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    SEED_DEMO: 'false',
    METRICS_PORT: 'off',
    LOG_LEVEL: 'info',
  };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn(process.execPath, [compiledEntry(options.entry ?? 'api/server.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  const stdoutDone = new Promise<void>((resolve) => {
    readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      lines.push(line);
      if (server.port === undefined) {
        const port = parse(line)?.port;
        if (typeof port === 'number') {
          server.port = port;
          server.url = `http://127.0.0.1:${port}`;
        }
      }
    });
    child.stdout?.on('close', resolve);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // 'close', not 'exit': by then stdout is read to its end, so the last log line is in `lines`.
  const exited = new Promise<Exit>((resolve) => {
    child.on('close', (code, signal) => void stdoutDone.then(() => resolve({ code, signal })));
  });

  const server: ServerProcess = {
    child,
    dataDir,
    lines,
    stderr: () => stderr,
    logs: () => lines.map(parse).filter((record) => record !== null),
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    cleanup: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      if (madeDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * Ends every server of a test, whatever happens to any one: all are killed and awaited before any data folder is
 * removed, since a later server may run on an earlier one's folder (a restart), and one failure must not leave the
 * others running past the suite.
 */
export async function cleanupServers(servers: ServerProcess[]): Promise<void> {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  const failures = (await Promise.allSettled(servers.map((server) => server.cleanup()))).filter(
    (result) => result.status === 'rejected',
  );
  if (failures.length > 0) throw new AggregateError(failures.map((failure) => failure.reason));
}

function parse(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Spawns the server and waits until it has logged its port (the first log line with a numeric `port`) and answers
 * `readyPath` with a 2xx. Fails with the server's output if it exits first or isn't ready within `timeoutMs`.
 */
export async function startServerProcess(
  options: ServerOptions & { readyPath?: string; timeoutMs?: number } = {},
): Promise<ServerProcess & { port: number; url: string }> {
  const server = spawnServerProcess(options);
  const deadline = Date.now() + (options.timeoutMs ?? 50_000);
  let exit: Exit | null = null;
  void server.exited.then((value) => {
    exit = value;
  });
  while (Date.now() < deadline && exit === null) {
    if (server.url) {
      const response = await fetch(`${server.url}${options.readyPath ?? '/api/health'}`).catch(() => null);
      if (response?.ok) return server as ServerProcess & { port: number; url: string };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.cleanup();
  const why = exit ? `exited (${JSON.stringify(exit)})` : 'did not become ready in time';
  throw new Error(`The server ${why}.\nstdout:\n${server.lines.join('\n')}\nstderr:\n${server.stderr()}`);
}
