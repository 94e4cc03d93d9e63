import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, SITE_ORIGIN } from './config';
import { childEnv } from './env';

export type RunningServer = {
  /** Where to reach it from here, e.g. http://localhost:41234. */
  origin: string;
  dataDir: string;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server (`api/server.ts`, as `npm start` runs it) on a fresh temp DATA_DIR, which it seeds with the
 * sample profile at /u/demo. Its PUBLIC_URL is SITE_ORIGIN, so links, QR codes and vCards carry the site's address
 * while we reach it on localhost. `stop()` ends it and removes the folder.
 */
export async function startServer(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-site-assets-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: REPO_ROOT,
    env: childEnv({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: SITE_ORIGIN,
      SEED_DEMO: 'true',
      PAYMENTS: 'local',
      MAIL: 'outbox',
      // A developer's `npm start` may hold the default port, which would stop this one (issue 27).
      METRICS_PORT: 'off',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const deadline = Date.now() + 60_000;
  while (!output.includes('TradeCard is running at')) {
    if (gone) throw new Error(`The server stopped before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`The server was not ready within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const stop = async () => {
    if (!gone) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killed);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin: `http://localhost:${port}`, dataDir, stop };
}
