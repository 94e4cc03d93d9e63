import { FONTS, type Font } from '../events/card/content';

/**
 * The self-hosted fonts (Fontsource's latin subsets, regular and bold). Browser-safe: the editor's preview uses the
 * same @font-face rules; the server-side file lookup lives in font-files.ts.
 */
export type FontFile = { family: Font; weight: 400 | 700; file: string; url: string };

const WEIGHTS = [400, 700] as const;

export const FONT_FILES: readonly FontFile[] = FONTS.flatMap((family) =>
  WEIGHTS.map((weight) => {
    const file = `${family.toLowerCase()}-latin-${weight}-normal.woff2`;
    return { family, weight, file, url: `/fonts/${file}` };
  }),
);

/** Characters the latin files cover (Fontsource's range), so others fall back to the system font without a fetch. */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

const known = (font: string): Font =>
  (FONTS as readonly string[]).includes(font) ? (font as Font) : 'Inter';

export const fontFiles = (font: Font): FontFile[] => FONT_FILES.filter((file) => file.family === known(font));

/** The one file worth a <link rel="preload">: body text is regular weight. */
export const regularFontFile = (font: Font): FontFile =>
  fontFiles(font).find((file) => file.weight === 400) as FontFile;

/** `swap` shows text in a system font at once and swaps when the file lands, instead of hiding it on a slow link. */
export const fontFaceCss = (font: Font): string =>
  fontFiles(font)
    .map(
      ({ family, weight, url }) =>
        `@font-face{font-family:'${family}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2');unicode-range:${LATIN_RANGE}}`,
    )
    .join('');
