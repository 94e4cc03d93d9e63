import fs from 'node:fs';
import path from 'node:path';

/** The site's public folder, given by astro.config.mjs: in a build this module runs from a bundled chunk elsewhere. */
declare const __SITE_PUBLIC_DIR__: string | undefined;

/** Build-time only: the generated site images (scripts/site-assets) as width-suffixed WebP pairs. */
const publicDir =
  typeof __SITE_PUBLIC_DIR__ === 'string'
    ? __SITE_PUBLIC_DIR__
    : path.resolve(import.meta.dirname, '../../public');

export type SiteImage = {
  name: string;
  src: string;
  srcset: string;
  /** The same widths as AVIF, where every width has one (scripts/site-assets writes them beside the WebPs). */
  avifSrcset?: string;
  width: number;
  height: number;
};

/**
 * Lists `<folder>/<name>-<w>.webp` files, one entry per name with every width in its srcset. Sizes come from the
 * files themselves (WebP's VP8X/VP8 header), so the page reserves the right space and never shifts.
 */
export const siteImages = (folder: string) => siteImagesIn(publicDir, folder);

export function siteImagesIn(root: string, folder: string): SiteImage[] {
  const dir = path.join(root, 'images', folder);
  if (!fs.existsSync(dir)) return [];
  const byName = new Map<string, { width: number; file: string }[]>();
  for (const file of fs.readdirSync(dir).sort()) {
    const match = /^(.+)-(\d+)\.webp$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    const list = byName.get(match[1]) ?? [];
    list.push({ width: Number(match[2]), file });
    byName.set(match[1], list);
  }
  return [...byName].map(([name, files]) => {
    const sorted = files.sort((a, b) => a.width - b.width);
    const smallest = sorted[0] as { width: number; file: string };
    const size = webpSize(path.join(dir, smallest.file));
    const avifs = sorted.map((f) => f.file.replace(/\.webp$/, '.avif'));
    const hasAvif = avifs.every((file) => fs.existsSync(path.join(dir, file)));
    return {
      name,
      src: `/images/${folder}/${smallest.file}`,
      srcset: sorted.map((f) => `/images/${folder}/${f.file} ${f.width}w`).join(', '),
      ...(hasAvif
        ? { avifSrcset: sorted.map((f, i) => `/images/${folder}/${avifs[i]} ${f.width}w`).join(', ') }
        : {}),
      width: size.width,
      height: size.height,
    };
  });
}

function webpSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
}
