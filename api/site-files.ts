import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { chatMayLoadOn } from '../site/src/lib/chat';
import { chatOrigin, inlineScriptHashes, sitePageCsp } from './security-headers';

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

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/** The address a page file answers: `faq/index.html` is `/faq`, `404.html` is `/404`. */
function pageAddress(relativeFile: string) {
  const address = `/${relativeFile.split(path.sep).join('/')}`.replace(/(\/index)?\.html$/, '');
  return address || '/';
}

/**
 * Each page's CSP: its inline scripts' hashes, read from the built HTML once at start, and the chat widget's
 * origin where the address may load the widget. A page built after start gets every hash.
 */
function pagePolicies(siteDir: string, chatWidgetSrc: string | undefined) {
  const chat = chatOrigin(chatWidgetSrc);
  const hashes = new Map<string, string[]>();
  const everyHash = new Set<string>();
  for (const file of htmlFiles(siteDir)) {
    const scriptHashes = inlineScriptHashes(fs.readFileSync(file, 'utf8'));
    for (const hash of scriptHashes) everyHash.add(hash);
    hashes.set(pageAddress(path.relative(siteDir, file)), scriptHashes);
  }
  const addressOf = (requestPath: string) =>
    rewriteRequestPath(requestPath).replace(/(\/index)?\.html$|\/+$/, '') || '/';
  const everyHashSorted = [...everyHash].sort();
  // A handful of pages, each with or without the chat origin: each policy is built once, not per request.
  const built = new Map<string, string>();
  /** The policy for a request; `page` names the page answering it when that is not the address (the 404 page). */
  return (requestPath: string, page = addressOf(requestPath)) => {
    const withChat = chat !== null && chatMayLoadOn(addressOf(requestPath));
    const key = `${withChat ? 'chat' : 'none'} ${hashes.has(page) ? page : '*'}`;
    let policy = built.get(key);
    if (policy === undefined) {
      policy = sitePageCsp({
        scriptHashes: hashes.get(page) ?? everyHashSorted,
        chatOrigin: withChat ? chat : null,
      });
      built.set(key, policy);
    }
    return policy;
  };
}

/**
 * The static public site (issue 5): clean addresses (`/faq` is `faq/index.html`), the pre-compressed copies the
 * build wrote, byte ranges for the video, and the site's own 404 page for anything unknown.
 */
export function siteFiles(siteDir: string, options: { chatWidgetSrc?: string } = {}) {
  const app = new Hono();
  if (!fs.existsSync(siteDir)) return { app, notFoundPage: () => null, notFoundCsp: (_path: string) => '' };
  const policyFor = pagePolicies(siteDir, options.chatWidgetSrc);
  // Set before serving: serveStatic builds its response before any onFound hook could add to it. A miss falls
  // through to the 404 page, which must not carry a found file's long cache: a bundle that is missing now (a
  // request ahead of a deploy) would stay missing in every cache for a year.
  app.use('*', async (c, next) => {
    c.header('Cache-Control', cacheControl(c.req.path));
    await next();
    if (c.res.status >= 400) c.res.headers.set('Cache-Control', 'no-store');
    // A miss is answered by the app's 404 page, which carries that page's own policy.
    if (
      c.res.headers.get('content-type')?.startsWith('text/html') &&
      !c.res.headers.has('Content-Security-Policy')
    )
      c.res.headers.set('Content-Security-Policy', policyFor(c.req.path));
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
  const notFoundCsp = (requestPath: string) => policyFor(requestPath, '/404');
  return { app, notFoundPage, notFoundCsp };
}
