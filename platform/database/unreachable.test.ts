import { describe, expect, it } from 'vitest';
import { databaseUnreachable } from './unreachable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseUnreachable', () => {
  it.each([
    ['PostgreSQL shutting down (pg_terminate_backend, a restart)', withCode('57P01')],
    ['PostgreSQL starting up', withCode('57P03')],
    ['a connection failure', withCode('08006')],
    ['refused', withCode('ECONNREFUSED')],
    ['reset', withCode('ECONNRESET')],
    [
      "pg's own words for a connection that ended under a query",
      new Error('Connection terminated unexpectedly'),
    ],
    ["pg's pool finding none in time", new Error('timeout exceeded when trying to connect')],
    ['inside a wrapper', new Error('the save failed', { cause: withCode('57P01') })],
  ])('is true for %s', (_, error) => {
    expect(databaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a full disk', withCode('53100')],
    ['a syntax error', withCode('42601')],
    ['anything else', new Error('Something went wrong')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => {
    expect(databaseUnreachable(error)).toBe(false);
  });
});
