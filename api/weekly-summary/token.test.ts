import { describe, expect, it } from 'vitest';
import { accountOfOffToken, weeklySummaryOffToken } from './token';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const ACCOUNT = '6f1c2a7e-3b0d-4c55-9a1e-2f7d8c9b0a11';

describe('the weekly summary’s turn-off token', () => {
  it('names the account it was made for, and is safe in a URL path', () => {
    const token = weeklySummaryOffToken(SECRET, ACCOUNT);
    expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(accountOfOffToken(SECRET, token)).toBe(ACCOUNT);
  });

  it('is nobody’s once altered, cut short, moved to another account or made with another key', () => {
    const token = weeklySummaryOffToken(SECRET, ACCOUNT);
    const mac = token.slice(ACCOUNT.length + 1);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(accountOfOffToken(SECRET, `${ACCOUNT}.${flipped}`)).toBeNull();
    expect(accountOfOffToken(SECRET, token.slice(0, -1))).toBeNull();
    expect(accountOfOffToken(SECRET, `${token}A`)).toBeNull();
    expect(accountOfOffToken(SECRET, `someone-else.${mac}`)).toBeNull();
    expect(accountOfOffToken('another-secret-another-secret-0123456789', token)).toBeNull();
    expect(accountOfOffToken(SECRET, ACCOUNT)).toBeNull();
    expect(accountOfOffToken(SECRET, `.${mac}`)).toBeNull();
    expect(accountOfOffToken(SECRET, '')).toBeNull();
  });
});
