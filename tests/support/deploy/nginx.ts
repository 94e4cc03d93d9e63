import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Debian's nginx (`nginx-light`); .ci/run installs it. */
export const NGINX = '/usr/sbin/nginx';
/** From `libnginx-mod-http-brotli-static`: without it the template's "# brotli" lines are left out. */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
export const TEMPLATE = path.join(ROOT, 'deploy/nginx.conf');

export type NginxSettings = {
  dataDir: string;
  siteDir: string;
  /** host:port of the product; several instances: one each, and the template's `server` line is repeated. */
  upstream: string | readonly string[];
  /** The instances' NGINX_VISITS (ADR 045), one for all. */
  visits?: string;
  /** PUBLIC_URL's host: the one nginx sends pages for. */
  publicHost: string;
  listen: string;
  runDir: string;
  workers?: number | 'auto';
  hsts?: string;
  user?: string;
  brotli?: boolean;
};

/** deploy/nginx.conf with its placeholders filled in, as deploy/README.md tells an operator to do. */
export function renderNginxConfig(template: string, settings: NginxSettings): string {
  const values: Record<string, string> = {
    DATA_DIR: settings.dataDir,
    SITE_DIR: settings.siteDir,
    LISTEN: settings.listen,
    RUN_DIR: settings.runDir,
    WORKERS: String(settings.workers ?? 1),
    HSTS: settings.hsts ?? '',
    USER: settings.user ?? os.userInfo().username,
    PUBLIC_HOST: settings.publicHost,
    ...(settings.visits === undefined ? {} : { VISITS: settings.visits }),
  };
  const brotli = settings.brotli ?? fs.existsSync(BROTLI_MODULE);
  const upstreams = typeof settings.upstream === 'string' ? [settings.upstream] : settings.upstream;
  const lines = template
    .split('\n')
    .filter((line) => brotli || !/#\s*brotli\s*$/.test(line))
    // The upstream block's `server {{UPSTREAM}};` once per instance, as an operator adds a line for each.
    .flatMap((line) =>
      line.includes('{{UPSTREAM}}') && !line.trimStart().startsWith('#')
        ? upstreams.map((upstream) => line.replaceAll('{{UPSTREAM}}', upstream))
        : [line],
    );
  const filled = lines
    .join('\n')
    .replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  // Only the header comment may still name a placeholder; a directive left unfilled is a template out of step.
  const unfilled = filled
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#') && /\{\{[A-Z_]+\}\}/.test(line));
  if (unfilled.length > 0) throw new Error(`unfilled placeholders in ${TEMPLATE}:\n${unfilled.join('\n')}`);
  return filled;
}

export type RunningNginx = {
  port: number;
  url: string;
  runDir: string;
  /** The access log so far, a line each (format `tradecard` in deploy/nginx.conf). */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
};

/** A port the OS says is free now (nginx, unlike node, cannot be told to pick one itself). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something on loopback takes connections at `port` yet. */
export const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Debian's nginx as a child of this process, never as a daemon and never with the system's configuration: the
 * template filled in for `dataDir`, `siteDir` and the product at 127.0.0.1:`upstreamPort`, its pid, logs and temp
 * files in a folder of its own (removed by stop()).
 */
export async function startNginx(options: {
  dataDir: string;
  siteDir: string;
  /** Several: nginx balances over them (round robin), as in front of N instances. */
  upstreamPort: number | readonly number[];
  /** The instances' NGINX_VISITS port on loopback (ADR 045): needed by deploy/nginx.conf, not by a peer's template. */
  visitsPort?: number;
  /** PUBLIC_URL's host (127.0.0.1 unless said). */
  publicHost?: string;
  workers?: number;
  hsts?: string;
  /** Another configuration than deploy/nginx.conf, with the same placeholders (the serving bench's static peer). */
  template?: string;
}): Promise<RunningNginx> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-nginx-'));
  const port = await freePort();
  const config = renderNginxConfig(options.template ?? fs.readFileSync(TEMPLATE, 'utf8'), {
    dataDir: options.dataDir,
    siteDir: options.siteDir,
    upstream: [options.upstreamPort].flat().map((port) => `127.0.0.1:${port}`),
    ...(options.visitsPort === undefined ? {} : { visits: `127.0.0.1:${options.visitsPort}` }),
    publicHost: options.publicHost ?? '127.0.0.1',
    listen: `127.0.0.1:${port}`,
    runDir,
    workers: options.workers ?? 1,
    ...(options.hsts ? { hsts: options.hsts } : {}),
  });
  const file = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(file, config);
  const errorFile = path.join(runDir, 'error.log');
  // -e: even the errors before the configuration is read go to our folder, not /var/log/nginx.
  const child: ChildProcess = spawn(NGINX, ['-e', errorFile, '-p', runDir, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const readLog = (name: string) => fs.readFileSync(path.join(runDir, name), 'utf8');
  const errorLog = () => (fs.existsSync(errorFile) ? readLog('error.log') : '');

  const stop = () => stopChild(child, exited, gone, runDir);

  const deadline = Date.now() + 10_000;
  while (!(await canConnect(port))) {
    if (gone() || Date.now() > deadline) {
      const why = `${output}\n${errorLog()}`;
      await stop();
      throw new Error(`nginx did not start:\n${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    runDir,
    accessLog: () =>
      fs.existsSync(path.join(runDir, 'access.log')) ? readLog('access.log').split('\n').filter(Boolean) : [],
    errorLog,
    stop,
  };
}

/**
 * Stops a server this process started: SIGTERM, SIGKILL after 5 s, then removes its folder. `exited` resolves on
 * its exit; `gone` says whether it has exited already.
 */
export async function stopChild(
  child: ChildProcess,
  exited: Promise<void>,
  gone: () => boolean,
  runDir: string,
): Promise<void> {
  if (!gone()) {
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killed);
  }
  fs.rmSync(runDir, { recursive: true, force: true });
}
