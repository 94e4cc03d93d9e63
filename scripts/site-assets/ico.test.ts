import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { icoFile } from './ico';

const square = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 4, background: '#F47629' } })
    .png()
    .toBuffer();

describe('icoFile', () => {
  it('writes a header, one directory entry per image and the PNGs where the entries point', async () => {
    const small = await square(16);
    const large = await square(32);
    const ico = icoFile([
      { size: 16, png: small },
      { size: 32, png: large },
    ]);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
    for (const [index, { size, png }] of [
      { size: 16, png: small },
      { size: 32, png: large },
    ].entries()) {
      const at = 6 + 16 * index;
      expect([ico.readUInt8(at), ico.readUInt8(at + 1), ico.readUInt16LE(at + 6)]).toEqual([size, size, 32]);
      const length = ico.readUInt32LE(at + 8);
      const offset = ico.readUInt32LE(at + 12);
      expect(ico.subarray(offset, offset + length).equals(png)).toBe(true);
      expect((await sharp(ico.subarray(offset, offset + length)).metadata()).width).toBe(size);
    }
    expect(ico.length).toBe(6 + 32 + small.length + large.length);
  });

  it('writes 256 px as 0, as the format says, and refuses sizes it cannot hold', async () => {
    const ico = icoFile([{ size: 256, png: await square(1) }]);
    expect([ico.readUInt8(6), ico.readUInt8(7)]).toEqual([0, 0]);
    expect(() => icoFile([])).toThrow(/at least one/);
    expect(() => icoFile([{ size: 300, png: Buffer.alloc(1) }])).toThrow(/1 to 256/);
  });
});

/** A palette PNG may move a colour by a step or two. */
const near = (want: number[]) => (got: number[]) =>
  got.every((value, i) => Math.abs(value - (want[i] ?? 0)) <= 8);

describe('the committed favicon.ico', () => {
  // Issue 12: browsers ask for /favicon.ico on their own, and it was a 19.8 KB 404 on every profile visit.
  it('is a small ICO of the brand mark at 16 and 32 px', async () => {
    const ico = fs.readFileSync(new URL('../../site/public/favicon.ico', import.meta.url));
    expect(ico.length).toBeLessThan(2048);
    expect(ico.readUInt16LE(2)).toBe(1);
    const sizes: number[] = [];
    for (let index = 0; index < ico.readUInt16LE(4); index += 1) {
      const at = 6 + 16 * index;
      const png = ico.subarray(
        ico.readUInt32LE(at + 12),
        ico.readUInt32LE(at + 12) + ico.readUInt32LE(at + 8),
      );
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      sizes.push(info.width);
      // The mark is an orange tile with a white "T": orange at the bottom left corner's inside, white up top.
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 3),
      ];
      expect(pixel(Math.round(info.width * 0.2), Math.round(info.width * 0.8))).toSatisfy(
        near([0xf4, 0x76, 0x29]),
      );
      expect(pixel(Math.round(info.width / 2), Math.round(info.width * 0.3))).toSatisfy(
        near([255, 255, 255]),
      );
    }
    expect(sizes).toEqual([16, 32]);
  });
});
