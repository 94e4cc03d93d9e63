import { describe, expect, it } from 'vitest';
import { checkStamp, formStamp, MAX_FORM_AGE_MS, MIN_FORM_AGE_MS } from './stamp';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const shown = new Date('2026-11-26T10:00:00Z');
const sinceShown = (ms: number) => new Date(shown.getTime() + ms);
const resultOf = (stamp: unknown, at: Date, username = 'dana', secret = SECRET) =>
  checkStamp(secret, username, stamp, at).result;

describe('the quote form’s signed stamp', () => {
  const stamp = formStamp(SECRET, 'dana', shown);

  it('passes a form sent after a person’s few seconds, and within the day', () => {
    expect(resultOf(stamp, sinceShown(MIN_FORM_AGE_MS))).toBe('ok');
    expect(resultOf(stamp, sinceShown(MAX_FORM_AGE_MS))).toBe('ok');
  });

  it('refuses a form sent too soon, or a day late', () => {
    expect(resultOf(stamp, sinceShown(MIN_FORM_AGE_MS - 1))).toBe('too_fast');
    expect(resultOf(stamp, shown)).toBe('too_fast');
    expect(resultOf(stamp, sinceShown(MAX_FORM_AGE_MS + 1))).toBe('expired');
  });

  it('gives each form shown a nonce of its own, the same for each check of one form', () => {
    const again = formStamp(SECRET, 'dana', shown);
    const nonceOf = (each: string) => {
      const checked = checkStamp(SECRET, 'dana', each, sinceShown(60_000));
      return checked.result === 'ok' ? checked.nonce : null;
    };
    expect(nonceOf(stamp)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(nonceOf(stamp)).toBe(nonceOf(stamp));
    expect(nonceOf(again)).not.toBe(nonceOf(stamp));
  });

  it('refuses a stamp that is missing, made up, altered, another page’s or signed with another key', () => {
    const later = sinceShown(60_000);
    const dot = stamp.lastIndexOf('.');
    const [value, mac] = [stamp.slice(0, dot), stamp.slice(dot + 1)];
    const [time, nonce] = value.split('-') as [string, string];
    expect(resultOf(undefined, later)).toBe('forged');
    expect(resultOf('', later)).toBe('forged');
    expect(resultOf(value, later)).toBe('forged');
    expect(resultOf(`${Number(time) - 60_000}-${nonce}.${mac}`, later)).toBe('forged');
    expect(resultOf(`${time}-${nonce.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.${mac}`, later)).toBe(
      'forged',
    );
    expect(resultOf(stamp, later, 'sam')).toBe('forged');
    expect(resultOf(stamp, later, 'dana', 'another-secret-another-secret-0123456789')).toBe('forged');
    expect(resultOf(['a', 'b'], later)).toBe('forged');
  });
});
