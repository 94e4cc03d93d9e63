import { execFileSync } from 'node:child_process';
import { runnable } from '../../platform/runnable';
import { builtStamp, siteStamp } from '../site-stamp';
import { REPO_ROOT } from './child-process';
import { childEnv } from './env';

/**
 * The one port the benches that need the public site serve it from (start-up, Lighthouse, the editor), so their
 * servers share the pages written for that address (ADR 040) and each start after the first writes nothing.
 */
export const SITE_PORT = 3972;
export const SITE_ORIGIN = `http://127.0.0.1:${SITE_PORT}`;

/** The site as `npm start` builds it (for no address): `npm run build`, unless it is built so already. */
export function siteBuilt(): void {
  if (builtStamp() === siteStamp()) return;
  const build = runnable('scripts/build.ts');
  execFileSync(process.execPath, [...build.execArgv, build.file], {
    cwd: REPO_ROOT,
    env: childEnv({}),
    stdio: 'ignore',
  });
}
