import { describe, expect, it } from 'vitest';
import { checkStamp, formStamp, MAX_FORM_AGE_MS, MIN_FORM_AGE_MS } from './stamp';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const shown = new Date('2026-11-26T10:00:00Z');
const sinceShown = (ms: number) => new Date(shown.getTime() + ms);

describe('the quote form’s signed time', () => {
  const stamp = formStamp(SECRET, 'dana', shown);

  it('passes a form sent after a person’s few seconds, and within the day', () => {
    expect(checkStamp(SECRET, 'dana', stamp, sinceShown(MIN_FORM_AGE_MS))).toBe('ok');
    expect(checkStamp(SECRET, 'dana', stamp, sinceShown(MAX_FORM_AGE_MS))).toBe('ok');
  });

  it('refuses a form sent too soon, or a day late', () => {
    expect(checkStamp(SECRET, 'dana', stamp, sinceShown(MIN_FORM_AGE_MS - 1))).toBe('too_fast');
    expect(checkStamp(SECRET, 'dana', stamp, shown)).toBe('too_fast');
    expect(checkStamp(SECRET, 'dana', stamp, sinceShown(MAX_FORM_AGE_MS + 1))).toBe('expired');
  });

  it('refuses a time that is missing, made up, altered, another page’s or signed with another key', () => {
    const later = sinceShown(60_000);
    const [time, mac] = stamp.split('.');
    expect(checkStamp(SECRET, 'dana', undefined, later)).toBe('forged');
    expect(checkStamp(SECRET, 'dana', '', later)).toBe('forged');
    expect(checkStamp(SECRET, 'dana', time, later)).toBe('forged');
    expect(checkStamp(SECRET, 'dana', `${Number(time) - 60_000}.${mac}`, later)).toBe('forged');
    expect(checkStamp(SECRET, 'sam', stamp, later)).toBe('forged');
    expect(checkStamp('another-secret-another-secret-0123456789', 'dana', stamp, later)).toBe('forged');
    expect(checkStamp(SECRET, 'dana', ['a', 'b'], later)).toBe('forged');
    expect(checkStamp(SECRET, 'dana', formStamp(SECRET, 'dana', shown).replace(/^\d+/, 'soon'), later)).toBe(
      'forged',
    );
  });
});
