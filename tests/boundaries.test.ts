import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The naming rule (ADR 012): everything that exists only for tests lives under tests/ (tests/e2e for journeys,
// tests/support/<area>/ for fakes, fixtures and helpers). The production folders hold production code and the
// *.test.ts files beside it, and the image ships them without tests/ and without dev dependencies, so a production
// module that reaches into either would break in the container only.

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const devOnly = new Set(Object.keys(pkg.devDependencies));

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && fs.existsSync(path.join(root, file)));

/** Production code: what the server, its ops scripts and the site build run. Benchmarks and asset makers are dev tools. */
const isProductionModule = (file: string) =>
  /\.(ts|tsx|astro|mjs)$/.test(file) &&
  !/\.test\.ts$/.test(file) &&
  (/^(api|contract|events|renderer|observability|stripe-simulator)\//.test(file) ||
    /^site\/(src\/|astro\.config)/.test(file) ||
    /^scripts\/[^/]+\.ts$/.test(file));

const specifiers = (source: string) =>
  [
    ...source.matchAll(
      /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ]
    .filter((match) => !match[2])
    .map((match) => (match[3] ?? match[4]) as string);

const packageName = (specifier: string) =>
  specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : (specifier.split('/')[0] as string);

describe('production folders', () => {
  const modules = tracked.filter(isProductionModule);

  it('finds the production modules it checks', () => {
    expect(modules).toContain('api/server.ts');
    expect(modules).toContain('scripts/outbox.ts');
    expect(modules.length).toBeGreaterThan(100);
  });

  it('hold no test support: fakes, fixtures and helpers live under tests/', () => {
    const misplaced = tracked.filter(
      (file) =>
        /^(api|contract|events|renderer|observability|site\/src)\//.test(file) &&
        /(^|\/)(testing|test-[^/]*|fake-[^/]*|[^/]*-fake|fixtures\/[^/]*)(\.[a-z]+)?$/.test(file) &&
        !/\.test\.ts$/.test(file),
    );
    expect(misplaced).toEqual([]);
  });

  it('import nothing from tests/ and no dev dependency (the image has neither)', () => {
    const offences: string[] = [];
    for (const file of modules) {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      for (const specifier of specifiers(source)) {
        if (specifier.startsWith('.')) {
          const target = path.relative(root, path.resolve(root, path.dirname(file), specifier));
          if (target.startsWith('tests/') || target.startsWith(`tests${path.sep}`))
            offences.push(`${file} imports ${specifier}`);
        } else if (devOnly.has(packageName(specifier))) {
          offences.push(`${file} imports the dev dependency ${specifier}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
