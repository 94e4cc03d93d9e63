import { callJson, type Session } from '../abuse/signed-in';
import { type ServerProcess, startServerProcess } from '../api/server-process';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the instance's last leadership log line says it leads (ADR 025's one line a change). */
export const leads = (server: ServerProcess) =>
  server.logs().findLast((line) => /^This instance (leads|no longer leads)/.test(String(line.msg)))?.msg ===
  'This instance leads';

/** Milliseconds until `condition` holds, checked every 20 ms; throws naming `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await sleep(20);
  }
  return Date.now() - start;
}

/** Publishes a card with this name through `via`: an instance, or the load balancer in front of them. */
export const publish = (via: Pick<ServerProcess, 'url'>, session: Session, fullName: string) =>
  callJson(
    via,
    'POST',
    '/api/business-card/create_business_card',
    { full_name: fullName, phone_number: '0117 496 0000' },
    session,
  );

/** Whether `/u/<username>` through `via` answers with a page showing `text`. */
export const pageShows = async (via: Pick<ServerProcess, 'url'>, username: string, text: string) => {
  const response = await fetch(`${via.url}/u/${username}`);
  return response.ok && (await response.text()).includes(text);
};

/** One line of figures for the test's output. */
export const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (n=${values.length})`;
};

export const NEEDS_POSTGRES = 'needs PostgreSQL: runs in the postgres project when TEST_DATABASE_URL answers';

/**
 * Three instances sharing a data folder and `env` (database, secret, address), as behind one load balancer: the first
 * migrates the schema and leads, then two join it. Each is pushed onto `servers` as it starts, for the teardown.
 */
export async function startThreeInstances(
  dataDir: string,
  env: Record<string, string>,
  servers: ServerProcess[],
): Promise<[ServerProcess, ServerProcess, ServerProcess]> {
  const start = async () => {
    const server = await startServerProcess({ dataDir, env });
    servers.push(server);
    return server;
  };
  const first = await start();
  await waitUntil('the first instance to lead', () => leads(first), 10_000);
  const [second, third] = await Promise.all([start(), start()]);
  return [first, second, third];
}
