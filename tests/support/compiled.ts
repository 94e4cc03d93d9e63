import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { compiledFile, currentBuild } from '../../scripts/compile';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The compiled file of one of our entries (e.g. 'api/server.ts'), as `npm start` and `npm run <command>` run it.
 * vitest's global setup compiles once before any suite (tests/support/global-setup.ts); a file run on its own, or
 * after a source changed, compiles here first.
 */
export function compiledEntry(source: string): string {
  let build = currentBuild();
  if (!build) {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'compile.ts')], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    build = currentBuild();
    if (!build) throw new Error('scripts/compile.ts ran but left no current build');
  }
  return compiledFile(build, source);
}

/** `node <compiled scripts/<name>.js>`: an ops command exactly as `npm run <name>` runs it, without npm. */
export const compiledCommand = (name: string) => compiledEntry(`scripts/${name}.ts`);
