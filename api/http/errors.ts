import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, type DomainErrorKind } from '../../events/errors';
import { log } from '../../observability/log';
import { DatabaseBusyError } from '../../platform/database/busy';
import { databaseUnreachable, UNREACHABLE_RETRY_AFTER_SECONDS } from '../../platform/database/unreachable';
import { requestFields } from './request-log';

const statusOf: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorised: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_many: 429,
};

/**
 * Out of space: SQLite's own code, PostgreSQL's SQLSTATE disk_full (its server's disk), or the system's when a
 * photo or a page is written.
 */
const FULL = new Set(['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']);
/**
 * The disk failed or turned read-only under us: SQLite reports these with extended codes (SQLITE_IOERR_WRITE),
 * PostgreSQL as io_error (58030), or read_only_sql_transaction (25006) from a server that became a standby.
 */
const BROKEN = /^(SQLITE_IOERR|SQLITE_READONLY|SQLITE_CANTOPEN|58030$|25006$|EROFS$|EIO$)/;

export const DISK_FULL_MESSAGE =
  'The service is short of disk space and cannot save changes right now. Please try again in a few minutes.';
export const UNREACHABLE_MESSAGE =
  'The service cannot reach its database for a moment, so your changes were not saved. Please try again in a few seconds.';
export const STORAGE_FAILED_MESSAGE =
  'The service cannot save changes right now because of a storage problem. Please try again in a few minutes.';
/** The page thread couldn't hand a request to the main thread (ADR 044): it is stopping or starting again. */
export const RESTARTING_MESSAGE = 'The service is restarting. Please try again in a few seconds.';
/** Long enough for an operator's alert to be seen; a person retrying sooner does no harm. */
const STORAGE_RETRY_AFTER_SECONDS = 60;

/** The storage trouble behind an error, looking through wrappers (`cause`), or null when it is something else. */
export function storageTrouble(error: unknown): 'full' | 'broken' | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (FULL.has(code)) return 'full';
      if (BROKEN.test(code)) return 'broken';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The one place domain errors become HTTP: `{ error }` a person can read, never a stack trace. */
export function handleError(error: Error, c: Context) {
  // Another process (a replay, a backup) held the write lock too long: the service is busy, the request was fine.
  if (error instanceof DatabaseBusyError) {
    c.header('Retry-After', String(error.retryAfterSeconds));
    return c.json({ error: error.message }, 503);
  }
  if (error instanceof DomainError) {
    const retryAfter = error.details.retryAfterSeconds;
    if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
    return c.json({ error: error.message }, statusOf[error.kind]);
  }
  // PostgreSQL restarting or failing over, or the network to it: it passes, and the request can be made again.
  if (databaseUnreachable(error)) {
    log.warn({ err: error, ...requestFields(c) }, 'Could not save: the database could not be reached');
    c.header('Retry-After', String(UNREACHABLE_RETRY_AFTER_SECONDS));
    return c.json({ error: UNREACHABLE_MESSAGE }, 503);
  }
  // A full or failing disk is the operator's to fix, not a bug: the person is told to come back, not that we broke.
  const trouble = storageTrouble(error);
  if (trouble) {
    log.error({ err: error, ...requestFields(c) }, 'Could not save: the disk is full or failing');
    c.header('Retry-After', String(STORAGE_RETRY_AFTER_SECONDS));
    return c.json({ error: trouble === 'full' ? DISK_FULL_MESSAGE : STORAGE_FAILED_MESSAGE }, 503);
  }
  log.error({ err: error, ...requestFields(c) }, 'Request failed');
  return c.json({ error: 'Something went wrong' }, 500);
}

export const invalid = (message: string) => new DomainError('invalid', message);

/** "1 second", "20 seconds": waits are shown to people. */
export const seconds = (count: number) => `${count} ${count === 1 ? 'second' : 'seconds'}`;
