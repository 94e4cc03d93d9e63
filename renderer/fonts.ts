import { FONTS, type Font } from '../events/card/content';

/**
 * The self-hosted fonts: regular and bold of each family, cut down to the characters British and Western European
 * text uses (scripts/site-assets/fonts.ts makes them from Fontsource's latin files, without hinting or the rarer
 * OpenType features): Montserrat's two files are 24 KB instead of 38 KB (issue 12). Browser-safe: the editor's
 * preview uses the same @font-face rules; the server-side file lookup lives in font-files.ts.
 */
export type FontFile = { family: Font; weight: 400 | 700; file: string; url: string };

const WEIGHTS = [400, 700] as const;

/**
 * The characters kept: printable ASCII, Latin-1 (accents, £, ©), œ and ı with a few spacing accents, typographic
 * quotes and dashes, bullet, ellipsis, €, ™. Anything else falls back to the system font without fetching a file
 * (the @font-face's unicode-range is the same list).
 */
export const FONT_UNICODES = [
  'U+0020-007E',
  'U+00A0-00FF',
  'U+0131',
  'U+0152-0153',
  'U+02C6',
  'U+02DA',
  'U+02DC',
  'U+2013-2014',
  'U+2018-201A',
  'U+201C-201E',
  'U+2022',
  'U+2026',
  'U+2039-203A',
  'U+20AC',
  'U+2122',
] as const;

/** The OpenType features kept: kerning and the standard ligatures; the rest (fractions, stylistic sets) go. */
export const FONT_FEATURES = ['kern', 'liga'] as const;

/** Where the cut files live in the repository; the site's build copies them to /fonts too. */
export const FONT_DIR = 'site/public/fonts';

export const FONT_FILES: readonly FontFile[] = FONTS.flatMap((family) =>
  WEIGHTS.map((weight) => {
    // Fontsource's own names: a browser that cached the full file under this address (a year, immutable) keeps a
    // superset of the cut, which is just as right. A later cut that drops characters still here needs new names.
    const file = `${family.toLowerCase()}-latin-${weight}-normal.woff2`;
    return { family, weight, file, url: `/fonts/${file}` };
  }),
);

/** The Fontsource file a cut is made from (scripts/site-assets/fonts.ts). */
export const fontSourceName = ({ family, weight }: Pick<FontFile, 'family' | 'weight'>) =>
  `@fontsource/${family.toLowerCase()}/files/${family.toLowerCase()}-latin-${weight}-normal.woff2`;

const UNICODE_RANGE = FONT_UNICODES.join(',');

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
        `@font-face{font-family:'${family}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2');unicode-range:${UNICODE_RANGE}}`,
    )
    .join('');
