import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_ORIGIN } from '../../contract/site-config';
import { createTestApp } from '../../tests/support/api/app';
import { localise, localiseSite, type SiteConfig } from './localise-site';

// Issue 29: the site was built for one address, so a new PUBLIC_URL or chat widget built it again (25 s) and each
// address needed a build of its own. Now one build, for no address, serves any: the server writes the few files
// that name it (ADR 040).

let dir: string;
let siteDir: string;
let root: string;

/** Long enough for compressed copies, as a real page is. */
const filler = `<p>${'Plumbers, electricians and builders. '.repeat(60)}</p>`;
const page = (pathname: string) =>
  `<!doctype html><html><head><link rel="canonical" href="${BUILT_ORIGIN}${pathname}"><meta property="og:image" content="${BUILT_ORIGIN}/images/og.png"></head><body>${filler}</body></html>`;

function writeBuild(files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(siteDir, name)), { recursive: true });
    fs.writeFileSync(path.join(siteDir, name), content);
  }
}

const decoded = (body: Buffer, encoding: string) =>
  (encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : body).toString();

const CARDS: SiteConfig = { publicUrl: 'https://cards.example.com', chatWidgetSrc: '' };
const TRADES: SiteConfig = { publicUrl: 'https://trades.example.org:8443/', chatWidgetSrc: '' };
const localiseFor = (config: SiteConfig) => localiseSite({ siteDir, root, ...config });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-localise-'));
  siteDir = path.join(dir, 'dist');
  root = path.join(dir, 'localised');
  writeBuild({
    'index.html': page('/'),
    'faq/index.html': page('/faq'),
    '404.html': page('/404'),
    'robots.txt': `User-agent: *\nSitemap: ${BUILT_ORIGIN}/sitemap.xml\n`,
    'sitemap.xml': `<urlset><url><loc>${BUILT_ORIGIN}/</loc></url><url><loc>${BUILT_ORIGIN}/faq</loc></url></urlset>`,
    'register/index.html': `<html><head></head><body><astro-island props="{&quot;publicOrigin&quot;:[0,&quot;${BUILT_ORIGIN}&quot;]}"></astro-island></body></html>`,
    '_astro/app.abc123.js': 'console.log(1)',
    'notes.txt': 'No address here.',
  });
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('one built file for an address', () => {
  it('names the address’s origin wherever the build named its own, whatever PUBLIC_URL’s path', () => {
    expect(
      localise(page('/faq'), 'faq/index.html', { ...CARDS, publicUrl: 'https://cards.example.com/x/' }),
    ).toBe(page('/faq').replaceAll(BUILT_ORIGIN, 'https://cards.example.com'));
  });

  it('carries the chat widget’s address in a page’s head, escaped, and none when there is no widget', () => {
    const src = 'https://chat.example.com/w.js?a=1&b="2"';
    const html = localise(page('/'), 'index.html', { ...CARDS, chatWidgetSrc: src });
    expect(html).toContain(
      '<meta name="chat-widget-src" content="https://chat.example.com/w.js?a=1&amp;b=&quot;2&quot;"></head>',
    );
    expect(localise(page('/'), 'index.html', CARDS)).not.toContain('chat-widget-src');
    expect(localise('Sitemap: x', 'robots.txt', { ...CARDS, chatWidgetSrc: src })).toBe('Sitemap: x');
  });
});

describe('the site’s files for an address', () => {
  it('are written with gzip and brotli copies that unpack to them; files without the address are not copied', async () => {
    const localised = await localiseFor(CARDS);
    expect(localised?.written).toBe(6);
    expect([...(localised?.files ?? [])].sort()).toEqual(
      ['404.html', 'faq/index.html', 'index.html', 'register/index.html', 'robots.txt', 'sitemap.xml'].map(
        (f) => f.split('/').join(path.sep),
      ),
    );
    const faq = fs.readFileSync(path.join(localised?.dir ?? '', 'faq/index.html'));
    expect(faq.toString()).toBe(page('/faq').replaceAll(BUILT_ORIGIN, 'https://cards.example.com'));
    expect(gunzipSync(fs.readFileSync(path.join(localised?.dir ?? '', 'faq/index.html.gz')))).toEqual(faq);
    expect(
      brotliDecompressSync(fs.readFileSync(path.join(localised?.dir ?? '', 'faq/index.html.br'))),
    ).toEqual(faq);
    expect(fs.existsSync(path.join(localised?.dir ?? '', 'notes.txt'))).toBe(false);
  });

  it('from one build, give each address its own canonical link, og:image, sitemap, robots.txt and sign-up origin', async () => {
    // Both at once, from the one build, as two instances on two domains would serve it.
    const servers = await Promise.all(
      [
        { config: CARDS, origin: 'https://cards.example.com' },
        { config: TRADES, origin: 'https://trades.example.org:8443' },
      ].map(async ({ config, origin }) => {
        const localised = await localiseFor(config);
        return { origin, t: await createTestApp({ siteDir, localisedSite: localised ?? undefined }) };
      }),
    );
    try {
      for (const { origin, t } of servers) {
        const text = async (url: string) => (await t.app.request(url)).text();
        for (const encoding of ['identity', 'gzip', 'br']) {
          const faq = await t.app.request('/faq', { headers: { 'accept-encoding': encoding } });
          expect(faq.headers.get('content-encoding') ?? 'identity').toBe(encoding);
          const html = decoded(Buffer.from(await faq.arrayBuffer()), encoding);
          expect(html, encoding).toContain(`<link rel="canonical" href="${origin}/faq">`);
          expect(html, encoding).toContain(`<meta property="og:image" content="${origin}/images/og.png">`);
        }
        expect(await text('/sitemap.xml')).toContain(`<loc>${origin}/faq</loc>`);
        expect(await text('/robots.txt')).toContain(`Sitemap: ${origin}/sitemap.xml`);
        expect(await text('/register')).toContain(`&quot;${origin}&quot;`);
        expect(await text('/no-such-page')).toContain(`${origin}/404`);
        // What has no address is the build's own file.
        expect(await text('/_astro/app.abc123.js')).toBe('console.log(1)');
      }
    } finally {
      for (const { t } of servers) await t.close();
    }
  });

  it('are not written again by a second start with the same build and configuration', async () => {
    const first = await localiseFor(CARDS);
    const before = fs.statSync(path.join(first?.dir ?? '', 'index.html')).mtimeMs;
    const second = await localiseFor(CARDS);
    expect(second).toMatchObject({ dir: first?.dir, written: 0 });
    expect(second?.files).toEqual(first?.files);
    expect(fs.statSync(path.join(first?.dir ?? '', 'index.html')).mtimeMs).toBe(before);
    expect(fs.readdirSync(root)).toEqual([path.basename(first?.dir ?? '')]);
  });

  it('are written again for another chat widget, another build, or a folder a crash cut short', async () => {
    const first = await localiseFor(CARDS);
    const withChat = await localiseFor({ ...CARDS, chatWidgetSrc: 'https://chat.example.com/w.js' });
    expect(withChat?.dir).not.toBe(first?.dir);
    expect(withChat?.files.size).toBe(6);
    expect(fs.readFileSync(path.join(withChat?.dir ?? '', 'index.html'), 'utf8')).toContain(
      '<meta name="chat-widget-src" content="https://chat.example.com/w.js">',
    );

    // A crash left a page short: the folder is not whole, so it is written again.
    fs.truncateSync(path.join(first?.dir ?? '', 'faq/index.html'), 10);
    const again = await localiseFor(CARDS);
    expect(again).toMatchObject({ dir: first?.dir, written: 6 });
    expect(fs.readFileSync(path.join(first?.dir ?? '', 'faq/index.html'), 'utf8')).toContain(
      'cards.example.com/faq',
    );

    // A new build: its own folder, and the old build's folders go (their pages name bundles that are gone).
    writeBuild({ 'faq/index.html': `${page('/faq')}<!-- new -->` });
    const rebuilt = await localiseFor(CARDS);
    expect(rebuilt?.dir).not.toBe(first?.dir);
    expect(fs.readdirSync(root)).toEqual([path.basename(rebuilt?.dir ?? '')]);
  });
});
