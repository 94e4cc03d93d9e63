import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localiseSite } from '../../api/static/localise-site';
import { BUILT_ORIGIN } from '../../contract/site-config';
import { CHAT_WIDGET_STAND_IN } from '../e2e/env';
import { createTestApp } from '../support/api/app';
import { TEMPLATE } from '../support/deploy/nginx';
import { BUILD_TIME_PUBLIC_URL, ensureSiteBuilt } from '../support/deploy/site-build';

// Issue 29: the public site was built per address (PUBLIC_URL in every canonical link, the chat widget's address in
// a hashed bundle), so a new address or widget meant a 25 s build, and one image could serve one domain. Now the
// build has neither, and each server writes its own into the few files that name them (ADR 040). Here with the
// real build, as `npm run build` makes it.

/** Files a person could read as text: where an address would show. */
const TEXT = /\.(html|css|js|mjs|svg|json|xml|txt|webmanifest|map)$/;

function* builtFiles(dir: string, under = ''): Generator<string> {
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const relative = path.join(under, entry.name);
    if (entry.isDirectory()) yield* builtFiles(dir, relative);
    else yield relative;
  }
}

let siteDir: string;
let root: string;
beforeAll(() => {
  siteDir = ensureSiteBuilt();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-site-built-once-'));
}, 300_000);
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the public site, built once', () => {
  it('has no address and no chat widget in it: each absolute address is the built origin, in pages, robots.txt and sitemap.xml only', () => {
    const naming: string[] = [];
    const problems: string[] = [];
    for (const file of builtFiles(siteDir)) {
      if (!TEXT.test(file)) continue;
      const text = fs.readFileSync(path.join(siteDir, file), 'utf8');
      for (const leak of [new URL(BUILD_TIME_PUBLIC_URL).host, CHAT_WIDGET_STAND_IN, 'http://localhost:3000'])
        if (text.includes(leak)) problems.push(`${file} names ${leak}`);
      const host = text.split(new URL(BUILT_ORIGIN).host).length - 1;
      // Only whole, as the server replaces it: never escaped or split, which the server would miss.
      if (host !== text.split(BUILT_ORIGIN).length - 1)
        problems.push(`${file} names the built host otherwise`);
      if (host > 0) naming.push(file.split(path.sep).join('/'));
    }
    expect(problems).toEqual([]);
    expect(naming).toEqual(
      expect.arrayContaining(['index.html', 'faq/index.html', 'robots.txt', 'sitemap.xml']),
    );
    expect(naming.filter((file) => !/\.html$|^robots\.txt$|^sitemap\.xml$/.test(file))).toEqual([]);
  });

  it('serves two addresses from one build, each with its own canonical links, og:image, sitemap, robots.txt and sign-up origin', async () => {
    const sites = [
      { origin: 'https://cards.example.com', chatWidgetSrc: CHAT_WIDGET_STAND_IN },
      { origin: 'https://trades.example.org:8443', chatWidgetSrc: '' },
    ];
    for (const { origin, chatWidgetSrc } of sites) {
      const localised = await localiseSite({ siteDir, root, publicUrl: origin, chatWidgetSrc });
      const t = await createTestApp({ siteDir, chatWidgetSrc, localisedSite: localised ?? undefined });
      try {
        const text = async (url: string) => (await t.app.request(url)).text();
        const faq = await text('/faq');
        expect(faq).toContain(`<link rel="canonical" href="${origin}/faq">`);
        expect(faq).toContain(`<meta property="og:url" content="${origin}/faq">`);
        expect(faq).toContain(`<meta property="og:image" content="${origin}/images/og.png">`);
        // An alias names its canonical address, at this origin too.
        expect(await text('/whatisnfc')).toContain(`href="${origin}/productandplan/plasticnfccard"`);
        const register = await text('/register');
        expect(register).toContain(`&quot;publicOrigin&quot;:[0,&quot;${origin}&quot;]`);
        expect(register).toContain(`${origin}/u/your-name`);
        expect(await text('/sitemap.xml')).toContain(`<loc>${origin}/faq</loc>`);
        expect(await text('/robots.txt')).toContain(`Sitemap: ${origin}/sitemap-profiles.xml`);
        for (const page of [faq, register, await text('/no-such-page')])
          expect(page).not.toContain(new URL(BUILT_ORIGIN).host);
        // The chat loader reads the widget's address from the page (site/src/scripts/chat-loader.ts).
        const meta = chatWidgetSrc
          ? `<meta name="chat-widget-src" content="${chatWidgetSrc}">`
          : 'chat-widget-src';
        if (chatWidgetSrc) expect(faq).toContain(meta);
        else expect(faq).not.toContain(meta);
      } finally {
        await t.close();
      }
    }
  });

  it('has nginx send every built file that names the address to the product, which writes it for its own', () => {
    const template = fs.readFileSync(TEMPLATE, 'utf8');
    for (const file of builtFiles(siteDir)) {
      // Pages go to the product already (deploy/nginx.conf, `location /`).
      if (!TEXT.test(file) || file.endsWith('.html')) continue;
      if (!fs.readFileSync(path.join(siteDir, file), 'utf8').includes(BUILT_ORIGIN)) continue;
      const address = `/${file.split(path.sep).join('/')}`;
      expect(template, address).toMatch(
        new RegExp(`location = ${address.replace(/\./g, '\\.')} \\{\\s*proxy_pass http://tradecard;`),
      );
    }
  });
});
