import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { builtStamp } from './site-stamp';

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Issue 29: npm start built the public site (42 s on a busy machine) before it found DATABASE_URL wrong. It checks
// the database first when a build is due.
describe('npm start with a database it cannot reach', () => {
  it('says so in one line before building anything', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-start-'));
    dirs.push(dataDir);
    const before = builtStamp();
    const started = performance.now();
    const failed = await run(process.execPath, ['scripts/run.ts', 'start'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        // Another address than the built site's, so the site would be built again; nothing listens on port 1.
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
    expect(builtStamp()).toBe(before);
    console.info(
      `npm start with an unreachable DATABASE_URL: refused in ${seconds.toFixed(1)} s, nothing built`,
    );
  });
});
