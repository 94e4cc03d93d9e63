import { describe, expect, it } from 'vitest';
import { hexToHsv, hsvToHex, normaliseHex, PICKER_FALLBACK, wheelPoint, wheelPosition } from './colour';

describe('colour', () => {
  it('normalises hex colours to #RRGGBB upper case', () => {
    expect(normaliseHex('f47629')).toBe('#F47629');
    expect(normaliseHex('#abc')).toBe('#AABBCC');
    expect(normaliseHex('orange')).toBeNull();
  });

  it.each(['#F47629', '#1E2A38', '#FFFFFF', '#000000', '#00FF00', '#7A2E04'])('round-trips %s', (hex) => {
    expect(hsvToHex(hexToHsv(hex))).toBe(hex);
  });

  it('reads the default orange as a hue near 23°', () => {
    const { h, s, v } = hexToHsv('#F47629');
    expect(h).toBeCloseTo(23, 0);
    expect(s).toBeCloseTo(0.83, 2);
    expect(v).toBeCloseTo(0.96, 2);
  });

  it('starts from the spec’s fallback when the colour is unreadable', () => {
    expect(hsvToHex(hexToHsv('not a colour'))).toBe(PICKER_FALLBACK);
  });

  it('maps wheel points to hue and saturation and back', () => {
    expect(wheelPoint(1, 0)).toEqual({ h: 0, s: 1 });
    expect(wheelPoint(0, 0.5).h).toBeCloseTo(90);
    expect(wheelPoint(3, 4).s).toBe(1);
    const at = wheelPosition({ h: 240, s: 0.5 });
    expect(wheelPoint(at.x, at.y).h).toBeCloseTo(240);
    expect(wheelPoint(at.x, at.y).s).toBeCloseTo(0.5);
  });
});
