import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_DOMAIN_MARKER } from '../../platform/storage/key-layout';
import { FONT_FILES } from '../../renderer/fonts';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';
import { type Answer, headerDifferences, request } from '../support/deploy/http';
import { freePort, NGINX, type RunningNginx, startNginx } from '../support/deploy/nginx';
import { ensureSiteBuilt } from '../support/deploy/site-build';

type Source = 'nginx' | 'product';

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
const MEDIA = /\/media\/([a-f0-9]{24}-\d{1,5}\.webp)/;

// CI installs nginx (.ci/run); on a laptop without it this suite says so and stands aside.
describe.skipIf(!fs.existsSync(NGINX))(
  `deploy/nginx.conf in front of the product (needs Debian's nginx at ${NGINX})`,
  () => {
    let server: ServerProcess & { port: number; url: string };
    let nginx: RunningNginx;
    let siteDir: string;
    /** One of the site's bundles, named by its content. */
    let bundle: string;
    let requestNumber = 0;

    beforeAll(async () => {
      siteDir = ensureSiteBuilt();
      const found = fs.readdirSync(path.join(siteDir, '_astro')).find((name) => name.endsWith('.js'));
      if (!found) throw new Error(`no bundle in ${siteDir}/_astro`);
      bundle = `/_astro/${found}`;
      // The server listens only once the demo is seeded and rendered (api/server.ts).
      const visitsPort = await freePort();
      server = await startServerProcess({
        // Two proxies trusted, as with a TLS terminator in front of nginx: a test's X-Forwarded-For is then the
        // visitor's address, so each request below can be a visitor of its own.
        env: { SEED_DEMO: 'true', TRUST_PROXY: '2', NGINX_VISITS: `127.0.0.1:${visitsPort}` },
        timeoutMs: 120_000,
      });
      nginx = await startNginx({ dataDir: server.dataDir, siteDir, upstreamPort: server.port, visitsPort });
    }, 300_000);

    afterAll(async () => {
      await nginx?.stop();
      await server?.cleanup();
    });

    /** Which half answered, from nginx's access log: its own files log no upstream. */
    async function servedBy(id: string): Promise<Source> {
      for (let tries = 0; tries < 50; tries++) {
        const line = nginx.accessLog().find((entry) => entry.endsWith(` id=${id}`));
        if (line) return line.includes('upstream=- ') ? 'nginx' : 'product';
        // nginx logs after the last byte is sent: the line may trail the answer by a moment.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no access log line for ${id}:\n${nginx.accessLog().join('\n')}`);
    }

    /** The product first (it draws a QR code on its first request), then the same request through nginx. */
    async function both(pathname: string, headers: Record<string, string> = {}) {
      const id = `parity-${++requestNumber}`;
      const sent = { ...headers, 'x-request-id': id };
      const product = await request(`${server.url}${pathname}`, sent);
      const proxied = await request(`${nginx.url}${pathname}`, sent);
      return { product, proxied, source: await servedBy(id) };
    }

    /** Every way the answer through nginx differs from the product's, each as a line naming the request. */
    function differences(label: string, encoding: string, product: Answer, proxied: Answer): string[] {
      const found = headerDifferences(product, proxied, encoding);
      if (proxied.status !== product.status)
        found.push(`status ${proxied.status}, product ${product.status}`);
      if (!proxied.body.equals(product.body)) found.push('other bytes, once decoded');
      return found.map((difference) => `${label}: ${difference}`);
    }

    it('sends what the product sends, for every kind of address, in every encoding', async () => {
      const demo = await request(`${server.url}/u/demo`);
      expect(demo.status).toBe(200);
      const media = MEDIA.exec(demo.body.toString('utf8'))?.[1];
      if (!media) throw new Error('the demo page shows no photo');
      const fromSite = (file: string): Source =>
        fs.existsSync(path.join(siteDir, file)) ? 'nginx' : 'product';

      // Where each must come from: files on disk from nginx, everything else from the product.
      const cases: [string, Source][] = [
        // A page nginx sends itself, telling the product, which counts the visit (ADR 045).
        ['/u/demo', 'nginx'],
        ['/u/demo/', 'nginx'],
        ['/q/demo', 'nginx'],
        // A query that only says where a click came from is the same page; any other is the product's to read.
        ['/u/demo?utm_source=van&fbclid=IwAR0abc&s=', 'nginx'],
        ['/u/demo?page=2', 'product'],
        ['/u/demo/contact.vcf', 'product'],
        ['/u/demo/og.jpg', 'product'],
        // Read from the database (api/cards/profile-sitemap.ts).
        ['/sitemap-profiles.xml', 'product'],
        // Built for no address; the product writes them for its own (ADR 040).
        ['/sitemap.xml', 'product'],
        ['/robots.txt', 'product'],
        ['/sitemap-profiles-1.xml', 'product'],
        ['/c/NOSUCHCARD', 'product'],
        // Named on disk by a hash of the address they encode, which nginx cannot work out (deploy/nginx.conf).
        ['/u/demo/qr.svg', 'product'],
        ['/u/demo/qr.png', 'product'],
        ['/u/demo/qr-print.png', 'product'],
        // The photo's folder by id prefix.
        [`/media/${media}`, 'nginx'],
        [`/fonts/${FONT_FILES[0]?.file}`, 'nginx'],
        [bundle, 'nginx'],
        ['/favicon.svg', fromSite('favicon.svg')],
        ['/favicon.ico', fromSite('favicon.ico')],
        ['/u/Demo', 'product'],
        ['/u/nobody', 'product'],
        ['/u/nobody/qr.svg', 'product'],
        ['/media/not-a-photo.webp', 'product'],
        ['/', 'product'],
        ['/faq', 'product'],
        ['/no-such-page', 'product'],
        ['/api/health', 'product'],
        ['/api/no-such-call', 'product'],
      ];
      // All of them before failing: one run then lists every header out of step.
      const problems: string[] = [];
      for (const [pathname, expected] of cases) {
        for (const encoding of ENCODINGS) {
          const label = `${pathname} (${encoding})`;
          const { product, proxied, source } = await both(pathname, { 'accept-encoding': encoding });
          problems.push(...differences(label, encoding, product, proxied));
          if (source !== expected) problems.push(`${label}: answered by ${source}, should be ${expected}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('answers 304 through nginx to a validator it gave, weak, in a list, or by date', async () => {
      for (const pathname of ['/u/demo', '/u/demo/contact.vcf', bundle]) {
        const url = `${nginx.url}${pathname}`;
        const first = await request(url, { 'accept-encoding': 'gzip' });
        const etag = first.headers.etag;
        const lastModified = first.headers['last-modified'];
        expect(etag, url).toBeDefined();
        expect(lastModified, url).toBeDefined();
        const weak = `W/${(etag as string).replace(/^W\//, '')}`;
        for (const validator of [{ 'if-none-match': etag as string }, { 'if-none-match': weak }]) {
          const again = await request(url, { 'accept-encoding': 'gzip', ...validator });
          expect(again.status, `${url} ${JSON.stringify(validator)}`).toBe(304);
          expect(again.raw.length).toBe(0);
          expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        }
        const listed = await request(url, {
          'accept-encoding': 'gzip',
          'if-none-match': `"something-else", ${etag}`,
        });
        expect(listed.status, `${url} in a list`).toBe(304);
        const byDate = await request(url, {
          'accept-encoding': 'gzip',
          'if-modified-since': lastModified as string,
        });
        expect(byDate.status, `${url} by date`).toBe(304);
        const stale = await request(url, { 'accept-encoding': 'gzip', 'if-none-match': '"stale"' });
        expect(stale.status, `${url} stale tag`).toBe(200);
      }
    });

    /** A browser's agent: the product counts no crawler's, nor a bare `Mozilla/5.0`. */
    const PHONE =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

    /** Page views counted in the product's database, by where the page was opened. */
    function viewsBySource(): Record<string, number> {
      const db = new SQLite(path.join(server.dataDir, 'app.db'), { readonly: true });
      try {
        const rows = db
          .prepare("SELECT source, SUM(hits) AS hits FROM visit_counts WHERE action = 'view' GROUP BY source")
          .all() as { source: string; hits: number }[];
        return Object.fromEntries(rows.map((row) => [row.source, row.hits]));
      } finally {
        db.close();
      }
    }

    it('tells the product of each page it sends itself, which counts a visit as for a page it sent', async () => {
      const before = viewsBySource();
      // Not visits, as the product counts them: a HEAD, and a browser's prefetch.
      const notVisits: [string, Record<string, string>, 'GET' | 'HEAD'][] = [
        ['/u/demo', {}, 'HEAD'],
        ['/u/demo', { 'sec-purpose': 'prefetch' }, 'GET'],
      ];
      // Visits: the link twice (once from a campaign) and a QR code's scan, each a visitor of its own.
      const visits = ['/u/demo', '/u/demo/?utm_source=van', '/q/demo'];
      const sent = [...notVisits, ...visits.map((pathname) => [pathname, {}, 'GET'] as const)];
      for (const [i, [pathname, headers, method]] of sent.entries()) {
        const id = `visit-${i}`;
        const answer = await request(
          `${nginx.url}${pathname}`,
          {
            ...headers,
            'x-request-id': id,
            'x-forwarded-for': `198.51.100.${i + 1}`,
            'user-agent': PHONE,
          },
          method,
        );
        expect(answer.status, pathname).toBe(200);
        expect(await servedBy(id), pathname).toBe('nginx');
      }
      const added = (source: string) => (viewsBySource()[source] ?? 0) - (before[source] ?? 0);
      await expect.poll(() => [added('link'), added('qr')], { timeout: 10_000 }).toEqual([2, 1]);
    });

    it("leaves to the product a page moved to its owner's domain, and any host but the service's", async () => {
      const marker = path.join(server.dataDir, 'public/u/demo', OWN_DOMAIN_MARKER);
      fs.writeFileSync(marker, 'card.demo.test\n');
      try {
        const { proxied, source } = await both('/u/demo');
        // The product serves it here: the demo has no domain in its database, only the marker this test wrote.
        expect(proxied.status).toBe(200);
        expect(source).toBe('product');
      } finally {
        fs.rmSync(marker);
      }
      expect((await both('/u/demo')).source).toBe('nginx');
      expect((await both('/u/demo', { host: 'card.demo.test' })).source).toBe('product');
    });

    it("hands on the caller's request id, and its own id when the caller sent none; no address is logged", async () => {
      // Not /api/health: health probes are not logged.
      const answer = await request(`${nginx.url}/api/no-such-call`, { 'x-forwarded-for': '203.0.113.9' });
      expect(answer.status).toBe(404);
      const id = answer.headers['x-request-id'];
      expect(id).toMatch(/^[a-f0-9]{32}$/);
      // The product logs the id it was given, and no client address (issue 16: visitors' addresses are kept nowhere).
      await expect
        .poll(() => server.logs().find((line) => line.reqId === id && line.path === '/api/no-such-call'))
        .toBeDefined();
      const line = server.logs().find((entry) => entry.reqId === id);
      expect(JSON.stringify(line)).not.toContain('203.0.113.9');
      expect(line).not.toHaveProperty('ip');
    });
  },
);
