import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONTS } from '../events/card/content';
import { fontSourcePath } from './font-files';
import {
  FONT_DIR,
  FONT_FILES,
  FONT_UNICODES,
  fontFaceCss,
  fontFiles,
  fontSourceName,
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
      expect(css.match(/@font-face/g)).toHaveLength(2);
      expect(css.match(/font-display:swap/g)).toHaveLength(2);
      for (const { url, weight } of fontFiles(font)) {
        expect(css).toContain(`font-weight:${weight};font-display:swap;src:url(${url}) format('woff2')`);
      }
      expect(css).toContain(`font-family:'${font}'`);
      expect(css.match(/unicode-range:([^}]+)\}/)?.[1]).toBe(FONT_UNICODES.join(','));
    },
  );
});
