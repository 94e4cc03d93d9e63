import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The naming rule (ADR 012): everything that exists only for tests lives under tests/ (tests/e2e for journeys,
// tests/support/<area>/ for fakes, fixtures and helpers). The production folders hold production code and the
// *.test.ts files beside it, and the image ships them without tests/ and without dev dependencies, so a production
// module that reaches into either would break in the container only (the site's build aside: builtBeforeTheImage).

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
  (/^(api|contract|events|platform|renderer|observability|stripe-simulator)\//.test(file) ||
    /^site\/(src\/|astro\.config)/.test(file) ||
    /^scripts\/[^/]+\.ts$/.test(file));

/**
 * The site's sources and the compiler of the server run in the image's build stage, which has every dependency:
 * Astro, esbuild and the site's client libraries are devDependencies (issue 29). What the running server reaches of
 * them (the chat rules in site/src/lib, say) is checked where it is bundled: scripts/compile.test.ts.
 */
const builtBeforeTheImage = (file: string) => file.startsWith('site/') || file === 'scripts/compile.ts';

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
        } else if (devOnly.has(packageName(specifier)) && !builtBeforeTheImage(file)) {
          offences.push(`${file} imports the dev dependency ${specifier}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});

// The folder table of ../shared/DESIGN.md §1, as amended by ADR 033: what each production folder may import of ours.
// tests/ and scripts/ may import anything. Type-only imports count: a type is a dependency too.
const MAY_IMPORT: Record<string, string[]> = {
  platform: [],
  events: ['platform'],
  contract: ['events'],
  renderer: ['events', 'platform', 'contract', 'observability'],
  api: ['events', 'renderer', 'platform', 'contract', 'observability', 'stripe-simulator'],
  'stripe-simulator': ['platform'],
  observability: [],
  site: ['renderer', 'events', 'contract'],
};

/** Arrows outside the table, each one file to one file, with the reason ADR 033 records. */
const RECORDED_EXCEPTIONS: Record<string, string> = {
  // The server's CSP names the chat widget's origin only on pages where the site loads it: one rule, the site's.
  'api/static/site-files.ts -> site/src/lib/chat': 'ADR 033',
};

/**
 * Drivers and storage clients: only platform/, the process's wiring (api/, scripts/) and the Stripe simulator, which
 * keeps its own SQLite file apart from the domain's (ADR 022), may hold them.
 */
const INFRASTRUCTURE_PACKAGES = ['better-sqlite3', 'pg', '@aws-sdk/client-s3'];

const allSpecifiers = (source: string) =>
  [
    ...source.matchAll(
      /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((match) => (match[1] ?? match[2]) as string);

describe('the folder table (design §1)', () => {
  const modules = tracked.filter(
    (file) =>
      /\.(ts|tsx|astro|mjs)$/.test(file) &&
      !/\.test\.ts$/.test(file) &&
      (file.split('/')[0] as string) in MAY_IMPORT,
  );

  it('finds the modules of every folder it checks', () => {
    for (const folder of Object.keys(MAY_IMPORT))
      expect(modules.some((file) => file.startsWith(`${folder}/`))).toBe(true);
  });

  it('each folder imports only what the table lets it, besides the recorded exceptions', () => {
    const offences: string[] = [];
    for (const file of modules) {
      const folder = file.split('/')[0] as string;
      for (const specifier of allSpecifiers(fs.readFileSync(path.join(root, file), 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = path.relative(root, path.resolve(root, path.dirname(file), specifier));
        const targetFolder = target.split(path.sep)[0] as string;
        if (targetFolder === folder || !(targetFolder in MAY_IMPORT)) continue;
        if (MAY_IMPORT[folder]?.includes(targetFolder)) continue;
        if (RECORDED_EXCEPTIONS[`${file} -> ${target}`]) continue;
        offences.push(
          `${file} imports ${target} (${folder}/ may import ${MAY_IMPORT[folder]?.join(', ') || 'nothing of ours'})`,
        );
      }
    }
    expect(offences).toEqual([]);
  });

  it('the recorded exceptions all still exist, so the list only shrinks', () => {
    const present = new Set(
      modules.flatMap((file) =>
        allSpecifiers(fs.readFileSync(path.join(root, file), 'utf8'))
          .filter((specifier) => specifier.startsWith('.'))
          .map(
            (specifier) =>
              `${file} -> ${path.relative(root, path.resolve(root, path.dirname(file), specifier))}`,
          ),
      ),
    );
    expect(Object.keys(RECORDED_EXCEPTIONS).filter((arrow) => !present.has(arrow))).toEqual([]);
  });

  it('only platform/, the process wiring and the simulator hold a database driver or a storage client', () => {
    const offences = modules
      .filter((file) => !/^(platform|api|stripe-simulator)\//.test(file))
      .flatMap((file) =>
        allSpecifiers(fs.readFileSync(path.join(root, file), 'utf8'))
          .filter((specifier) => INFRASTRUCTURE_PACKAGES.includes(packageName(specifier)))
          .map((specifier) => `${file} imports ${specifier}`),
      );
    expect(offences).toEqual([]);
  });
});
