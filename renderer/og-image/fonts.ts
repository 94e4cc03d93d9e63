import path from 'node:path';
import { FONTS, type Font } from '../../events/card/content';
import { REPO_ROOT } from '../../platform/repo-root';
import { FONT_UNICODES } from '../fonts';

/**
 * The fonts the link preview image is lettered in: the card's own family, bold for the name and regular for the
 * trade. TrueType, not the pages' woff2: the image is drawn by Pango through sharp, whose FreeType reads no woff2,
 * and the production image has no system fonts to fall back on (a name drawn in none is blank). Cut from
 * Fontsource's latin and latin-ext files (scripts/site-assets/fonts.ts) to the pages' characters and Latin
 * Extended-A (Polish, Czech, Hungarian, Turkish names) with Romanian's ș and ț, and committed.
 */
export const OG_FONT_DIR = 'renderer/og-image/ttf';

export const OG_FONT_UNICODES = [...FONT_UNICODES, 'U+0100-017F', 'U+0218-021B'] as const;

export type OgFont = { family: Font; weight: 400 | 700; file: string };

export const OG_FONT_FILES: readonly OgFont[] = FONTS.flatMap((family) =>
  ([400, 700] as const).map((weight) => ({ family, weight, file: `${family.toLowerCase()}-${weight}.ttf` })),
);

/** The file a family's weight is drawn from; Inter's for a family the log holds but this code doesn't know. */
export function ogFontPath(family: string, weight: 400 | 700): string {
  const font =
    OG_FONT_FILES.find((candidate) => candidate.family === family && candidate.weight === weight) ??
    (OG_FONT_FILES.find(
      (candidate) => candidate.family === 'Inter' && candidate.weight === weight,
    ) as OgFont);
  return path.join(REPO_ROOT, OG_FONT_DIR, font.file);
}
