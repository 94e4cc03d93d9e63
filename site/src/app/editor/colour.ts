/** Hue in degrees (0–360), saturation and value in 0–1: the colour wheel's angle, radius and the value slider. */
export type Hsv = { h: number; s: number; v: number };

/** SPEC §9: what the picker starts from when the card's colour can't be read. */
export const PICKER_FALLBACK = '#1E2A38';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#abc` or `abc123` to `#AABBCC`; null for anything that isn't a hex colour. */
export function normaliseHex(value: string): string | null {
  const match = HEX.exec(value.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return `#${digits.toUpperCase()}`;
}

export function hexToHsv(value: string): Hsv {
  const hex = normaliseHex(value) ?? PICKER_FALLBACK;
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  let h = 0;
  if (delta > 0) {
    if (max === r) h = ((g - b) / delta) % 6;
    else if (max === g) h = (b - r) / delta + 2;
    else h = (r - g) / delta + 4;
  }
  return { h: (h * 60 + 360) % 360, s: max === 0 ? 0 : delta / max, v: max };
}

export function hsvToHex({ h, s, v }: Hsv): string {
  const channel = (n: number) => {
    const k = (n + h / 60) % 6;
    const value = v - v * s * Math.max(0, Math.min(k, 4 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(5)}${channel(3)}${channel(1)}`.toUpperCase();
}

/** A point on the wheel (centre 0,0, radius 1) to hue and saturation; outside the rim counts as the rim. */
export function wheelPoint(x: number, y: number): Pick<Hsv, 'h' | 's'> {
  const angle = (Math.atan2(y, x) * 180) / Math.PI;
  return { h: (angle + 360) % 360, s: Math.min(1, Math.hypot(x, y)) };
}

/** The inverse: where the marker for a hue and saturation sits. */
export function wheelPosition({ h, s }: Pick<Hsv, 'h' | 's'>): { x: number; y: number } {
  const radians = (h * Math.PI) / 180;
  return { x: Math.cos(radians) * s, y: Math.sin(radians) * s };
}
