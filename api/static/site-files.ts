import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { REPO_ROOT } from '../../platform/repo-root';
import { chatMayLoadOn } from '../../site/src/lib/chat';
import { chatOrigin, inlineScriptHashes, sitePageCsp } from '../http/security-headers';
import type { FileCache } from './file-cache';
import type { LocalisedSite } from './localise-site';
import { COMPRESSIBLE_TYPE } from './public-files';
import { fileResponse } from './respond';
import { sharedFileCache } from './shared-cache';

/** Where `npm run build` puts the Astro site. */
export const defaultSiteDir = () => path.join(REPO_ROOT, 'site', 'dist');
/**
 * Where the server writes the built files that name the site's address, for its own (api/static/localise-site.ts): beside
 * the build, so instances sharing a checkout and an address write them once, not once per data folder.
 */
export const defaultLocalisedRoot = () => path.join(REPO_ROOT, 'site', 'localised');

function cacheControl(requestPath: string) {
  // Astro names its bundles by content, so they can be kept for good; pages must show changes at once.
  if (requestPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (/\.[a-z0-9]+$/i.test(requestPath) && !requestPath.endsWith('.html')) return 'public, max-age=86400';
  return 'no-cache';
}

/** The built site changes only with a deploy, from another process: a `stat` a second is enough to notice. */
const SITE_REVALIDATE_MS = 1000;

/** A request for a file (an image, a bundle, the favicon) rather than a page: its 404 need not be a page. */
const ASSET = /\.(?!html$)[a-z0-9]+$/i;

const typeOf = (file: string) =>
  getMimeType(file) ?? (file.endsWith('.vtt') ? 'text/vtt; charset=utf-8' : 'application/octet-stream');

/**
 * The files that may answer a path, in order, as serveStatic would find them: `/faq` is `faq/index.html`. Null
 * for a path serveStatic refuses (any escape, `.` or `..` segments, doubled or back slashes).
 */
function candidateFiles(siteDir: string, requestPath: string): string[] | null {
  if (requestPath.includes('%') || /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/.test(requestPath))
    return null;
  const relative = rewriteRequestPath(requestPath);
  const file = path.join(siteDir, relative);
  if (file !== siteDir && !file.startsWith(`${siteDir}${path.sep}`)) return null;
  if (relative.endsWith('/')) return [path.join(file, 'index.html')];
  if (/\.[a-zA-Z0-9_-]+$/.test(relative)) return [file];
  return [path.join(file, 'index.html'), file];
}

function rewriteRequestPath(requestPath: string) {
  // The reset link carries its token in the path (SPEC §2); one static page reads it from the address.
  if (/^\/reset-password\/[^/]+$/.test(requestPath)) return '/reset-password';
  // A firm's invitation link (issue 32) likewise.
  if (/^\/join\/[^/]+$/.test(requestPath)) return '/join';
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
 * The file sent for a built file: this server's own copy when it wrote one for its address (api/static/localise-site.ts,
 * ADR 040), else the built file itself.
 */
function sentFile(siteDir: string, localised: Pick<LocalisedSite, 'dir' | 'files'> | undefined) {
  if (!localised || localised.files.size === 0) return (file: string) => file;
  const prefix = `${siteDir}${path.sep}`;
  return (file: string) => {
    // Every file asked for is under siteDir (candidateFiles): a slice, not path.relative, per request.
    const relative = file.startsWith(prefix) ? file.slice(prefix.length) : null;
    return relative !== null && localised.files.has(relative) ? path.join(localised.dir, relative) : file;
  };
}

/**
 * Each page's CSP: its inline scripts' hashes, read from the HTML it is sent as once at start, and the chat widget's
 * origin where the address may load the widget. A page built after start gets every hash.
 */
function pagePolicies(siteDir: string, sent: (file: string) => string, chatWidgetSrc: string | undefined) {
  const chat = chatOrigin(chatWidgetSrc);
  const hashes = new Map<string, string[]>();
  const everyHash = new Set<string>();
  for (const file of htmlFiles(siteDir)) {
    const scriptHashes = inlineScriptHashes(fs.readFileSync(sent(file), 'utf8'));
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
 * The static public site (issue 5): clean addresses (`/faq` is `faq/index.html`), each file from the cache with the
 * compressed copies the build wrote and validators, byte ranges for the video (too big to cache, so serveStatic
 * sends it), and the site's own 404 page for anything unknown. The files that name the site's address are sent as
 * this server wrote them for its PUBLIC_URL and chat widget (`localised`, ADR 040).
 */
export function siteFiles(
  siteDir: string,
  options: {
    chatWidgetSrc?: string;
    cache?: FileCache;
    localised?: Pick<LocalisedSite, 'dir' | 'files'>;
  } = {},
) {
  const app = new Hono();
  const cache = options.cache ?? sharedFileCache;
  if (!fs.existsSync(siteDir)) return { app, notFound: async (_c: Context) => null };
  const root = path.resolve(siteDir);
  const sent = sentFile(root, options.localised);
  const policyFor = pagePolicies(root, sent, options.chatWidgetSrc);
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
  app.get('*', async (c, next) => {
    const files = candidateFiles(root, c.req.path);
    for (let i = 0; files && i < files.length; i += 1) {
      const file = sent(files[i] as string);
      const type = typeOf(file);
      const compressible = COMPRESSIBLE_TYPE.test(type);
      const lookup = await cache.get(file, { compressible, revalidateMs: SITE_REVALIDATE_MS });
      if (lookup.kind === 'found') {
        const headers = type.startsWith('text/html')
          ? { 'Content-Security-Policy': policyFor(c.req.path) }
          : undefined;
        return fileResponse(c.req, lookup.entry, { type, cache: cacheControl(c.req.path), headers });
      }
      if (lookup.kind === 'too-large') return next();
      if (lookup.kind === 'directory') files.push(path.join(files[i] as string, 'index.html'));
    }
    return next();
  });
  // Only what the cache declines gets here: files over its size limit, i.e. the video, with its byte ranges.
  app.use('*', serveStatic({ root: siteDir, precompressed: true, rewriteRequestPath }));

  const notFoundFile = sent(path.join(root, '404.html'));
  /**
   * The site's 404 page, compressed like any page, with its own policy; null for a missing file (an image, a
   * bundle, the favicon): a browser shows no page for those, so a short text answer does.
   */
  const notFound = async (c: Context): Promise<Response | null> => {
    if (ASSET.test(c.req.path)) return null;
    const type = 'text/html; charset=utf-8';
    const lookup = await cache.get(notFoundFile, { compressible: true, revalidateMs: SITE_REVALIDATE_MS });
    if (lookup.kind !== 'found') return null;
    const headers = { 'Content-Security-Policy': policyFor(c.req.path, '/404') };
    return fileResponse(c.req, lookup.entry, { type, cache: 'no-store', headers, status: 404 });
  };
  return { app, notFound };
}
