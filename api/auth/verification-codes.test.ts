import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase, registerTestAccount, type TestDatabase } from '../../tests/support/events/db';
import { checkCode, issueCode, MAX_WRONG_TRIES } from './verification-codes';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const now = new Date('2026-11-26T10:00:00Z');
let t: TestDatabase;

beforeEach(async () => {
  t = await openTempDatabase();
  await registerTestAccount(t.db, 1, now);
});
afterEach(async () => {
  await t.close();
});

async function issued(): Promise<string> {
  const result = await issueCode(t.db, SECRET, 'u1', now);
  if (!('code' in result)) throw new Error('no code was issued');
  return result.code;
}

const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('checkCode', () => {
  it('accepts the right code once', async () => {
    const code = await issued();
    expect(await checkCode(t.db, SECRET, 'u1', code, now)).toBe('ok');
    expect(await checkCode(t.db, SECRET, 'u1', code, now)).toBe('missing');
  });

  it('voids the code at its fifth wrong try, tried one after another', async () => {
    const code = await issued();
    const wrong = wrongFor(code);
    for (let i = 1; i < MAX_WRONG_TRIES; i++)
      expect(await checkCode(t.db, SECRET, 'u1', wrong, now)).toBe('wrong');
    expect(await checkCode(t.db, SECRET, 'u1', wrong, now)).toBe('too_many');
    expect(await checkCode(t.db, SECRET, 'u1', code, now)).toBe('missing');
  });

  it('still accepts the right code at the fifth try', async () => {
    const code = await issued();
    for (let i = 1; i < MAX_WRONG_TRIES; i++) await checkCode(t.db, SECRET, 'u1', wrongFor(code), now);
    expect(await checkCode(t.db, SECRET, 'u1', code, now)).toBe('ok');
  });

  it('counts every one of many wrong tries sent at once, so a burst gets no more guesses than a queue', async () => {
    const code = await issued();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => checkCode(t.db, SECRET, 'u1', wrongFor(code), now)),
    );
    // Exactly the allowance is compared with the code; every other try is refused without a look.
    expect(burst.filter((outcome) => outcome === 'wrong')).toHaveLength(MAX_WRONG_TRIES - 1);
    expect(burst.every((outcome) => ['wrong', 'too_many', 'missing'].includes(outcome))).toBe(true);
    expect(await checkCode(t.db, SECRET, 'u1', code, now)).toBe('missing');
  });

  it('says an expired code has expired, and forgets it', async () => {
    const code = await issued();
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(await checkCode(t.db, SECRET, 'u1', code, later)).toBe('expired');
    expect(await checkCode(t.db, SECRET, 'u1', code, now)).toBe('missing');
  });
});
