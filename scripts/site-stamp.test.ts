import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteBuildInputs, siteStamp } from './site-stamp';

let root: string;

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
  // The build's steps: this one runs the tools (what it imports shapes no output); that one makes the copies.
  write('scripts/site-stamp.ts', "import { log } from '../observability/log';\n");
  write('observability/log.ts', 'export const log = {};\n');
  write('scripts/compress-site.ts', "import { precompressed } from '../api/static/precompress';\n");
  write('api/static/precompress.ts', 'export const precompressed = 1;\n');
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the site build inputs', () => {
  it('are site/ and the build steps, what they import (followed through every file), and the lock file; not tests', () => {
    expect(siteBuildInputs(root)).toEqual([
      'api/env.ts',
      'api/static/precompress.ts',
      'events/rule.ts',
      'package-lock.json',
      'renderer/Card.tsx',
      'scripts/compress-site.ts',
      'scripts/site-stamp.ts',
      'site/astro.config.mjs',
      'site/src/pages/index.astro',
      'site/src/styles/global.css',
      'site/src/styles/tokens.css',
    ]);
  });

  it('in this repository, reach the renderer, the card rules and the contract, and nothing the build writes', () => {
    const inputs = siteBuildInputs();
    expect(inputs).toEqual(
      expect.arrayContaining([
        'renderer/profile/ProfileCard.tsx',
        'events/card/content.ts',
        'contract/site-config.ts',
        'package-lock.json',
        'scripts/compress-site.ts',
        'api/static/precompress.ts',
        'site/astro.config.mjs',
      ]),
    );
    expect(
      inputs.filter((file) => /^site\/(dist|localised|\.astro|node_modules)\/|\.test\.|^tests\//.test(file)),
    ).toEqual([]);
    // Issue 29: the site read the environment, and the build's steps the server's static files; each change to
    // one built the site again (25 s), though none shapes a byte of it.
    expect(
      inputs.filter((file) => /^api\/(env|static\/(site-files|file-cache)|visits\/)/.test(file)),
    ).toEqual([]);
  });
});

describe('the site stamp', () => {
  it('is the same for the same inputs, whatever the files’ times', () => {
    const first = siteStamp(root);
    fs.utimesSync(path.join(root, 'renderer/Card.tsx'), new Date(0), new Date(0));
    expect(siteStamp(root)).toBe(first);
  });

  it('changes when a site source, or a file the site imports from outside site/, changes', () => {
    const first = siteStamp(root);
    write('site/src/styles/tokens.css', ':root { --blue: #00e; }\n');
    const second = siteStamp(root);
    expect(second).not.toBe(first);
    write('events/rule.ts', "export const rule = 'two';\n");
    expect(siteStamp(root)).not.toBe(second);
  });

  it('is the same whatever PUBLIC_URL and CHAT_WIDGET_SRC say: the build has neither in it (ADR 040)', () => {
    const saved = { PUBLIC_URL: process.env.PUBLIC_URL, CHAT_WIDGET_SRC: process.env.CHAT_WIDGET_SRC };
    try {
      const first = siteStamp(root);
      process.env.PUBLIC_URL = 'https://cards.example.com';
      process.env.CHAT_WIDGET_SRC = 'https://chat.example.com/w.js';
      expect(siteStamp(root)).toBe(first);
    } finally {
      for (const [name, value] of Object.entries(saved))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });

  it('ignores what the server writes beside the build: the pages for its address', () => {
    const first = siteStamp(root);
    write('site/localised/0123-4567/index.html', '<link rel="canonical" href="https://cards.example.com/">');
    expect(siteStamp(root)).toBe(first);
  });

  it('ignores the build output and caches, tests, and files the site does not import', () => {
    const first = siteStamp(root);
    write('site/dist/index.html', '<p>built</p>');
    write('site/dist/.build-stamp', first);
    write('site/.astro/types.d.ts', 'export {};');
    write('site/node_modules/.vite/deps.json', '{}');
    write('site/src/pages/index.test.ts', '// changed test');
    write('renderer/Unused.tsx', 'export const Unused = 2;\n');
    expect(siteStamp(root)).toBe(first);
  });
});
