import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteDir } from '../../api/static/site-files';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';

// Finding 3 of issue 11: site and app pages sent no CSP, so the chat widget (or any injected script) ran with the
// page's rights; no answer said nosniff, a referrer policy or "never frame me".

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({
    env: {
      PUBLIC_URL: 'https://cards.tradecard.test',
      CHAT_WIDGET_SRC: 'https://chat.tradecard.test/widget.js',
    },
  });
});
afterAll(async () => {
  await server?.cleanup();
});

const get = (route: string, init?: RequestInit) =>
  fetch(`${server.url}${route}`, { redirect: 'manual', ...init });

/** Directive name → its sources, from a CSP header. */
function csp(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy');
  expect(header, `CSP on ${response.url}`).toBeTruthy();
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

function expectBaseline(response: Response) {
  const where = `${response.status} ${response.url}`;
  expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), where).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer|same-origin|strict-origin)$/,
  );
  expect(response.headers.get('x-frame-options'), where).toBe('DENY');
  expect(response.headers.get('strict-transport-security'), where).toMatch(/max-age=\d{7,}/);
  expect(csp(response).get('frame-ancestors'), where).toEqual(["'none'"]);
}

describe('every answer of the real server', () => {
  it('API answers, failures and unknown paths carry the headers and a policy that runs nothing', async () => {
    const answers = [
      await get('/api/health'),
      await get('/api/profile'),
      await get('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      await get('/api/no-such-thing'),
      await get('/media/000000000000000000000000-400.webp'),
      await get('/fonts/nope.woff2'),
    ];
    for (const answer of answers) {
      expectBaseline(answer);
      expect(csp(answer).get('default-src'), answer.url).toEqual(["'none'"]);
    }
  });

  it('profile pages keep their own no-script policy', async () => {
    const page = await get('/u/nobody-here');
    expect(page.status).toBe(404);
    expectBaseline(page);
    expect(csp(page).get('default-src')).toEqual(["'none'"]);
    expect(csp(page).has('script-src')).toBe(false);
  });

  it('plain http sends no HSTS (it would pin localhost to https)', async () => {
    const local = await startServerProcess({});
    try {
      const answer = await fetch(`${local.url}/api/health`);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await local.cleanup();
    }
  });
});

// The site is built by `npm run build` / `npm start`; the journeys (which always build it) check it in Chromium.
const siteBuilt = fs.existsSync(path.join(defaultSiteDir(), 'index.html'));

describe.skipIf(!siteBuilt)('site and app pages', () => {
  const scriptSources = (response: Response) => csp(response).get('script-src') ?? [];

  it('allow no inline script but their own, by hash', async () => {
    for (const route of ['/', '/faq', '/login', '/register', '/myprofile', '/nfccards', '/no-such-page']) {
      const page = await get(route);
      expectBaseline(page);
      const sources = scriptSources(page);
      expect(sources, route).not.toContain("'unsafe-inline'");
      expect(sources, route).not.toContain("'unsafe-eval'");
      expect(sources, route).toContain("'self'");
      const html = await page.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/\bsrc=/.test(attributes ?? ''),
      );
      expect(sources.filter((s) => s.startsWith("'sha256-")).length, route).toBe(
        new Set(inline.map(([, , body]) => body)).size,
      );
      expect(csp(page).get('object-src'), route).toEqual(["'none'"]);
      expect(csp(page).get('base-uri'), route).toEqual(["'none'"]);
    }
  });

  it('name the chat widget only where it may load: never on a page holding a secret', async () => {
    const chat = 'https://chat.tradecard.test';
    for (const route of ['/', '/faq', '/contactus']) {
      const policy = csp(await get(route));
      expect(policy.get('script-src'), route).toContain(chat);
      expect(policy.get('connect-src'), route).toContain(chat);
      expect(policy.get('frame-src'), route).toContain(chat);
    }
    for (const route of [
      '/login',
      '/register',
      '/reset-password/abcdefABCDEF0123456789_-',
      '/myprofile',
      '/contact-support',
      '/profile',
      '/admin',
      '/success',
      '/SuccessSubscription',
    ]) {
      const page = await get(route);
      expect(page.status, route).toBe(200);
      expect(page.headers.get('content-security-policy'), route).not.toContain(chat);
    }
  });
});
