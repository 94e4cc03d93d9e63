import os from 'node:os';
import type pg from 'pg';
import { z } from 'zod';
import { INSTANCE_ROLES, instanceOf } from './instance-name';

/**
 * Which instances of an install on PostgreSQL are connected to its database now, from pg_stat_activity: what a
 * restore must wait for, since whatever they write after the dump was taken would be lost without a word.
 */

export type ConnectedInstance = {
  /** What its connections say: host and pid, or null from a release whose names said neither. */
  host: string | null;
  pid: number | null;
  /** Where its connections come from, and since when its oldest has been open. */
  clientAddresses: string[];
  since: Date | null;
  /** The names its connections carry in pg_stat_activity: all there is to show of one that says no host or pid. */
  names: string[];
};

// Another role's sessions show only their names to a role without pg_read_all_stats; the rest is null.
const Session = z.object({
  name: z.string(),
  client_addr: z.string().nullable(),
  backend_start: z.coerce.date().nullable(),
});

/**
 * The instances of the install in `schema` with a connection to the database `client` is connected to, each once
 * however many connections it holds; none of `client`'s own, nor of this process's. Connections whose names are not
 * ours (psql, a dashboard, pg_dump) are none of them: they don't write the install's tables behind our back.
 */
export async function connectedInstances(
  client: pg.ClientBase,
  schema: string,
): Promise<ConnectedInstance[]> {
  const { rows } = await client.query(
    `SELECT application_name AS name, host(client_addr) AS client_addr, backend_start
       FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND (application_name = ANY($1) OR application_name LIKE ANY($2))
      ORDER BY backend_start`,
    [INSTANCE_ROLES, INSTANCE_ROLES.map((role) => `${role} %`)],
  );
  const instances = new Map<string, ConnectedInstance>();
  for (const session of z.array(Session).parse(rows)) {
    const named = instanceOf(session.name, schema);
    // The restore's own connections: its checking one is left out above, and any pool of this process here.
    if (!named || (named.host === os.hostname() && named.pid === process.pid)) continue;
    // Without host and pid, only the client's address tells one instance from another.
    const key = named.pid === null ? `${session.client_addr}` : `${named.host}:${named.pid}`;
    const instance = instances.get(key) ?? {
      host: named.host,
      pid: named.pid,
      clientAddresses: [],
      since: session.backend_start,
      names: [],
    };
    const from =
      session.client_addr ?? (session.backend_start ? 'a local socket' : 'an address hidden from this role');
    if (!instance.clientAddresses.includes(from)) instance.clientAddresses.push(from);
    if (!instance.names.includes(session.name)) instance.names.push(session.name);
    instances.set(key, instance);
  }
  return [...instances.values()];
}

const lineAbout = (instance: ConnectedInstance) => {
  const who =
    instance.pid === null
      ? `an instance that does not say its host or pid (${instance.names.join(', ')}; an older release?)`
      : `${instance.host ?? 'a host'} pid ${instance.pid}`;
  const from = instance.clientAddresses.join(' and ');
  const since = instance.since ? `connected since ${instance.since.toISOString()}` : 'connected';
  return `  - ${who}, from ${from}, ${since}`;
};

/** Says which instances are connected and what to do, or null when none is. */
export function connectedInstancesProblem(instances: ConnectedInstance[], schema: string): string | null {
  if (instances.length === 0) return null;
  const count = instances.length === 1 ? 'An instance is' : `${instances.length} instances are`;
  return [
    `${count} connected to the database (schema ${schema}), and would go on writing beside the restore:`,
    ...instances.map(lineAbout),
    'Stop every instance (every server on every host with this DATABASE_URL, and any ops command still running) before restoring: nothing changed.',
  ].join('\n');
}
