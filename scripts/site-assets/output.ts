import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { AVIF_QUALITY, REPO_ROOT, WEBP_QUALITY } from './config';

export type Written = { file: string; width: number | null; height: number | null; bytes: number };

const written: Written[] = [];

/** Every file this run wrote, for the summary: repository path, pixel size (images) and bytes. */
export const writtenFiles = (): readonly Written[] => written;

export function record(file: string, width: number | null = null, height: number | null = null): void {
  written.push({ file: path.relative(REPO_ROOT, file), width, height, bytes: fs.statSync(file).size });
}

export function writeText(file: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  record(file);
}

async function writeImage(file: string, image: Sharp): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const info = await image.toFile(file);
  record(file, info.width, info.height);
}

/** A WebP at `width` px (height to scale), metadata stripped. */
export const writeWebp = (file: string, source: Buffer, width: number, quality = WEBP_QUALITY) =>
  writeImage(file, sharp(source).resize({ width }).webp({ quality }));

/** `<name>-<width>.webp` for each width, and an `.avif` beside each, which browsers that read it take first. */
export async function writeWebpSet(
  dir: string,
  name: string,
  source: Buffer,
  widths: number[],
): Promise<void> {
  for (const width of widths) {
    await writeWebp(path.join(dir, `${name}-${width}.webp`), source, width);
    await writeImage(
      path.join(dir, `${name}-${width}.avif`),
      sharp(source).resize({ width }).avif({ quality: AVIF_QUALITY, effort: 6 }),
    );
  }
}

export const writePng = (file: string, source: Buffer, width?: number) =>
  writeImage(
    file,
    (width ? sharp(source).resize({ width }) : sharp(source)).png({ compressionLevel: 9, palette: false }),
  );
