import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fromFile } from '@capsizecss/unpack/fs';
import { describe, expect, it } from 'vitest';
import { FONTS } from '../events/card/content';
import { fontSourcePath } from './font-files';
import {
  FALLBACK_FACES,
  FONT_DIR,
  FONT_FILES,
  FONT_METRICS,
  FONT_UNICODES,
  fontFaceCss,
  fontFiles,
  fontSourceName,
  fontStack,
  regularFontFile,
} from './fonts';

const require = createRequire(import.meta.url);

describe('fonts', () => {
  it('ships a regular and a bold cut for each of the three fonts, all present on disk', () => {
    expect(FONT_FILES).toHaveLength(6);
    for (const font of FONT_FILES) {
      expect(font.url).toBe(`/fonts/${font.file}`);
      const path = fontSourcePath(font.file);
      expect(path).toMatch(new RegExp(`${FONT_DIR}/${font.file}$`));
      expect(existsSync(path ?? '')).toBe(true);
    }
    expect(regularFontFile('Montserrat').file).toBe('montserrat-latin-400-normal.woff2');
  });

  // Issue 12: two Montserrat files (38 KB) outweighed every photo on a phone. Each cut is smaller than the
  // Fontsource file it comes from, and a family's two weights together stay under 26 KB.
  it.each(FONTS)('ships %s cut well below the Fontsource latin files', (font) => {
    const files = fontFiles(font);
    let total = 0;
    for (const file of files) {
      const cut = statSync(fontSourcePath(file.file) ?? '').size;
      const source = statSync(require.resolve(fontSourceName(file))).size;
      expect(cut).toBeLessThan(source);
      total += cut;
    }
    expect(total).toBeLessThan(26 * 1024);
  });

  it('resolves nothing it does not ship', () => {
    for (const file of ['../../package.json', 'inter-latin-400-normal.woff', '/etc/passwd', '']) {
      expect(fontSourcePath(file)).toBeUndefined();
    }
    expect(path.isAbsolute(fontSourcePath(FONT_FILES[0]?.file ?? '') ?? '')).toBe(true);
  });

  it.each(FONTS)(
    'writes swap @font-face rules for %s, claiming only the characters the cut holds',
    (font) => {
      const css = fontFaceCss(font);
      // Two web fonts, each with its fallback face.
      expect(css.match(/@font-face/g)).toHaveLength(4);
      expect(css.match(/font-display:swap/g)).toHaveLength(2);
      for (const { url, weight } of fontFiles(font)) {
        expect(css).toContain(`font-weight:${weight};font-display:swap;src:url(${url}) format('woff2')`);
      }
      expect(css).toContain(`font-family:'${font}'`);
      expect(css.match(/unicode-range:([^}]+)\}/)?.[1]).toBe(FONT_UNICODES.join(','));
    },
  );

  // Issue 29: /u/demo moved by 0.045 (Lighthouse's cumulative layout shift) when Montserrat 700 replaced the system
  // font in its heading. The fallback faces are sized from the cuts' own metrics; a new cut must bring its numbers.
  it.each(FONT_FILES.map((file) => [file.file, file] as const))(
    'knows the metrics of %s',
    async (_, file) => {
      const read = await fromFile(fontSourcePath(file.file) ?? '');
      const { unitsPerEm, ascent, descent, lineGap, xWidthAvg } = read;
      expect(FONT_METRICS[file.family][file.weight]).toEqual({
        unitsPerEm,
        ascent,
        descent,
        lineGap,
        xWidthAvg,
      });
    },
  );

  it("sizes each fallback face so the system font takes the web font's room", () => {
    const css = fontFaceCss('Montserrat');
    const faces = css.match(/@font-face\{font-family:'Montserrat fallback'[^}]*\}/g) ?? [];
    expect(faces).toHaveLength(2);
    // Montserrat 700: 530/1000 of an em for average text, Arial Bold 983/2048; its ascent 968/1000, descent 251.
    const bold = faces.find((face) => face.includes('font-weight:700')) ?? '';
    expect(bold).toContain("src:local('Arial Bold'),local('Arial-BoldMT'),local('Liberation Sans Bold')");
    expect(bold).toContain(
      'size-adjust:110.42%;ascent-override:87.66%;descent-override:22.73%;line-gap-override:0.00%',
    );
    // Poppins has a line gap of its own, which the fallback keeps.
    expect(fontFaceCss('Poppins')).toMatch(/font-family:'Poppins fallback';[^}]*line-gap-override:9\.\d\d%/);
    expect(fontStack('Montserrat')).toBe('Montserrat,Montserrat fallback');
  });

  // The system font's widths are Arial's; where Debian's metric-compatible Liberation Sans is installed, read them.
  const liberation = '/usr/share/fonts/truetype/liberation';
  it.skipIf(!existsSync(liberation))(
    'measures the fallback as Arial (Liberation Sans here) is measured',
    async () => {
      for (const [weight, file] of [
        [400, 'LiberationSans-Regular.ttf'],
        [700, 'LiberationSans-Bold.ttf'],
      ] as const) {
        const read = await fromFile(path.join(liberation, file));
        expect({ unitsPerEm: read.unitsPerEm, xWidthAvg: read.xWidthAvg }).toEqual({
          unitsPerEm: FALLBACK_FACES[weight].unitsPerEm,
          xWidthAvg: FALLBACK_FACES[weight].xWidthAvg,
        });
      }
    },
  );
});
