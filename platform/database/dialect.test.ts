import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase } from '../../tests/support/events/db';
import { uniqueViolationOn } from './dialect';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

const user = (id: string, email: string, username: string) => ({
  id,
  name: id,
  email,
  username,
  created_at: '2026-11-22T09:00:00.000Z',
  updated_at: '2026-11-22T09:00:00.000Z',
  is_verified: 0,
  is_admin: 0,
  is_subscribed: 0,
  trial_ended: 0,
});

const refusal = (insert: Promise<unknown>) =>
  insert.then(
    () => expect.unreachable('the insert was not refused'),
    (error: unknown) => error,
  );

describe('uniqueViolationOn', () => {
  it('names the table and column whose UNIQUE constraint refused a write, on either database', async () => {
    await t.db
      .insertInto('users')
      .values(user('a', 'dana@example.com', 'dana'))
      .execute();
    const refusedBy = async (again: ReturnType<typeof user>) =>
      uniqueViolationOn(await refusal(t.db.insertInto('users').values(again).execute()));
    expect(await refusedBy(user('b', 'dana@example.com', 'other'))).toEqual({
      table: 'users',
      columns: ['email'],
    });
    expect(await refusedBy(user('c', 'sam@example.com', 'dana'))).toEqual({
      table: 'users',
      columns: ['username'],
    });
    expect(await refusedBy(user('a', 'lee@example.com', 'lee'))).toEqual({ table: 'users', columns: ['id'] });
  });

  it('is null for any other failure', async () => {
    const notNull = await refusal(sql`INSERT INTO users (id) VALUES ('a')`.execute(t.db));
    expect(uniqueViolationOn(notNull)).toBeNull();
    expect(uniqueViolationOn(new Error('UNIQUE constraint failed: users.email'))).toBeNull();
  });
});
