import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defaultSiteDir } from '../../../api/site-files';
import { builtStamp, siteStamp } from '../../../scripts/site-stamp';
import { CHAT_WIDGET_STAND_IN, e2ePort } from '../../e2e/env';
import { compiledCommand } from '../compiled';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * site/dist as `npm run build` makes it, built here when missing or built from other sources (a clean clone:
 * `npm test` runs vitest before the journeys). Built for the journeys' address and chat stand-in, so their
 * `npm start` finds it current and does not build it again. About 15 s.
 */
export function ensureSiteBuilt(): string {
  const siteDir = defaultSiteDir();
  const publicUrl = `http://127.0.0.1:${e2ePort()}`;
  const current = siteStamp({ publicUrl, chatWidgetSrc: CHAT_WIDGET_STAND_IN });
  if (fs.existsSync(path.join(siteDir, 'index.html')) && builtStamp() === current) return siteDir;
  const built = spawnSync(process.execPath, [compiledCommand('build')], {
    cwd: ROOT,
    // Handed on unread (PATH, HOME); the build parses its own configuration with readEnv().
    env: {
      ...process.env,
      PUBLIC_URL: publicUrl,
      CHAT_WIDGET_SRC: CHAT_WIDGET_STAND_IN,
    },
    encoding: 'utf8',
    timeout: 170_000,
  });
  if (built.status !== 0)
    throw new Error(
      `npm run build failed (${built.status ?? built.signal}):\n${built.stdout}\n${built.stderr}`,
    );
  return siteDir;
}
