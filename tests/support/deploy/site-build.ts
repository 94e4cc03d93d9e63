import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defaultSiteDir } from '../../../api/static/site-files';
import { builtStamp, siteStamp } from '../../../scripts/site-stamp';
import { CHAT_WIDGET_STAND_IN } from '../../e2e/env';
import { compiledCommand } from '../compiled';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The address the site is built with here. The build must not take it in (ADR 040): tests/deploy/site-build.test.ts
 * looks for it, and for the chat stand-in, in every built file.
 */
export const BUILD_TIME_PUBLIC_URL = 'https://address-at-build-time.example';

/**
 * site/dist as `npm run build` makes it, built here when missing or built from other sources (a clean clone:
 * `npm test` runs vitest before the journeys). For no address: the journeys' `npm start`, and every server the
 * suites start on an address of its own, find it current and do not build it again. About 25 s.
 */
export function ensureSiteBuilt(): string {
  const siteDir = defaultSiteDir();
  const current = siteStamp();
  const isCurrent = () => fs.existsSync(path.join(siteDir, 'index.html')) && builtStamp() === current;
  if (isCurrent()) return siteDir;
  // Suites run three at a time, and two building site/dist at once delete each other's files: one builds, the
  // others wait for it and then find the build current.
  const release = takeBuildLock();
  try {
    if (!isCurrent()) build();
  } finally {
    release();
  }
  return siteDir;
}

const LOCK = path.join(ROOT, '.build', 'site-build.lock');

/** A lock between processes: a folder made atomically, naming its holder, taken over when the holder is gone. */
function takeBuildLock(): () => void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return () => fs.rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive()) fs.rmSync(LOCK, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 200);
    }
  }
}

function holderAlive(): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8'));
  } catch {
    // Its pid not written yet: alive if it was made a moment ago, else its maker died in between.
    const made = fs.statSync(LOCK, { throwIfNoEntry: false });
    return made !== undefined && Date.now() - made.mtimeMs < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function build() {
  const built = spawnSync(process.execPath, [compiledCommand('build')], {
    cwd: ROOT,
    // Handed on unread (PATH, HOME). An address and a widget as an operator's environment would hold them: the
    // build must leave both out.
    env: {
      ...process.env,
      PUBLIC_URL: BUILD_TIME_PUBLIC_URL,
      CHAT_WIDGET_SRC: CHAT_WIDGET_STAND_IN,
    },
    encoding: 'utf8',
    timeout: 170_000,
  });
  if (built.status !== 0)
    throw new Error(
      `npm run build failed (${built.status ?? built.signal}):\n${built.stdout}\n${built.stderr}`,
    );
}
