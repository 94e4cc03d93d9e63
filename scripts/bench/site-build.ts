import { execFileSync } from 'node:child_process';
import { runnable } from '../../platform/runnable';
import { builtStamp, siteStamp } from '../site-stamp';
import { REPO_ROOT } from './child-process';
import { childEnv } from './env';

/**
 * The one port the benches that need the public site serve it from (start-up, Lighthouse, the editor): the site
 * bakes its address in (canonical links must match for SEO), so on one address it is built once for all of them,
 * by the start-up bench's first start. They run one after another, so they never meet on it.
 */
export const SITE_PORT = 3972;
export const SITE_ORIGIN = `http://127.0.0.1:${SITE_PORT}`;

/** The site as `npm start` builds it for `origin` (no chat widget): `npm run build`, unless it is built so already. */
export function siteBuiltFor(origin: string): void {
  const config = { PUBLIC_URL: origin, CHAT_WIDGET_SRC: '' };
  if (builtStamp() === siteStamp({ publicUrl: origin, chatWidgetSrc: '' })) return;
  const build = runnable('scripts/build.ts');
  execFileSync(process.execPath, [...build.execArgv, build.file], {
    cwd: REPO_ROOT,
    env: childEnv(config),
    stdio: 'ignore',
  });
}
