// The server, its threads and the ops commands as JavaScript, built once per change of their sources (ADR 032).
//
// Node runs this file itself (its own type stripping: erasable types only, no imports of ours), so it runs before
// anything is compiled. Each build goes to a folder of its own under .build/
// (git-ignored) and .build/current.json names the newest: a process started from an older build keeps finding its
// chunks and its threads' files while a newer one is written beside it, and two processes building at once each
// finish a whole build. A build is current while every file it read has the content it had; checking that hashes
// the few hundred files the last build read (milliseconds), where building takes about a second.

import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BUILD_ROOT = path.join(ROOT, '.build');
const CURRENT = path.join(BUILD_ROOT, 'current.json');

/** What runs compiled: the server, the commands behind `npm run`, and the files threads and children start. */
export const ENTRIES = [
  'api/server.ts',
  'api/media/render-worker.ts',
  'api/wallet/sign-worker.ts',
  'api/visits/write-worker.ts',
  'api/static/page-worker.ts',
  'renderer/page-writer-worker.ts',
  'scripts/start.ts',
  'scripts/backup.ts',
  'scripts/restore.ts',
  'scripts/replay.ts',
  'scripts/rebuild.ts',
  'scripts/grant-admin.ts',
  'scripts/outbox.ts',
  'scripts/seed-demo.ts',
  'scripts/build.ts',
  'scripts/compress-site.ts',
  'scripts/migrate-to-bucket.ts',
  'scripts/migrate-to-postgres.ts',
];

/** Read by every build besides the sources esbuild reports: how it builds and how it transforms. */
const FIXED_INPUTS = ['scripts/compile.ts', 'tsconfig.json', 'package-lock.json'];

/** Older builds are removed once a newer one exists and they are this old: no process still starts from them. */
const KEEP_OLD_BUILDS_MS = 24 * 60 * 60 * 1000;

const hashFile = (file: string): string | null => {
  try {
    return createHash('sha256')
      .update(fs.readFileSync(path.join(ROOT, file)))
      .digest('hex');
  } catch {
    return null;
  }
};

type Current = { dir: string; inputs: Record<string, string | null> };

function readCurrent(): Current | null {
  try {
    const current = JSON.parse(fs.readFileSync(CURRENT, 'utf8')) as Current;
    return fs.existsSync(path.join(BUILD_ROOT, current.dir)) ? current : null;
  } catch {
    return null;
  }
}

/** The folder of the current build when every input it read is unchanged, else null. */
export function currentBuild(): string | null {
  const current = readCurrent();
  if (!current) return null;
  for (const [file, hash] of Object.entries(current.inputs)) if (hashFile(file) !== hash) return null;
  return path.join(BUILD_ROOT, current.dir);
}

async function build(): Promise<string> {
  const { build: esbuild } = await import('esbuild');
  const dir = `${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${randomBytes(3).toString('hex')}`;
  const outdir = path.join(BUILD_ROOT, dir);
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir,
    outbase: '.',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // The repository's modules find the repository's root from their own file (platform/repo-root.ts); in a
    // bundle that file is a chunk under .build/<dir>/, which is why the root is looked for, never assumed.
    define: { __TRADECARD_BUILD__: JSON.stringify(path.relative(ROOT, outdir)) },
  });
  const inputs: Record<string, string | null> = {};
  for (const file of [...Object.keys(result.metafile.inputs), ...FIXED_INPUTS]) inputs[file] = hashFile(file);
  const temp = `${CURRENT}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify({ dir, inputs }));
  fs.renameSync(temp, CURRENT);
  removeOldBuilds(dir);
  return outdir;
}

/** A build's folder name: when it was made, and a few random hex digits. */
const BUILD_NAME = /^\d{8}T\d{6}-[0-9a-f]{6}$/;

function removeOldBuilds(keep: string) {
  for (const entry of fs.readdirSync(BUILD_ROOT, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === keep || !BUILD_NAME.test(entry.name)) continue;
    const full = path.join(BUILD_ROOT, entry.name);
    const age = Date.now() - fs.statSync(full).mtimeMs;
    if (age > KEEP_OLD_BUILDS_MS) fs.rmSync(full, { recursive: true, force: true });
  }
}

/** The folder of a current build, building one first when the sources changed since the last. */
export async function ensureCompiled({ quiet = false } = {}): Promise<string> {
  const current = currentBuild();
  if (current) return current;
  const started = performance.now();
  fs.mkdirSync(BUILD_ROOT, { recursive: true });
  const outdir = await build();
  if (!quiet)
    console.error(
      `Compiled the server and ops commands into ${path.relative(ROOT, outdir)} in ${Math.round(performance.now() - started)} ms.`,
    );
  return outdir;
}

/** The compiled file of a source entry, e.g. compiledFile(dir, 'api/server.ts'). */
export const compiledFile = (buildDir: string, source: string) =>
  path.join(buildDir, source.replace(/\.tsx?$/, '.js'));

/**
 * The same, for a caller that can't wait on a promise (a test helper, a bench spawning a child): the current build's
 * file, compiling first in a child when the sources changed.
 */
export function compiledEntrySync(source: string): string {
  let build = currentBuild();
  if (!build) {
    execFileSync(process.execPath, [import.meta.filename], { cwd: ROOT, stdio: 'ignore' });
    build = currentBuild();
    if (!build) throw new Error('scripts/compile.ts ran but left no current build');
  }
  return compiledFile(build, source);
}

if (process.argv[1] === import.meta.filename) {
  await ensureCompiled();
}
