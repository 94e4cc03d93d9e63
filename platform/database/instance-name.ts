import os from 'node:os';

/**
 * What our connections call themselves in pg_stat_activity (application_name): `<role> <schema> <host>:<pid>`, e.g.
 * `tradecard public web-1:4242`. The host and pid let an operator find the process (the leadership log lines name it
 * host:pid too); the schema lets a restore tell the instances of its install from those of another install sharing
 * the database (one schema each, as the tests do).
 */

/** A server's pooled connections, and its leader election's connection of its own. */
export const INSTANCE_ROLES = ['tradecard', 'tradecard-leadership'] as const;
export type InstanceRole = (typeof INSTANCE_ROLES)[number];

/** PostgreSQL keeps at most NAMEDATALEN - 1 bytes of an application_name and silently cuts the rest. */
export const MAX_NAME_BYTES = 63;

const cutToBytes = (text: string, bytes: number) => {
  let cut = text;
  while (Buffer.byteLength(cut) > bytes) cut = cut.slice(0, -1);
  return cut;
};

/**
 * This process's name for its connections to `schema`. Too long, the host is cut rather than the pid: the pid still
 * finds the process on a host whose name starts so. A schema name too long to leave room for them goes alone.
 */
export function instanceName(
  role: InstanceRole,
  schema: string,
  host = os.hostname(),
  pid = process.pid,
): string {
  const head = `${role} ${schema}`;
  const tail = `:${pid}`;
  const room = MAX_NAME_BYTES - Buffer.byteLength(`${head} ${tail}`);
  if (room < 1) return cutToBytes(head, MAX_NAME_BYTES);
  return `${head} ${cutToBytes(host, room)}${tail}`;
}

/** An instance of ours as its connection names it; host and pid are null when the name does not say them. */
export type NamedInstance = { role: InstanceRole; host: string | null; pid: number | null };

/**
 * Whether `name` is a connection of an instance of the install in `schema`, and which. A name of ours that says no
 * schema (a release from before names carried one) or whose schema was cut short counts: better to refuse a
 * restore for an instance of another install than to restore under one of this install's.
 */
export function instanceOf(name: string, schema: string): NamedInstance | null {
  for (const role of INSTANCE_ROLES) {
    if (name === role) return { role, host: null, pid: null };
    if (!name.startsWith(`${role} `)) continue;
    const rest = name.slice(role.length + 1);
    // Cut by PostgreSQL's limit (a multi-byte character may end it a byte or two short).
    const cutShort = Buffer.byteLength(name) >= MAX_NAME_BYTES - 3 && schema.startsWith(rest);
    if (rest === schema || cutShort) return { role, host: null, pid: null };
    if (!rest.startsWith(`${schema} `)) continue;
    const where = /^(.+):(\d+)$/.exec(rest.slice(schema.length + 1));
    return { role, host: where?.[1] ?? null, pid: where ? Number(where[2]) : null };
  }
  return null;
}
