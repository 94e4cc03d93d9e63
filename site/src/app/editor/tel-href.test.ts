import { describe, expect, it } from 'vitest';
import { isDiallable } from '../../../../events/card/phone';
import { roughlyDiallable } from './tel-href';

describe("the editor's rough phone check", () => {
  it('lets through every number the API would take, extensions included', () => {
    for (const typed of [
      '07700 900123',
      '+44 (0)7700 900-123 ext. 5',
      '0113 496 0000 x12',
      '+1 212 555 0100',
    ]) {
      expect(isDiallable(typed), typed).toBe(true);
      expect(roughlyDiallable(typed), typed).toBe(true);
    }
  });

  it('stops what is plainly not a number before it is sent', () => {
    for (const typed of ['12345', 'call me', '+44', '1234567890123456789'])
      expect(roughlyDiallable(typed), typed).toBe(false);
  });
});
