import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository's root (where package.json is): the site, fonts and compiled commands are found from here. Looked
 * for from this file rather than assumed, since compiled (scripts/compile.ts) this code sits in a chunk under
 * .build/<build>/, at another depth than its source.
 */
export const REPO_ROOT = findRoot(import.meta.dirname);

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}
