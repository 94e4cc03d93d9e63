import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWN_DOMAIN_MARKER, profileKey } from '../../platform/storage/key-layout';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { livePage } from '../../tests/support/api/quotes';
import { startTestDnsServer, type TestDnsServer } from '../../tests/support/dns/test-dns-server';
import { decodeQrImage } from '../../tests/support/static/decode-qr';
import { listenLikeServer } from '../../tests/support/static/server';
import { checkDueDomains } from './checker';
import { readLiveDomains } from './live-domains';
import { RECHECK_MS } from './schedule';

let t: Awaited<ReturnType<typeof createTestApp>>;
let dns: TestDnsServer;
let server: Awaited<ReturnType<typeof listenLikeServer>> | undefined;
const domain = 'card.danapipe.test';

beforeEach(async () => {
  dns = await startTestDnsServer();
  t = await createTestApp({
    domains: { target: { host: 'tradecard.test', addresses: [] }, resolver: [dns.address], timeoutMs: 300 },
  });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await t.close();
  await dns.close();
});

/** A request as a browser sends it to `host`, through the server as it runs (fast path, host routing, Hono). */
const get = (path: string, host: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    if (!server) throw new Error('no server');
    http
      .get({ host: '127.0.0.1', port: server.port, path, headers: { ...headers, host } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });

/** Dana's page with card.danapipe.test live (DNS right, checked, rendered), served as the server serves it. */
async function liveOnDomain() {
  const dana = await livePage(t);
  const put = await t.call('PUT', '/api/domain', { domain }, dana);
  dns.set(`_tradecard.${domain}`, { TXT: [put.body.records[0].value] });
  dns.set(domain, { CNAME: 'tradecard.test' });
  await checkDueDomains(t.deps);
  await catchUp(t.db, t.renderTarget);
  server = await listenLikeServer(t.app, t.deps, { live: await readLiveDomains(t.db) });
  return dana;
}

/** What the page's folder says of its owner's domain (OWN_DOMAIN_MARKER), null when it says nothing. */
async function markerOf(username: string): Promise<string | null> {
  const stored = await t.renderTarget.storage.get(profileKey(username, OWN_DOMAIN_MARKER));
  return stored && stored !== 'not-modified' ? Buffer.from(stored.body).toString('utf8') : null;
}

describe('the page on its owner’s domain (issue 31)', () => {
  it('is the domain’s root, names the domain as its address, and has its files beside it', async () => {
    await liveOnDomain();
    const page = await get('/', domain);
    expect(page.status).toBe(200);
    const html = page.body.toString();
    expect(html).toContain(`<link rel="canonical" href="https://${domain}/"/>`);
    expect(html).toContain(`<meta property="og:url" content="https://${domain}/"/>`);
    expect(html).toContain(`"url":"https://${domain}/"`);
    // Its links name the page's own path, which every host serves (the same file answers /q/ and /c/ too).
    expect(html).toContain('href="/u/dana/contact.vcf"');
    const vcard = await get('/contact.vcf', domain);
    expect(vcard.status).toBe(200);
    expect(vcard.body.toString()).toContain(`URL:https://${domain}/`);
    expect((await get('/u/dana/contact.vcf', domain)).status).toBe(200);
    expect((await get('/quote', domain)).body.toString()).toContain('Send request');
    // New QR codes name the domain, at the address that counts a scan.
    expect(await decodeQrImage((await get('/qr.png', domain)).body)).toBe(`https://${domain}/q`);
    expect((await get('/q', domain)).status).toBe(200);
  });

  it('counts a visit on the domain as a visit by link, and one to /q as a scan', async () => {
    await liveOnDomain();
    const browser = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile Safari/537.36' };
    expect((await get('/', domain, browser)).status).toBe(200);
    expect((await get('/q', domain, { ...browser, 'x-forwarded-for': '198.51.100.20' })).status).toBe(200);
    await t.deps.visits.flush();
    const counts = await t.db
      .selectFrom('visit_counts')
      .select(['source', 'action', 'hits'])
      .where('action', '=', 'view')
      .orderBy('source')
      .execute();
    expect(counts).toEqual([
      { source: 'link', action: 'view', hits: 1 },
      { source: 'qr', action: 'view', hits: 1 },
    ]);
  });

  it('leaves the service host’s sitemap: its address is the domain’s now', async () => {
    await livePage(t, 'sam');
    await liveOnDomain();
    const sitemap = (await get('/sitemap-profiles-1.xml', 'tradecard.test')).body.toString();
    expect(sitemap).toContain('<loc>https://tradecard.test/u/sam</loc>');
    expect(sitemap).not.toContain('/u/dana');
  });

  it('moves the service address there, but keeps scanned codes and cards where they were', async () => {
    await liveOnDomain();
    // nginx, where it sends pages itself, leaves this one to the server (ADR 045).
    expect(await markerOf('dana')).toBe(`${domain}\n`);
    const moved = await get('/u/dana?from=card', 'tradecard.test');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`https://${domain}/?from=card`);
    expect(moved.headers['cache-control']).toBe('no-store');
    expect((await get('/q/dana', 'tradecard.test')).status).toBe(200);
    // Nobody else's page under Dana's domain.
    expect((await get('/u/sam', domain)).headers.location).toBe('https://tradecard.test/u/sam');
  });

  it('when the domain breaks, the service address serves the page again, under its own address', async () => {
    await liveOnDomain();
    dns.set(domain, undefined);
    t.advance(RECHECK_MS.live);
    await checkDueDomains(t.deps);
    await catchUp(t.db, t.renderTarget);
    await server?.close();
    server = await listenLikeServer(t.app, t.deps, { live: await readLiveDomains(t.db) });
    const page = await get('/u/dana', 'tradecard.test');
    expect(page.status).toBe(200);
    expect(await markerOf('dana')).toBeNull();
    expect(page.body.toString()).toContain('<link rel="canonical" href="https://tradecard.test/u/dana"/>');
    expect(await decodeQrImage((await get('/u/dana/qr.png', 'tradecard.test')).body)).toBe(
      'https://tradecard.test/q/dana',
    );
  });
});
