import { expect } from 'vitest';
import type { createTestApp } from '../api/app';

/** What a role may get back: 'ok' is any 2xx; a status is that status exactly. */
export type Expected = 'ok' | 401 | 403 | 404 | 409;
export type MatrixCell<Role extends string> = {
  method: string;
  path: string;
  body?: unknown;
  expect: Record<Role, Expected>;
};

const matches = (status: number, expected: Expected) =>
  expected === 'ok' ? status >= 200 && status < 300 : status === expected;

/**
 * Tries every cell as every role, in order, and says each answer that differs from the cell's expectation; every
 * refusal must be a readable `{ error }`, never a stack trace. Returns how many calls it made.
 */
export async function tryEveryCall<Role extends string>(
  t: Awaited<ReturnType<typeof createTestApp>>,
  cells: MatrixCell<Role>[],
  roles: Role[],
  tokens: Record<Role, string | undefined>,
): Promise<number> {
  const wrong: string[] = [];
  let tried = 0;
  for (const cell of cells)
    for (const role of roles) {
      const response = await t.call(cell.method, cell.path, cell.body, tokens[role]);
      tried += 1;
      if (!matches(response.status, cell.expect[role]))
        wrong.push(`${role} ${cell.method} ${cell.path}: ${response.status}, expected ${cell.expect[role]}`);
      if (response.status >= 400) {
        expect(Object.keys(response.body)).toContain('error');
        expect(JSON.stringify(response.body)).not.toMatch(/\bat .+\.ts:\d+/);
      }
    }
  expect(wrong).toEqual([]);
  return tried;
}
