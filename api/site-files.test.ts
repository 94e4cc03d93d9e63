import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../tests/support/api/app';

let t: Awaited<ReturnType<typeof createTestApp>>;

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
    'faq/index.html': '<h1>FAQs</h1>',
    'faq/index.html.gz': gzipSync('<h1>FAQs</h1>'),
    '_astro/app.abc123.js': 'console.log(1)',
    'video/clip.mp4': Buffer.alloc(1000, 7),
    '404.html': '<h1>We couldn’t find that page</h1>',
    'reset-password/index.html': '<h1>Reset your password</h1>',
    'SuccessSubscription/index.html': '<h1>Your subscription</h1>',
    'images/logo.png': Buffer.alloc(10, 1),
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

  it('serves the one reset page for every reset link', async () => {
    expect(await (await t.app.request('/reset-password/abc123_-XYZ')).text()).toBe(
      '<h1>Reset your password</h1>',
    );
    expect((await t.app.request('/reset-password/a/b')).status).toBe(404);
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
