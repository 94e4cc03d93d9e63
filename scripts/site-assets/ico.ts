/**
 * An ICO file holding PNG images (Windows Vista on, every current browser): a 6-byte header, a 16-byte directory
 * entry per image, then the PNGs as they are. Browsers still ask for /favicon.ico on their own when a page names
 * no icon, so it must exist, and PNG inside keeps it to a few hundred bytes.
 */
export type IcoImage = { size: number; png: Buffer };

const HEADER = 6;
const ENTRY = 16;

export function icoFile(images: IcoImage[]): Buffer {
  if (images.length === 0) throw new Error('An ICO file needs at least one image');
  const header = Buffer.alloc(HEADER + ENTRY * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    if (size < 1 || size > 256) throw new Error(`An ICO image is 1 to 256 px square, not ${size}`);
    const at = HEADER + ENTRY * index;
    // 0 stands for 256 in the one-byte width and height.
    header.writeUInt8(size % 256, at);
    header.writeUInt8(size % 256, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3); // reserved
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}
