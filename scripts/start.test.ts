import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { builtStamp } from './site-stamp';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Issue 29: npm start built the public site (42 s on a busy machine) before it found DATABASE_URL wrong. It checks
// the database before anything slow: a build when the site's sources changed, the pages for a new address.
describe('npm start with a database it cannot reach', () => {
  it('says so in one line before building or writing anything', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-start-'));
    dirs.push(dataDir);
    const before = builtStamp();
    const started = performance.now();
    const failed = await run(process.execPath, ['scripts/run.ts', 'start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        // An address no start has written the pages for; nothing listens on port 1.
        PUBLIC_URL: 'https://start-check.example',
        DATABASE_URL: 'postgres://tradecard@127.0.0.1:1/tradecard',
        PORT: '0',
        METRICS_PORT: 'off',
      },
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    const seconds = (performance.now() - started) / 1000;
    expect(failed?.code).toBe(1);
    const output = `${failed?.stdout}${failed?.stderr}`;
    expect(output).toContain(
      'The database at postgres://tradecard@127.0.0.1:1/tradecard (DATABASE_URL) refused the connection',
    );
    expect(output).not.toContain('Building the public site');
    expect(output).not.toContain("Wrote the public site's pages");
    expect(builtStamp()).toBe(before);
    console.info(
      `npm start with an unreachable DATABASE_URL: refused in ${seconds.toFixed(1)} s, nothing built`,
    );
  });
});

type Line = { msg?: string; [key: string]: unknown };

/** `npm start` (as the container runs it) until it says it is running, then stopped; its log lines and how long. */
async function startOnce(env: Record<string, string>): Promise<{ lines: Line[]; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/run.ts', 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      METRICS_PORT: 'off',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('close', resolve));
  const lines: Line[] = [];
  let ms = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      child.on('close', (code) => reject(new Error(`npm start exited (${code}):\n${JSON.stringify(lines)}`)));
      readline.createInterface({ input: child.stdout }).on('line', (text) => {
        const line = (() => {
          try {
            return JSON.parse(text) as Line;
          } catch {
            return { msg: text };
          }
        })();
        lines.push(line);
        if (line.msg?.startsWith('TradeCard is running')) {
          ms = performance.now() - started;
          resolve();
        }
      });
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return { lines, ms };
}

// Issue 29: a new PUBLIC_URL built the whole site again (25 s), so every address needed a build of its own. Now the
// server writes the few files that name the address, once per build and configuration (ADR 040).
describe('npm start on an address the build has not served', () => {
  it('builds nothing and writes the pages for the address; a second start writes nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-start-'));
    dirs.push(dataDir);
    const env = {
      DATA_DIR: dataDir,
      PUBLIC_URL: `https://start-${process.pid}.example`,
      CHAT_WIDGET_SRC: '',
    };
    const first = await startOnce(env);
    const wrote = (lines: Line[]) =>
      lines.filter((line) => line.msg?.startsWith("Wrote the public site's pages"));
    expect(first.lines.filter((line) => line.msg?.startsWith('Building the public site'))).toEqual([]);
    const [written] = wrote(first.lines);
    expect(written?.files).toBeGreaterThan(20);
    const dir = written?.dir as string;
    dirs.push(dir);
    const index = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
    expect(index).toContain(`<link rel="canonical" href="${env.PUBLIC_URL}/">`);
    const writtenAt = fs.statSync(path.join(dir, 'index.html')).mtimeMs;

    const second = await startOnce(env);
    expect(wrote(second.lines)).toEqual([]);
    expect(fs.statSync(path.join(dir, 'index.html')).mtimeMs).toBe(writtenAt);
    console.info(
      `npm start on a new PUBLIC_URL: running in ${(first.ms / 1000).toFixed(1)} s (${written?.files} files written in ${written?.ms} ms); a second start: ${(second.ms / 1000).toFixed(1)} s, nothing written`,
    );
  }, 120_000);
});
