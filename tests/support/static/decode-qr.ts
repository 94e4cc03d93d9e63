import jsQR from 'jsqr';
import sharp from 'sharp';

/** What a phone's camera reads from a QR code image (PNG or SVG), with the quiet zone the layouts add. */
export async function decodeQrImage(image: Buffer): Promise<string | undefined> {
  const framed = await sharp(image, { density: 300 })
    .resize(600, 600, { kernel: 'nearest' })
    .flatten({ background: '#ffffff' })
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(framed.data), framed.info.width, framed.info.height)?.data;
}
