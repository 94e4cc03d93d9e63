import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The editor bundles renderer/profile for the browser: nothing in it may need Node. */
describe('renderer/profile', () => {
  const dir = import.meta.dirname;
  const sources = readdirSync(dir).filter((file) => /\.tsx?$/.test(file) && !/\.test\.ts$|^test-/.test(file));

  it.each(sources)('%s imports nothing Node-only', (file) => {
    const source = readFileSync(join(dir, file), 'utf8');
    expect(source).not.toMatch(/from ['"](node:|fs|path|sharp|crypto|zlib|react-dom\/server)/);
    expect(source).not.toMatch(/\bBuffer\b|\bprocess\./);
  });

  it('imports only browser-safe modules from outside the folder', () => {
    const imports = sources.flatMap((file) =>
      [...readFileSync(join(dir, file), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]),
    );
    const external = new Set(imports.filter((path) => !path?.startsWith('./')));
    // events/card/phone is libphonenumber-js/min: pure JavaScript with the small metadata, made for browsers.
    // events/visit/kinds lends ping.ts a type only (the names of the clicks), erased from the bundle.
    // events/card/credentials is a table of the trade schemes and two pure functions.
    // events/card/shown is the display rules' one decision: pure functions over the card.
    // events/review/verified is the shape of a page's verified reviews and the rule that clips their words.
    // ../fonts is the fonts' names, metrics and @font-face text, which the editor's preview uses too.
    expect([...external].sort()).toEqual([
      '../../events/card/content',
      '../../events/card/credentials',
      '../../events/card/display',
      '../../events/card/phone',
      '../../events/card/shown',
      '../../events/review/verified',
      '../../events/visit/kinds',
      '../fonts',
      'react',
    ]);
  });
});
