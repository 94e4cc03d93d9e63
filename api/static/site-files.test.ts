import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';

let t: Awaited<ReturnType<typeof createTestApp>>;

/** Long enough that its gzip copy is smaller than it: a copy that isn't is not worth sending. */
const FAQ = `<h1>FAQs</h1>${'<p>Do you fit boilers? Yes, and we service them.</p>'.repeat(20)}`;

function writeSite(files: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(t.deps.siteDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

beforeEach(async () => {
  t = await createTestApp();
  writeSite({
    'index.html': '<h1>Home</h1>',
    'faq/index.html': FAQ,
    'faq/index.html.gz': gzipSync(FAQ),
    '_astro/app.abc123.js': 'console.log(1)',
    'video/clip.mp4': Buffer.alloc(1000, 7),
    '404.html': '<h1>We couldn’t find that page</h1>',
    'reset-password/index.html': '<h1>Reset your password</h1>',
    'join/index.html': '<h1>Join a firm</h1>',
    'SuccessSubscription/index.html': '<h1>Your subscription</h1>',
    'images/logo.png': Buffer.alloc(10, 1),
    'favicon.ico': Buffer.alloc(4286, 0),
    'favicon.ico.gz': gzipSync(Buffer.alloc(4286, 0)),
    'faq/index.html.br': brotliCompressSync(FAQ),
  });
  t = await createTestApp({ siteDir: t.deps.siteDir });
});
afterEach(async () => {
  await t.close();
});

describe('the public site', () => {
  it('serves clean addresses, pre-compressed when the browser takes gzip', async () => {
    const home = await t.app.request('/');
    expect(await home.text()).toBe('<h1>Home</h1>');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const faq = await t.app.request('/faq', { headers: { 'accept-encoding': 'gzip' } });
    expect(faq.headers.get('content-encoding')).toBe('gzip');
    expect(faq.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('gives pages validators, so a revisit is a 304, and brotli from the build when the browser takes it', async () => {
    const faq = await t.app.request('/faq', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(faq.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await faq.arrayBuffer())).toString()).toBe(FAQ);
    expect(faq.headers.get('cache-control')).toBe('no-cache');
    expect(faq.headers.get('content-security-policy')).toContain("script-src 'self'");
    const etag = faq.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"/);
    expect(faq.headers.get('last-modified')).toMatch(/GMT$/);
    const revisit = await t.app.request('/faq', {
      headers: { 'accept-encoding': 'gzip, br', 'if-none-match': etag },
    });
    expect(revisit.status).toBe(304);
    expect(revisit.headers.get('etag')).toBe(etag);
    const home = await t.app.request('/');
    const dated = await t.app.request('/', {
      headers: { 'if-modified-since': home.headers.get('last-modified') ?? '' },
    });
    expect(dated.status).toBe(304);
  });

  it('serves the favicon for a day, compressed, and a missing asset as a few bytes, never the 404 page', async () => {
    const icon = await t.app.request('/favicon.ico', { headers: { 'accept-encoding': 'gzip' } });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(icon.headers.get('content-encoding')).toBe('gzip');
    expect(Number(icon.headers.get('content-length'))).toBeLessThan(4286);
    const gone = await t.app.request('/images/favicon-gone.ico');
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect((await gone.arrayBuffer()).byteLength).toBeLessThan(100);
  });

  it('sends the 404 page compressed when the browser takes it', async () => {
    writeSite({ '404.html': `<h1>We couldn’t find that page</h1>${'<p>Try the home page.</p>'.repeat(50)}` });
    const missing = await t.app.request('/no-such-page', { headers: { 'accept-encoding': 'gzip' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBe('gzip');
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('serves the one reset page for every reset link', async () => {
    expect(await (await t.app.request('/reset-password/abc123_-XYZ')).text()).toBe(
      '<h1>Reset your password</h1>',
    );
    expect((await t.app.request('/reset-password/a/b')).status).toBe(404);
  });

  it("serves the one invitation page for every firm's invitation link (issue 32)", async () => {
    const token = '1b4e28ba-2fa1-11d2-883f-0016d3cca427.AbC_12-xyz';
    expect(await (await t.app.request(`/join/${token}`)).text()).toBe('<h1>Join a firm</h1>');
    expect((await t.app.request('/join/a/b')).status).toBe(404);
  });

  it('keeps hashed bundles for a year and answers byte ranges for video', async () => {
    const bundle = await t.app.request('/_astro/app.abc123.js');
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const part = await t.app.request('/video/clip.mp4', { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-99/1000');
  });

  it('caches only what it found: a missing bundle, image or page is a 404 nobody keeps', async () => {
    expect((await t.app.request('/images/logo.png')).headers.get('cache-control')).toBe(
      'public, max-age=86400',
    );
    for (const url of [
      '/_astro/app.gone99.js',
      '/_astro/',
      '/images/gone.png',
      '/video/gone.mp4',
      '/no-such-page',
    ]) {
      const missing = await t.app.request(url);
      expect(missing.status, url).toBe(404);
      expect(missing.headers.get('cache-control'), url).toBe('no-store');
    }
    // A bundle deployed after a 404 was served is then found, and kept for good.
    writeSite({ '_astro/app.gone99.js': 'console.log(2)' });
    const found = await t.app.request('/_astro/app.gone99.js');
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the one subscription success page at both of its addresses', async () => {
    for (const url of ['/SuccessSubscription', '/successsubscription', '/successsubscription?id=o1']) {
      const response = await t.app.request(url);
      expect(response.status, url).toBe(200);
      expect(await response.text(), url).toBe('<h1>Your subscription</h1>');
    }
    expect((await t.app.request('/SUCCESSSUBSCRIPTION')).status).toBe(404);
  });

  it('answers unknown pages with the site’s 404 page, unknown API paths with JSON, and refuses traversal', async () => {
    const missing = await t.app.request('/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('We couldn’t find that page');
    expect((await t.call('GET', '/api/nope')).body).toEqual({ error: 'Not found.' });
    expect((await t.app.request('/..%2f..%2fpackage.json')).status).toBe(404);
  });

  it('keeps the API and the profiles ahead of the site', async () => {
    writeSite({ 'api/health/index.html': 'shadow', 'u/demo/index.html': 'shadow' });
    expect((await t.call('GET', '/api/health')).body).toEqual({ ok: true });
    expect(await (await t.app.request('/u/demo')).text()).not.toBe('shadow');
  });
});
