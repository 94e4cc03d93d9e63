/**
 * The one error type the domain throws. `kind` says what went wrong in words the API can map to a status;
 * `message` is shown to a person as is, so it must read well on its own.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorised'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_many';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** An append whose expected stream version no longer matches: someone else wrote first. */
export class ConflictError extends DomainError {
  constructor(streamId: string, expected: number, actual: number) {
    super('conflict', 'Someone else changed this at the same time. Please try again.', {
      streamId,
      expected,
      actual,
    });
    this.name = 'ConflictError';
  }
}
