import { describe, expect, it } from 'vitest';
import {
  fulfilmentLabel,
  fulfilmentPercent,
  fulfilmentStatus,
  fulfilmentStep,
  fulfilmentTone,
} from './fulfilment';

describe('fulfilment', () => {
  it('walks the four steps with their labels and fills', () => {
    const rows = ['order_placed', 'designing_card', 'packaged', 'shipped'].map((status) => [
      fulfilmentStep(status),
      fulfilmentLabel(status),
      fulfilmentPercent(status),
      fulfilmentTone(status),
    ]);
    expect(rows).toEqual([
      [0, 'Order placed', 0, 'grey'],
      [1, 'Designing your card', 33, 'blue'],
      [2, 'Packaged', 67, 'orange'],
      [3, 'Shipped', 100, 'green'],
    ]);
  });

  it('treats unknown or missing values as order placed', () => {
    for (const value of ['lost_in_post', '', null, undefined]) {
      expect(fulfilmentStatus(value)).toBe('order_placed');
      expect(fulfilmentPercent(value)).toBe(0);
      expect(fulfilmentTone(value)).toBe('grey');
    }
  });
});
