import { isIP } from 'node:net';
import { z } from 'zod';

/** Empty counts as unset: a compose file or container image passes an empty value through for one not given. */
export const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An IP address and a port, `127.0.0.1:5140` or `[::1]:5140`; null for anything else. */
export function hostAndPort(listen: string): { host: string; port: number } | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(listen.trim());
  if (!match) return null;
  const host = (match[1] ?? match[2]) as string;
  const port = Number(match[3]);
  if (port > 65535 || isIP(host) === 0) return null;
  return { host, port };
}
