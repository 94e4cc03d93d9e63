import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from './testing';

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
