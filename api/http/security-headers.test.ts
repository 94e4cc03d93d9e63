import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { FALLBACK_CSP, inlineScriptHashes } from './security-headers';

const CHAT = 'https://chat.example';
const THEME = "if (localStorage.getItem('x')) document.documentElement.dataset.auth = 'in';";
const ISLAND = '(self.Astro ||= {}).load = 1;';
const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const page = (...scripts: string[]) =>
  `<!doctype html><html><head>${scripts.map((s) => `<script>${s}</script>`).join('')}<script type="module" src="/_astro/a.js"></script></head><body><h1>Page</h1></body></html>`;

let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
// The app whose temp folder holds the site; closing it removes the folder.
let siteHolder: typeof t;
afterEach(async () => {
  await t?.close();
  await siteHolder?.close();
  t = undefined;
  siteHolder = undefined;
});

async function appWithSite(files: Record<string, string>, overrides = {}) {
  siteHolder = await createTestApp();
  const siteDir = siteHolder.deps.siteDir;
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(siteDir, name)), { recursive: true });
    fs.writeFileSync(path.join(siteDir, name), content);
  }
  t = await createTestApp({ siteDir, chatWidgetSrc: `${CHAT}/widget.js`, ...overrides });
  return t;
}

const directives = (response: Response) =>
  new Map(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values] as const),
  );

describe('inline script hashes', () => {
  it('hash each inline script once, byte for byte, and skip scripts loaded by address', () => {
    const html = `<script>${THEME}</script><script type="module">${ISLAND}</script><script src="/x.js"></script><script>${THEME}</script>`;
    expect(inlineScriptHashes(html)).toEqual([hash(THEME), hash(ISLAND)].sort());
  });
});

describe('site and app pages', () => {
  it('allow exactly their own inline scripts and never unsafe-inline or eval', async () => {
    const app = await appWithSite({ 'index.html': page(THEME), 'faq/index.html': page(THEME, ISLAND) });
    const home = await app.app.request('/');
    expect(directives(home).get('script-src')).toEqual(["'self'", hash(THEME), CHAT]);
    const faq = await app.app.request('/faq');
    expect(directives(faq).get('script-src')).toEqual([
      "'self'",
      ...[hash(ISLAND), hash(THEME)].sort(),
      CHAT,
    ]);
    for (const response of [home, faq]) {
      expect(response.headers.get('content-security-policy')).not.toMatch(
        /unsafe-eval|script-src[^;]*unsafe-inline/,
      );
      expect(directives(response).get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('name the chat widget only on pages it may load on; never where a secret is', async () => {
    const app = await appWithSite({
      'faq/index.html': page(THEME),
      'login/index.html': page(THEME),
      'reset-password/index.html': page(THEME),
      'myprofile/index.html': page(THEME),
      'SuccessSubscription/index.html': page(THEME),
    });
    expect(directives(await app.app.request('/faq')).get('connect-src')).toEqual(["'self'", CHAT]);
    expect(directives(await app.app.request('/faq')).get('frame-src')).toEqual([CHAT]);
    for (const route of ['/login', '/reset-password/abcDEF123_-', '/myprofile', '/successsubscription']) {
      const response = await app.app.request(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-security-policy'), route).not.toContain(CHAT);
      expect(directives(response).get('frame-src'), route).toEqual(["'none'"]);
    }
  });

  it('give the 404 page its own hashes, and bundles no page policy', async () => {
    const notFound = '(() => { document.title = "Not found"; })();';
    const app = await appWithSite({ '404.html': page(notFound), '_astro/a.js': 'console.log(1)' });
    const missing = await app.app.request('/no-such-page');
    expect(missing.status).toBe(404);
    expect(directives(missing).get('script-src')).toEqual(["'self'", hash(notFound), CHAT]);
    const missingReset = await app.app.request('/reset-password/a/b');
    expect(directives(missingReset).get('script-src')).toEqual(["'self'", hash(notFound)]);
    const bundle = await app.app.request('/_astro/a.js');
    expect(bundle.headers.get('content-security-policy')).toBe(FALLBACK_CSP);
    expect(bundle.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('every other answer', () => {
  it('API answers get a policy that runs nothing, HSTS over https, and no HSTS over http', async () => {
    t = await createTestApp();
    const health = await t.app.request('/api/health');
    expect(health.headers.get('content-security-policy')).toBe(FALLBACK_CSP);
    expect(health.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    await t.close();
    t = await createTestApp({ publicUrl: 'http://localhost:3000' });
    expect((await t.app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });

  it('profile pages keep their own no-script policy', async () => {
    t = await createTestApp();
    const missing = await t.app.request('/u/nobody');
    expect(missing.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; connect-src 'self'; img-src 'self' data:/,
    );
    expect(missing.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the test checkout (PAYMENTS=local) keeps the simulator’s policy and referrer rule; its API is not served', async () => {
    t = await createTestApp();
    const token = await t.signUp();
    const { body } = await t.call('POST', '/api/subscribe', {}, token);
    const checkout = await t.app.request(new URL(body.url).pathname);
    expect(checkout.status).toBe(200);
    expect(checkout.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' https://tradecard.test; frame-ancestors 'none'",
    );
    expect(checkout.headers.get('referrer-policy')).toBe('no-referrer');
    expect(checkout.headers.get('cache-control')).toBe('no-store');
    for (const hidden of [
      '/checkout/test/v1/customers',
      '/checkout/test/_simulator/clock',
      '/v1/customers',
    ]) {
      const response = await t.app.request(hidden, { headers: { authorization: 'Bearer sk_test_local' } });
      expect(response.status, hidden).toBe(404);
    }
  });
});
