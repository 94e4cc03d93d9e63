import { AsyncLocalStorage } from 'node:async_hooks';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import pino from 'pino';

/** What every log line written while handling one request carries (the request id). */
export type LogContext = { reqId: string };

export const logContext = new AsyncLocalStorage<LogContext>();

/**
 * Keys whose values never reach a log line, wherever they sit: credentials, tokens, codes and payment secrets.
 * pino's redaction matches exact paths, so each is listed at the depths our log calls use.
 */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'token',
  'code',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
  'stripe-signature',
  'apiKey',
  'client_secret',
];
export const REDACTED_PATHS = [
  ...SECRET_KEYS.map((key) => `["${key}"]`),
  ...SECRET_KEYS.map((key) => `*["${key}"]`),
  ...SECRET_KEYS.map((key) => `*.*["${key}"]`),
];

/**
 * SQLITE_FULL, ENOSPC, ERR_INVALID_URL, or PostgreSQL's five-character SQLSTATE (53100, 40P01): the shape of an
 * error's code, which no secret of ours has (verification codes are six digits).
 */
const ERROR_CODE = /^([A-Z][A-Z0-9]*(_[A-Z0-9]+)*|[0-9A-Z]{5})$/;

/**
 * An error's `code` is what an operator searches for and is no secret, so it stays; any other `code` may be a
 * verification code (six digits). pino does not say which object a wildcard matched, so the value decides.
 */
function censorSecret(value: unknown, path: string[]) {
  return path.at(-1) === 'code' && typeof value === 'string' && ERROR_CODE.test(value) ? value : '[redacted]';
}

export function createLogger(destination?: pino.DestinationStream, level = 'info') {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: censorSecret },
      // The request id rides along on every line logged while a request is handled, however deep the call.
      mixin: () => {
        const context = logContext.getStore();
        return context ? { reqId: context.reqId } : {};
      },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}

export type Logger = ReturnType<typeof createLogger>;

/** The process's one logger: JSON lines on stdout. The server sets its level from LOG_LEVEL. */
export const log: Logger = createLogger();

/**
 * A child process's output as log lines: every line the server writes stays JSON, even what a helper process
 * (the demo seed, the site build) prints for people. stderr lines are logged as warnings.
 */
export function logChildOutput(
  child: { stdout: Readable | null; stderr: Readable | null },
  source: string,
  logger: Logger = log,
): void {
  const follow = (stream: Readable | null, level: 'info' | 'warn') => {
    if (!stream) return;
    const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on('line', (line) => {
      if (line.trim()) logger[level]({ source }, line);
    });
  };
  follow(child.stdout, 'info');
  follow(child.stderr, 'warn');
}
