import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './child-process';
import { atMost, type BenchRow, info } from './report';

/** Issue 29: the runtime image holds no build tools, ≤ 150 MB of node_modules. */
const BUDGET_MB = 150;

/** Bytes under `dir`, as `du` counts them on disk. */
const diskUsage = (dir: string) =>
  Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) * 1024;

/**
 * The node_modules the runtime image holds, made as the Dockerfile makes it: `npm ci --omit=dev` from the lock file
 * in a folder of its own (from npm's cache when the checkout's `npm ci` filled it), then deploy/prune-node-modules.sh.
 * The same in a quick run: one install, ~15–40 s.
 */
export async function runtimeDependencies(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-runtime-deps-'));
  try {
    for (const file of ['package.json', 'package-lock.json', '.npmrc'])
      fs.copyFileSync(path.join(REPO_ROOT, file), path.join(dir, file));
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: dir,
      stdio: 'ignore',
    });
    const installed = diskUsage(path.join(dir, 'node_modules'));
    execFileSync('sh', [
      path.join(REPO_ROOT, 'deploy/prune-node-modules.sh'),
      path.join(dir, 'node_modules'),
    ]);
    const pruned = diskUsage(path.join(dir, 'node_modules'));
    return [
      atMost('runtime image node_modules (npm ci --omit=dev, pruned)', pruned / 1e6, 'MB', BUDGET_MB),
      info('same, before the prune', installed / 1e6, 'MB'),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
