import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { FONT_DIR, FONT_FEATURES, FONT_FILES, FONT_UNICODES, fontSourceName } from '../../renderer/fonts';
import { OG_FONT_DIR, OG_FONT_FILES, OG_FONT_UNICODES } from '../../renderer/og-image/fonts';
import { REPO_ROOT } from './config';
import { record } from './output';

const require = createRequire(import.meta.url);

/** Debian's python3-fonttools (and python3-brotli for woff2) installs here; a pyenv or venv python may lack it. */
const PYTHONS = ['/usr/bin/python3', 'python3'];

function python(): string {
  for (const candidate of PYTHONS) {
    try {
      execFileSync(candidate, ['-c', 'import fontTools.subset, brotli'], { stdio: 'ignore' });
      return candidate;
    } catch {}
  }
  throw new Error(
    'Cutting the fonts needs fontTools with brotli: apt-get install -y python3-fonttools python3-brotli',
  );
}

/**
 * The committed font files (renderer/fonts.ts): each Fontsource latin file cut to FONT_UNICODES and FONT_FEATURES,
 * hinting dropped (phones don't use it), as woff2. Needs fontTools here and now only; nothing at run time does.
 */
export function writeFonts(): void {
  const py = python();
  const dir = path.join(REPO_ROOT, FONT_DIR);
  fs.mkdirSync(dir, { recursive: true });
  for (const font of FONT_FILES) {
    const output = path.join(dir, font.file);
    execFileSync(py, [
      '-m',
      'fontTools.subset',
      require.resolve(fontSourceName(font)),
      `--unicodes=${FONT_UNICODES.join(',')}`,
      `--layout-features=${FONT_FEATURES.join(',')}`,
      '--no-hinting',
      '--desubroutinize',
      '--flavor=woff2',
      `--output-file=${output}`,
    ]);
    record(output);
  }
  // A file no page names any more (a family or weight dropped) goes.
  const current = new Set(FONT_FILES.map((font) => font.file));
  for (const name of fs.readdirSync(dir)) if (!current.has(name)) fs.rmSync(path.join(dir, name));
  writeOgFonts(py);
}

/**
 * Fontsource's files are cut from variable fonts and keep the default instance's names (Montserrat's say "Montserrat
 * Thin", weight 200, whatever their weight), so fontconfig never matched "Montserrat Bold" to them and Pango drew the
 * machine's DejaVu instead. Each merged file is named for what it is: the family, Regular or Bold, and its weight.
 */
const NAME_OG_FONT = `
import sys
from fontTools.ttLib import TTFont
path, family, weight = sys.argv[1], sys.argv[2], int(sys.argv[3])
style = 'Bold' if weight >= 700 else 'Regular'
font = TTFont(path)
names = font['name']
for record in list(names.names):
    if record.nameID in (1, 2, 3, 4, 6, 16, 17):
        names.removeNames(nameID=record.nameID)
for name_id, value in ((1, family), (2, style), (3, f'{family}-{style};tradecard'), (4, f'{family} {style}'),
                       (6, f'{family}-{style}'.replace(' ', ''))):
    names.setName(value, name_id, 3, 1, 0x409)
    names.setName(value, name_id, 1, 0, 0)
font['OS/2'].usWeightClass = weight
font['OS/2'].fsSelection = (font['OS/2'].fsSelection & ~0b1100001) | (0b100000 if style == 'Bold' else 0b1000000)
font['head'].macStyle = 1 if style == 'Bold' else 0
font.save(path)
`;

/**
 * The link preview image's fonts (renderer/og-image/fonts.ts): for each family and weight, Fontsource's latin and
 * latin-ext files cut to OG_FONT_UNICODES and merged into one TrueType file, which Pango reads as one font.
 */
export function writeOgFonts(py = python()): void {
  const dir = path.join(REPO_ROOT, OG_FONT_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'og-fonts-'));
  try {
    for (const font of OG_FONT_FILES) {
      const halves = ['latin', 'latin-ext'].map((subset) => {
        const output = path.join(scratch, `${subset}-${font.file}`);
        execFileSync(py, [
          '-m',
          'fontTools.subset',
          require.resolve(fontSourceName(font).replace('-latin-', `-${subset}-`)),
          `--unicodes=${OG_FONT_UNICODES.join(',')}`,
          `--layout-features=${FONT_FEATURES.join(',')}`,
          '--no-hinting',
          '--desubroutinize',
          `--output-file=${output}`,
        ]);
        return output;
      });
      const output = path.join(dir, font.file);
      execFileSync(py, ['-m', 'fontTools.merge', `--output-file=${output}`, ...halves]);
      execFileSync(py, ['-c', NAME_OG_FONT, output, font.family, String(font.weight)]);
      record(output);
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const current = new Set(OG_FONT_FILES.map((font) => font.file));
  for (const name of fs.readdirSync(dir)) if (!current.has(name)) fs.rmSync(path.join(dir, name));
}
