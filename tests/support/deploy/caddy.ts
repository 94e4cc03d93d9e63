import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canConnect, freePort, stopChild } from './nginx';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Debian's caddy (2.6); .ci/run installs it. */
export const CADDY = '/usr/bin/caddy';
export const CADDYFILE = path.join(ROOT, 'deploy/Caddyfile');

/** Caddy's first certificates (its own CA's, then the service host's) can take seconds on a busy 2-core machine. */
const START_TIMEOUT_MS = 30_000;

/**
 * deploy/Caddyfile with every certificate from Caddy's own CA: Let's Encrypt is out of reach in a test, and would
 * not issue for `.test` names anyway. The shipped file is left as it is but for two global options, which switch
 * every site, the on-demand one included, to the internal issuer while keeping its `on_demand` and its `ask`
 * (`local_certs`), and keep Caddy from adding its root to the machine's trust store (`skip_install_trust`). The
 * `tls` lines themselves are untouched, so they are tested as shipped. Not an issuer read from the environment
 * (`tls {$ISSUER} { on_demand }`): an empty one works in 2.6 only because it replaces environment variables in
 * the text before reading it, and the service host's site would need a `tls` line of its own that production has no
 * use for.
 */
export function renderTestCaddyfile(shipped: string): string {
  const opening = /^\{[ \t]*$/m;
  if (!opening.test(shipped)) throw new Error(`no global options block in ${CADDYFILE}`);
  return shipped.replace(opening, '{\n\tlocal_certs\n\tskip_install_trust');
}

export type RunningCaddy = {
  httpPort: number;
  httpsPort: number;
  /** Caddy's own root certificate, the only one a test's client trusts. */
  rootCaPem(): Promise<string>;
  /** The certificate that signs the sites' certificates, sent with each: what a browser told to trust this CA matches. */
  intermediateCaPem(): Promise<string>;
  /** What Caddy has logged (JSON lines on stderr), for a failure's message. */
  output(): string;
  stop(): Promise<void>;
};

/**
 * deploy/Caddyfile under Debian's caddy, as a child of this process, with its data (certificates, its CA's keys)
 * and autosaved configuration in a folder of its own (removed by stop()), so no test trusts another's CA or finds
 * another's certificates. Ready once both its ports take connections.
 */
export async function startCaddy(options: {
  /** host:port of the product (or a stand-in): proxied to, and asked whether a domain may have a certificate. */
  upstream: string;
  /** TRADECARD_HOST: the service host, PUBLIC_URL's. */
  serviceHost: string;
  httpPort?: number;
  httpsPort?: number;
}): Promise<RunningCaddy> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-caddy-'));
  const file = path.join(runDir, 'Caddyfile');
  fs.writeFileSync(file, renderTestCaddyfile(fs.readFileSync(CADDYFILE, 'utf8')));
  const httpPort = options.httpPort ?? (await freePort());
  const httpsPort = options.httpsPort ?? (await freePort());
  // The admin endpoint stays on, as in production (Debian's reload goes through it), but on a free port: on 2019, the
  // default, it would collide with a developer's own Caddy or with another suite's.
  const adminPort = await freePort();
  const dataHome = path.join(runDir, 'data');
  const child: ChildProcess = spawn(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
    // process.env too: the run's marker (tests/support/leftover-processes.ts) finds a Caddy that outlives its test.
    env: {
      ...process.env,
      HOME: runDir,
      XDG_DATA_HOME: dataHome,
      XDG_CONFIG_HOME: path.join(runDir, 'config'),
      TRADECARD_UPSTREAM: options.upstream,
      TRADECARD_HOST: options.serviceHost,
      CADDY_HTTP_PORT: String(httpPort),
      CADDY_HTTPS_PORT: String(httpsPort),
      CADDY_ADMIN: `127.0.0.1:${adminPort}`,
      // Required by the file; the internal issuer has no use for it.
      ACME_EMAIL: 'ops@tradecard.test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;

  const stop = () => stopChild(child, exited, gone, runDir);

  /** Polls `ready` until it is true; a Caddy that exits or takes too long is stopped and its log thrown. */
  const waitFor = async (what: string, ready: () => boolean | Promise<boolean>) => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await ready())) {
      if (gone() || Date.now() > deadline) {
        const log = output;
        await stop();
        throw new Error(`caddy: ${what} (${gone() ? 'it exited' : 'timed out'}):\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  await waitFor('did not start', async () => (await canConnect(httpPort)) && (await canConnect(httpsPort)));
  const authority = path.join(dataHome, 'caddy/pki/authorities/local');
  // Written when the CA is first provisioned, while Caddy starts; read whole, not while it is being written.
  const certificate = async (name: string) => {
    const file = path.join(authority, name);
    const whole = () => fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes('END CERTIFICATE');
    await waitFor(`no certificate at ${file}`, whole);
    return fs.readFileSync(file, 'utf8');
  };
  return {
    httpPort,
    httpsPort,
    rootCaPem: () => certificate('root.crt'),
    intermediateCaPem: () => certificate('intermediate.crt'),
    output: () => output,
    stop,
  };
}
