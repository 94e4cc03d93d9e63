import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { withPostgresClient } from '../../../platform/database/postgres';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 server binaries. */
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
const RUNUSER = '/usr/sbin/runuser';
/** initdb refuses to run as root: as root, the cluster is made and run as this OS user. */
const OS_USER = 'postgres';
const isRoot = () => process.getuid?.() === 0;

/** Why a private PostgreSQL can't be started here, or null when it can. */
export function privatePostgresMissing(): string | null {
  for (const tool of ['initdb', 'pg_ctl'])
    if (!fs.existsSync(path.join(POSTGRES_BIN, tool)))
      return `needs PostgreSQL 15's ${tool} in ${POSTGRES_BIN}`;
  if (isRoot() && !fs.existsSync(RUNUSER))
    return `needs ${RUNUSER} to run PostgreSQL as "${OS_USER}" (as root)`;
  if (
    isRoot() &&
    !fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .some((line) => line.startsWith(`${OS_USER}:`))
  )
    return `needs an OS user "${OS_USER}" to run PostgreSQL as (as root)`;
  return null;
}

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/tradecard (trust authentication). */
  url: string;
  port: number;
  /** Starts the server again after stop(), on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** pg_ctl stop: `fast` ends every session and shuts down cleanly; `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl restart -m fast: every connection is terminated, and the server is back when this resolves. */
  restart(): Promise<void>;
  /** Stops it (immediate) if it runs, and removes its folder. */
  cleanup(): Promise<void>;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * A PostgreSQL server of the test's own, in a temp folder, for a test that restarts or stops the database: the
 * machine's PostgreSQL is shared with the suites running beside it. Listens on 127.0.0.1 and a free port, its socket
 * in the temp folder, trust authentication, one database `tradecard`. Call cleanup() in afterAll.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const missing = privatePostgresMissing();
  if (missing) throw new Error(`No private PostgreSQL here: ${missing}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-private-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const asOwner = (tool: string, args: string[]) =>
    isRoot()
      ? run(RUNUSER, ['-u', OS_USER, '--', path.join(POSTGRES_BIN, tool), ...args])
      : run(path.join(POSTGRES_BIN, tool), args);
  const pgCtl = async (args: string[]) => {
    try {
      await asOwner('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '30', ...args]);
    } catch (error) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`pg_ctl ${args.join(' ')} failed: ${(error as Error).message}\n${log}`);
    }
  };
  let running = false;
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (!running) return;
    await pgCtl(['stop', '-m', mode]);
    running = false;
  };
  const cleanup = async () => {
    try {
      // Whatever this helper believes: a start or restart that failed half-way may have left the server running.
      if (running || fs.existsSync(path.join(data, 'postmaster.pid')))
        await pgCtl(['stop', '-m', 'immediate']);
      running = false;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  try {
    if (isRoot()) {
      const id = async (flag: string) => Number((await run('id', [flag, OS_USER])).stdout.trim());
      fs.chownSync(dir, await id('-u'), await id('-g'));
    }
    await asOwner('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    const port = await freePort();
    // In the cluster's own configuration, so that restart and start after stop bring it back the same.
    fs.appendFileSync(
      path.join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        // A test's throwaway cluster: no waiting on the disk.
        'fsync = off',
        'max_connections = 100',
        '',
      ].join('\n'),
    );
    await pgCtl(['start']);
    running = true;
    const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await withPostgresClient(admin, (client) => client.query('CREATE DATABASE tradecard'));
    return {
      url: `postgres://postgres@127.0.0.1:${port}/tradecard`,
      port,
      start: async () => {
        await pgCtl(['start']);
        running = true;
      },
      stop,
      restart: async () => {
        await pgCtl(['restart', '-m', 'fast']);
        running = true;
      },
      cleanup,
    };
  } catch (error) {
    await cleanup().catch(() => {});
    throw error;
  }
}
