import { describe, expect, it } from 'vitest';
import { RESEND_WAIT_SECONDS, secondsLeft } from './countdown';

describe('the resend countdown', () => {
  it('waits the 30 seconds SPEC §9 asks for', () => {
    expect(RESEND_WAIT_SECONDS).toBe(30);
  });

  it('counts whole seconds up, so it never shows 0 while still waiting', () => {
    const start = 1_000_000;
    const endsAt = start + RESEND_WAIT_SECONDS * 1000;
    expect(secondsLeft(endsAt, start)).toBe(30);
    expect(secondsLeft(endsAt, start + 1)).toBe(30);
    expect(secondsLeft(endsAt, start + 29_001)).toBe(1);
    expect(secondsLeft(endsAt, endsAt)).toBe(0);
    expect(secondsLeft(endsAt, endsAt + 5000)).toBe(0);
  });
});
