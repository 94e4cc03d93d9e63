import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/** Where `npm run build` puts the Astro site. */
export const defaultSiteDir = () => path.resolve(import.meta.dirname, '../site/dist');

function cacheControl(requestPath: string) {
  // Astro names its bundles by content, so they can be kept for good; pages must show changes at once.
  if (requestPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (/\.[a-z0-9]+$/i.test(requestPath) && !requestPath.endsWith('.html')) return 'public, max-age=86400';
  return 'no-cache';
}

function rewriteRequestPath(requestPath: string) {
  // The reset link carries its token in the path (SPEC §2); one static page reads it from the address.
  if (/^\/reset-password\/[^/]+$/.test(requestPath)) return '/reset-password';
  // SPEC §2 names both spellings. One page file serves both: two files differing only in case can't share a
  // folder on macOS or Windows, so a clone there would hold only one of them.
  if (/^\/successsubscription\/?$/.test(requestPath))
    return requestPath.replace('successsubscription', 'SuccessSubscription');
  return requestPath;
}

/**
 * The static public site (issue 5): clean addresses (`/faq` is `faq/index.html`), the pre-compressed copies the
 * build wrote, byte ranges for the video, and the site's own 404 page for anything unknown.
 */
export function siteFiles(siteDir: string) {
  const app = new Hono();
  if (!fs.existsSync(siteDir)) return { app, notFoundPage: () => null };
  // Set before serving: serveStatic builds its response before any onFound hook could add to it. A miss falls
  // through to the 404 page, which must not carry a found file's long cache: a bundle that is missing now (a
  // request ahead of a deploy) would stay missing in every cache for a year.
  app.use('*', async (c, next) => {
    c.header('Cache-Control', cacheControl(c.req.path));
    await next();
    if (c.res.status >= 400) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use(
    '*',
    serveStatic({
      root: siteDir,
      precompressed: true,
      rewriteRequestPath,
    }),
  );
  const notFoundFile = path.join(siteDir, '404.html');
  const notFoundPage = () => (fs.existsSync(notFoundFile) ? fs.readFileSync(notFoundFile, 'utf8') : null);
  return { app, notFoundPage };
}
