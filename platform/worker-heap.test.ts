import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo-root';

const FIXTURE = path.join(REPO_ROOT, 'tests/support/worker-heap/young-generation.ts');

/** The size in MB a worker's new space reached, in a process started as `npm start` starts the server. */
const newSpaceMb = (how: 'plain' | 'workerHeap') =>
  Number(
    execFileSync(process.execPath, ['--max-semi-space-size=8', '--import', 'tsx', FIXTURE, how], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim(),
  );

describe('workerHeap', () => {
  it("gives a worker the young generation it asks for, where the process's flag would size it as the main thread's", () => {
    // What V8 does without it: the flag's two 8 MB semi-spaces, whatever the worker asked.
    expect(newSpaceMb('plain')).toBe(16);
    expect(newSpaceMb('workerHeap')).toBeLessThanOrEqual(3);
  });
});
