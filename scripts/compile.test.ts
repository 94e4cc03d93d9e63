import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ENTRIES, ROOT } from './compile';

// A thread or child started with runnable() runs from the build when the server does: a file missing from ENTRIES
// is missing from the build, and its thread fails to start in production only (the visit writer did, issue 29).
it('compiles every module the code starts as a thread or a child', () => {
  const sources = execFileSync('git', ['ls-files', '*.ts'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.endsWith('.test.ts') && !file.startsWith('tests/'));
  const started = new Set<string>();
  for (const file of sources) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const match of text.matchAll(/runnable\('([^']+)'\)/g)) started.add(match[1] as string);
  }
  expect(started.size).toBeGreaterThan(3);
  expect([...started].filter((source) => !ENTRIES.includes(source))).toEqual([]);
});

// The image installs `dependencies` only (Dockerfile, issue 29): the site's build tools are devDependencies. A
// package the running server reaches that is only a devDependency would fail the container at start; the server
// reached nanostores through the chat rules once.
it('runs on `dependencies` alone, the site build aside', async () => {
  const { build } = await import('esbuild');
  const buildTools = ['scripts/build.ts'];
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES.filter((entry) => !buildTools.includes(entry)),
    outdir: path.join(ROOT, '.build', 'dependency-check'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const packageOf = (specifier: string) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
  const reached = new Set<string>();
  for (const output of Object.values(result.metafile.outputs))
    for (const { path: specifier, external } of output.imports)
      if (external && !specifier.startsWith('node:') && !builtinModules.includes(specifier))
        reached.add(packageOf(specifier));
  expect(reached).toContain('hono');
  expect([...reached].filter((name) => !(name in dependencies)).sort()).toEqual([]);
});
