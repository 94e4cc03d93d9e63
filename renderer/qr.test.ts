import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrPng, qrSvg } from './qr';

const url = 'https://tradecard.example/u/dave/';

describe('QR codes', () => {
  it('draws an SVG with no margin', async () => {
    const svg = await qrSvg(url);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<path');
    expect(svg).not.toMatch(/<script/i);
  });

  it.each([200, 1200])('draws a PNG %ipx wide', async (width) => {
    const png = await qrPng(url, width);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(width);
    expect(meta.height).toBe(width);
  });

  it('uses error correction H and no quiet zone: the SVG is exactly the level-H symbol', async () => {
    const size = (level: 'L' | 'H') => QRCode.create(url, { errorCorrectionLevel: level }).modules.size;
    const svg = await qrSvg(url);
    expect(size('H')).toBeGreaterThan(size('L'));
    expect(svg).toContain(`viewBox="0 0 ${size('H')} ${size('H')}"`);
  });
});

describe('QR codes scan back to the page address', () => {
  it.each([200, 1200])('the %ipx PNG decodes to the URL', async (width) => {
    const { default: jsQR } = await import('jsqr');
    // A scanner needs a quiet zone around the code; the print and app layouts add it, so the test does too.
    const framed = await sharp(await qrPng(url, width))
      .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(framed.data), framed.info.width, framed.info.height);
    expect(decoded?.data).toBe(url);
  });
});
