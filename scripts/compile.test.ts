import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
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
