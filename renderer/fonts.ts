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

/**
 * What a cut's glyphs measure (font units), read from the files by @capsizecss/unpack (fonts.test.ts reads them again):
 * the box a line takes (ascent, descent, line gap) and the width of average English text (`xWidthAvg`).
 */
export type FontMetrics = {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  xWidthAvg: number;
};

export const FONT_METRICS: Record<Font, Record<FontFile['weight'], FontMetrics>> = {
  Inter: {
    400: { unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, xWidthAvg: 978 },
    700: { unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, xWidthAvg: 1008 },
  },
  Montserrat: {
    400: { unitsPerEm: 1000, ascent: 968, descent: -251, lineGap: 0, xWidthAvg: 503 },
    700: { unitsPerEm: 1000, ascent: 968, descent: -251, lineGap: 0, xWidthAvg: 530 },
  },
  Poppins: {
    400: { unitsPerEm: 1000, ascent: 1050, descent: -350, lineGap: 100, xWidthAvg: 500 },
    700: { unitsPerEm: 1000, ascent: 1050, descent: -350, lineGap: 100, xWidthAvg: 515 },
  },
};

/**
 * The system font shown until a web font lands, by the names browsers know it under: Arial (Windows, macOS, iOS),
 * Liberation Sans (Linux; the same metrics), and, where neither is installed, Roboto (Android), whose widths are
 * within a few per cent of Arial's. Arial's regular and bold widths as @capsizecss/unpack measures them.
 */
export const FALLBACK_FACES: Record<
  FontFile['weight'],
  { local: string[]; unitsPerEm: number; xWidthAvg: number }
> = {
  400: {
    local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Roboto'],
    unitsPerEm: 2048,
    xWidthAvg: 913,
  },
  700: {
    local: [
      'Arial Bold',
      'Arial-BoldMT',
      'Liberation Sans Bold',
      'LiberationSans-Bold',
      'Roboto Bold',
      'Roboto-Bold',
    ],
    unitsPerEm: 2048,
    xWidthAvg: 983,
  },
};

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * A system font scaled and spaced to take the room the web font will (size-adjust and the line's box), so the page
 * doesn't move when the file lands on a slow link (a layout shift of 0.045 on /u/demo before, Lighthouse, issue 29).
 */
function fallbackFaceCss(family: Font, weight: FontFile['weight']): string {
  const font = FONT_METRICS[family][weight];
  const fallback = FALLBACK_FACES[weight];
  const scale = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = font.unitsPerEm * scale;
  const src = fallback.local.map((name) => `local('${name}')`).join(',');
  return `@font-face{font-family:'${fallbackFamily(family)}';font-style:normal;font-weight:${weight};src:${src};size-adjust:${percent(scale)};ascent-override:${percent(font.ascent / em)};descent-override:${percent(-font.descent / em)};line-gap-override:${percent(font.lineGap / em)}}`;
}

/** The family a page names after its web font's. */
export const fallbackFamily = (font: string) => `${font} fallback`;

/** A font-family list's start for one of our fonts (a single word: no quotes needed): `Montserrat,Montserrat fallback`. */
export const fontStack = (font: string) => `${font},${fallbackFamily(font)}`;

/**
 * `swap` shows text in a system font at once and swaps when the file lands, instead of hiding it on a slow link;
 * the fallback faces make that system font take the web font's room.
 */
export const fontFaceCss = (font: Font): string =>
  fontFiles(font)
    .map(
      ({ family, weight, url }) =>
        `@font-face{font-family:'${family}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2');unicode-range:${UNICODE_RANGE}}${fallbackFaceCss(family, weight)}`,
    )
    .join('');
