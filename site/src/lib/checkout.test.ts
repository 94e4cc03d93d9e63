import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, typedQuantity } from './checkout';

describe('the card quantity box', () => {
  it('reads nothing while it is empty, so Backspace then 5 is 5 and not 15', () => {
    expect(typedQuantity('')).toBeNull();
    expect(typedQuantity(' ')).toBeNull();
    expect(typedQuantity('5')).toBe(5);
  });

  it('keeps what is typed within 1 and the most one order may hold', () => {
    expect(typedQuantity('0')).toBe(1);
    expect(typedQuantity('2.6')).toBe(3);
    expect(typedQuantity('100000')).toBe(MAX_QUANTITY);
    expect(typedQuantity('e')).toBe(1);
  });
});
