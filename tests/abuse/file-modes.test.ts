import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../support/abuse/server';
import { cleanupServers, type ServerProcess, startServerProcess } from '../support/api/server-process';

// Issue 11, finding 12: app.db and the outbox files were world-readable. Against the real server, on a data folder
// an older version left open to everyone: after start and a sign-up, nothing in it is readable by anyone else.

let running: ServerProcess[] = [];
let dirs: string[] = [];
afterEach(async () => {
  const servers = running;
  running = [];
  await cleanupServers(servers);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** Every entry under `dir`, with its mode in octal, for entries anyone but the owner can read or enter. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    if ((mode(at) & 0o077) !== 0) found.push(`${path.relative(dir, at) || '.'} ${mode(at).toString(8)}`);
    if (fs.statSync(at).isDirectory()) for (const name of fs.readdirSync(at)) walk(path.join(at, name));
  };
  walk(dir);
  return found;
}

describe('files in the data folder', () => {
  it('are the owner’s only: the folder, the database and its journal, secret.key, the outbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-modes-'));
    dirs.push(dataDir);
    // As an older version left it: a world-readable folder, database and outbox message.
    fs.chmodSync(dataDir, 0o755);
    const first = await startServerProcess({ dataDir, env: { SEED_DEMO: 'true' } });
    running.push(first);
    await signUpThroughApi(first, 'dana', 'Plumber2026');
    await first.stop();
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'app.db'), 0o644);
    for (const name of fs.readdirSync(path.join(dataDir, 'outbox')))
      fs.chmodSync(path.join(dataDir, 'outbox', name), 0o644);

    const server = await startServerProcess({ dataDir });
    running.push(server);
    await signUpThroughApi(server, 'erin', 'Plumber2026');
    for (const name of ['app.db', 'app.db-wal', 'app.db-shm', 'secret.key'])
      expect(mode(path.join(dataDir, name)), name).toBe(0o600);
    expect(mode(dataDir)).toBe(0o700);
    expect(fs.readdirSync(path.join(dataDir, 'outbox')).length).toBeGreaterThanOrEqual(2);
    // Photos (the sample profile's), pages and mail included: nothing anyone else can read.
    expect(fs.readdirSync(path.join(dataDir, 'public', 'media')).length).toBeGreaterThan(0);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 90_000);
});
