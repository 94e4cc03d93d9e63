import path from 'node:path';
import sharp from 'sharp';
import { OUT } from './config';
import { icoFile } from './ico';
import { writePng, writeText } from './output';
import { logoMark, png, svg } from './svg';

/** A browser tab's sizes (1× and 2×); anything larger uses the SVG or the touch icon. */
const ICO_SIZES = [16, 32];

/**
 * favicon.svg (the rounded mark), favicon.ico (the same mark as PNGs: browsers ask for /favicon.ico unbidden on any
 * page that names no icon, the published profiles included), apple-touch-icon.png (180 × 180, full bleed: iOS
 * rounds the corners itself and shows transparency as black) and icon-512.png (full bleed with the "T" inside the
 * middle 80 %, so it also works as a maskable icon in a web manifest).
 */
export async function writeIcons(): Promise<void> {
  const mark = svg(64, 64, logoMark(0, 0, 64));
  writeText(path.join(OUT.public, 'favicon.svg'), `${mark}\n`);
  const images = await Promise.all(
    ICO_SIZES.map(async (size) => ({
      size,
      png: await sharp(Buffer.from(mark))
        .resize(size, size)
        .png({ compressionLevel: 9, palette: true })
        .toBuffer(),
    })),
  );
  writeText(path.join(OUT.public, 'favicon.ico'), icoFile(images));
  const square = (size: number) => svg(size, size, logoMark(0, 0, size, { rounded: false }));
  await writePng(path.join(OUT.public, 'apple-touch-icon.png'), await png(square(180)));
  await writePng(path.join(OUT.public, 'icon-512.png'), await png(square(512)));
}
