import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteBuildInputs, siteStamp } from './site-stamp';

let root: string;
const CONFIG = { publicUrl: 'http://localhost:3000', chatWidgetSrc: '' };

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

/** A small repository shaped like ours: a site page importing a renderer component, which imports a domain rule. */
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-stamp-'));
  write('package-lock.json', '{"lockfileVersion": 3}');
  write('site/astro.config.mjs', "import { readEnv } from '../api/env';\nexport default {};\n");
  write('site/src/pages/index.astro', "---\nimport { Card } from '../../../renderer/Card';\n---\n<Card />\n");
  write('site/src/pages/index.test.ts', "import '../../../tests/support/helper';\n");
  write('site/src/styles/global.css', '@import "./tokens.css";\n');
  write('site/src/styles/tokens.css', ':root { --blue: #00f; }\n');
  write('renderer/Card.tsx', "import { rule } from '../events/rule';\nexport const Card = () => rule;\n");
  write('renderer/Unused.tsx', 'export const Unused = 1;\n');
  write('events/rule.ts', "export const rule = 'one';\n");
  write('api/env.ts', 'export const readEnv = () => ({});\n');
  write('tests/support/helper.ts', 'export {};\n');
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the site build inputs', () => {
  it('are site/, what it imports (followed through every file), and the lock file; not tests', () => {
    expect(siteBuildInputs(root)).toEqual([
      'api/env.ts',
      'events/rule.ts',
      'package-lock.json',
      'renderer/Card.tsx',
      'site/astro.config.mjs',
      'site/src/pages/index.astro',
      'site/src/styles/global.css',
      'site/src/styles/tokens.css',
    ]);
  });

  it('in this repository, reach the renderer, the card rules and api/env.ts, and nothing the build writes', () => {
    const inputs = siteBuildInputs();
    expect(inputs).toEqual(
      expect.arrayContaining([
        'renderer/profile/ProfileCard.tsx',
        'events/card/content.ts',
        'api/env.ts',
        'package-lock.json',
        'scripts/compress-site.ts',
        'site/astro.config.mjs',
      ]),
    );
    expect(
      inputs.filter((file) => /^site\/(dist|\.astro|node_modules)\/|\.test\.|^tests\//.test(file)),
    ).toEqual([]);
  });
});

describe('the site stamp', () => {
  it('is the same for the same inputs, whatever the files’ times', () => {
    const first = siteStamp(CONFIG, root);
    fs.utimesSync(path.join(root, 'renderer/Card.tsx'), new Date(0), new Date(0));
    expect(siteStamp(CONFIG, root)).toBe(first);
  });

  it('changes when a site source, or a file the site imports from outside site/, changes', () => {
    const first = siteStamp(CONFIG, root);
    write('site/src/styles/tokens.css', ':root { --blue: #00e; }\n');
    const second = siteStamp(CONFIG, root);
    expect(second).not.toBe(first);
    write('events/rule.ts', "export const rule = 'two';\n");
    expect(siteStamp(CONFIG, root)).not.toBe(second);
  });

  it('changes with PUBLIC_URL or CHAT_WIDGET_SRC, which the build bakes in', () => {
    const first = siteStamp(CONFIG, root);
    expect(siteStamp({ ...CONFIG, publicUrl: 'https://cards.example.com' }, root)).not.toBe(first);
    expect(siteStamp({ ...CONFIG, chatWidgetSrc: 'https://chat.example.com/w.js' }, root)).not.toBe(first);
  });

  it('ignores the build output and caches, tests, and files the site does not import', () => {
    const first = siteStamp(CONFIG, root);
    write('site/dist/index.html', '<p>built</p>');
    write('site/dist/.build-stamp', first);
    write('site/.astro/types.d.ts', 'export {};');
    write('site/node_modules/.vite/deps.json', '{}');
    write('site/src/pages/index.test.ts', '// changed test');
    write('renderer/Unused.tsx', 'export const Unused = 2;\n');
    expect(siteStamp(CONFIG, root)).toBe(first);
  });
});
