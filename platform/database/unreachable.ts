/**
 * PostgreSQL going away under us: shutting down or restarting (57P01 admin_shutdown, 57P02 crash_shutdown), not yet
 * taking connections (57P03 cannot_connect_now), a connection exception (class 08), or the network between (refused,
 * reset, timed out, unreachable). pg says the rest in words: a connection that ended under a query, or none to be had
 * within the pool's connect timeout.
 */
const CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const WORDS =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended)/;

/** How soon a request refused for it may be made again: a restart or a failover takes seconds. */
export const UNREACHABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether `error` (or what it wraps, through `cause`) says the database could not be reached or dropped the
 * connection: a passing condition of the service, never the request's fault.
 */
export function databaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CODES.has(code)) return true;
    if (typeof message === 'string' && WORDS.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
