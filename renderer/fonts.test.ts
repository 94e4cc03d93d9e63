import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONTS } from '../events/card/content';
import { fontSourcePath } from './font-files';
import { FONT_FILES, fontFaceCss, fontFiles, regularFontFile } from './fonts';

describe('fonts', () => {
  it('ships regular and bold latin woff2 for each of the three fonts, all present on disk', () => {
    expect(FONT_FILES).toHaveLength(6);
    for (const font of FONT_FILES) {
      expect(font.url).toBe(`/fonts/${font.file}`);
      const path = fontSourcePath(font.file);
      expect(path).toMatch(new RegExp(`@fontsource/${font.family.toLowerCase()}/files/${font.file}$`));
      expect(existsSync(path ?? '')).toBe(true);
    }
    expect(regularFontFile('Montserrat').file).toBe('montserrat-latin-400-normal.woff2');
  });

  it('resolves nothing it does not ship', () => {
    for (const file of ['../../package.json', 'inter-latin-400-normal.woff', '/etc/passwd', '']) {
      expect(fontSourcePath(file)).toBeUndefined();
    }
  });

  it.each(FONTS)('writes swap @font-face rules for %s', (font) => {
    const css = fontFaceCss(font);
    expect(css.match(/@font-face/g)).toHaveLength(2);
    expect(css.match(/font-display:swap/g)).toHaveLength(2);
    for (const { url, weight } of fontFiles(font)) {
      expect(css).toContain(`font-weight:${weight};font-display:swap;src:url(${url}) format('woff2')`);
    }
    expect(css).toContain(`font-family:'${font}'`);
  });
});
