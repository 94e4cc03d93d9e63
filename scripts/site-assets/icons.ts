import path from 'node:path';
import { OUT } from './config';
import { writePng, writeText } from './output';
import { logoMark, png, svg } from './svg';

/**
 * favicon.svg (the rounded mark), apple-touch-icon.png (180 × 180, full bleed: iOS rounds the corners itself and
 * shows transparency as black) and icon-512.png (full bleed with the "T" inside the middle 80 %, so it also works
 * as a maskable icon in a web manifest).
 */
export async function writeIcons(): Promise<void> {
  writeText(path.join(OUT.public, 'favicon.svg'), `${svg(64, 64, logoMark(0, 0, 64))}\n`);
  const square = (size: number) => svg(size, size, logoMark(0, 0, size, { rounded: false }));
  await writePng(path.join(OUT.public, 'apple-touch-icon.png'), await png(square(180)));
  await writePng(path.join(OUT.public, 'icon-512.png'), await png(square(512)));
}
