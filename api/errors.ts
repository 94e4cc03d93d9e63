import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, type DomainErrorKind } from '../events/errors';

const statusOf: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorised: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_many: 429,
};

/** The one place domain errors become HTTP: `{ error }` a person can read, never a stack trace. */
export function handleError(error: Error, c: Context) {
  if (error instanceof DomainError) {
    const retryAfter = error.details.retryAfterSeconds;
    if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
    return c.json({ error: error.message }, statusOf[error.kind]);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ error: 'Something went wrong' }, 500);
}

export const invalid = (message: string) => new DomainError('invalid', message);

/** "1 second", "20 seconds": waits are shown to people. */
export const seconds = (count: number) => `${count} ${count === 1 ? 'second' : 'seconds'}`;
