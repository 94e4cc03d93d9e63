import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './repo-root';

/** Set by scripts/compile.ts to the build's folder (relative to the root) in the code it compiles; absent in TypeScript. */
declare const __TRADECARD_BUILD__: string | undefined;
const build = typeof __TRADECARD_BUILD__ === 'string' ? __TRADECARD_BUILD__ : undefined;

/** Whether this process runs compiled JavaScript (npm start, npm run …) rather than TypeScript (tsx, vitest). */
export const runsCompiled = build !== undefined;

/**
 * How to start one of our modules in a new thread or process, the way this one runs: from this process's own build
 * when compiled, else its TypeScript source through tsx. `source` is relative to the root, e.g. 'scripts/seed-demo.ts'.
 */
export function runnable(source: string): { file: string; url: URL; execArgv: string[] } {
  const file =
    build === undefined
      ? path.join(REPO_ROOT, source)
      : path.join(REPO_ROOT, build, source.replace(/\.tsx?$/, '.js'));
  return { file, url: pathToFileURL(file), execArgv: build === undefined ? ['--import', 'tsx'] : [] };
}
