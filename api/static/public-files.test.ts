import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountDecider } from '../../events/account/decider';
import { handleCommand } from '../../events/command';
import { catchUp } from '../../renderer/projector';
import { qrPng } from '../../renderer/qr';
import { rebuildProfiles } from '../../renderer/rebuild';
import { createTestApp } from '../../tests/support/api/app';
import { withoutJsonLd } from '../../tests/support/renderer/json-ld';
import { decodeQrImage } from '../../tests/support/static/decode-qr';
import { createApp } from '../app';
import { sendFile } from './public-files';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
const render = () => catchUp(t.db, { ...t.renderTarget });

beforeEach(async () => {
  t = await createTestApp();
  token = await t.signUp('dana');
});
afterEach(async () => {
  await t.close();
});

async function publishWithAvatar() {
  const avatar = new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 400, height: 400, channels: 3, background: '#336699' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'me.jpg',
  );
  const form = new FormData();
  form.append('full_name', 'Dana Pipe');
  form.append('phone_number', '0117 496 0456');
  form.append('contact_email', 'hello@danapipe.example');
  form.append('avatar', avatar);
  const response = await t.app.request('/api/business-card/create_business_card', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(200);
  await render();
  return (await response.json()) as { data: { avatar: string } };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers });

const OLD = 'https://tradecard.test';
const NEW = 'https://cards.example.net';

/** What a phone's camera reads from a served QR code (PNG or SVG). */
async function decodeQr(response: Response): Promise<string | undefined> {
  expect(response.status).toBe(200);
  return decodeQrImage(Buffer.from(await response.arrayBuffer()));
}

describe('public profile files', () => {
  it('serves the page with no script allowed, gzipped when asked, revalidated by ETag', async () => {
    await publishWithAvatar();
    const plain = await get('/u/dana');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(plain.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await plain.text();
    expect(html).toContain('Dana Pipe');
    expect(withoutJsonLd(html)).not.toMatch(/<script/i);

    const zipped = await get('/u/Dana/', { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(html);

    const again = await get('/u/dana', { 'if-none-match': plain.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('sends brotli when the browser takes it, with Last-Modified, and answers weak, listed and dated revalidations', async () => {
    await publishWithAvatar();
    const html = await (await get('/u/dana')).text();
    // Written with the page (issue 29): the very first brotli request gets it, none waits for a copy to be made.
    const br = await get('/u/dana', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toBe(html);
    expect(
      (await get('/u/dana', { 'accept-encoding': 'br;q=0, gzip' })).headers.get('content-encoding'),
    ).toBe('gzip');

    const etag = br.headers.get('etag') ?? '';
    const lastModified = br.headers.get('last-modified') ?? '';
    expect(lastModified).toMatch(/GMT$/);
    for (const ifNoneMatch of [`W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/u/dana', { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toContain('max-age=60');
    }
    // Another representation's tag is not this one's.
    expect((await get('/u/dana', { 'if-none-match': etag })).status).toBe(200);
    expect((await get('/u/dana', { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await get('/u/dana', { 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).status).toBe(200);
  });

  it('answers HEAD with the headers and length of a GET, and no body', async () => {
    await publishWithAvatar();
    const full = await get('/u/dana', { 'accept-encoding': 'gzip' });
    const head = await t.app.request('/u/dana', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('compresses the not-found page it writes for an unknown name', async () => {
    const response = await get('/u/nobody-at-all', { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toContain('No business card found for “nobody-at-all”');
    const gzip = await get('/u/nobody-at-all', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain('nobody-at-all');
  });

  it('serves the vCard as a download, with the avatar as its photo', async () => {
    await publishWithAvatar();
    const response = await get('/u/dana/contact.vcf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const vcard = await response.text();
    expect(vcard).toContain('BEGIN:VCARD');
    expect(vcard).toContain('VERSION:3.0');
    expect(vcard).toContain('hello@danapipe.example');
    expect(vcard).not.toContain('dana@example.com');
    expect(vcard).toMatch(/PHOTO;ENCODING=b;TYPE=JPEG:/);
  });

  it('serves QR codes and content-addressed media with long caching', async () => {
    const { data } = await publishWithAvatar();
    const svg = await get('/u/dana/qr.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg/);
    const qr = await get('/u/dana/qr.png');
    expect(qr.headers.get('content-type')).toBe('image/png');
    const print = await get('/u/dana/qr-print.png');
    expect(print.status).toBe(200);
    expect((await sharp(Buffer.from(await print.arrayBuffer())).metadata()).width).toBe(1200);
    expect(print.headers.get('content-disposition')).toContain('dana-qr-code.png');
    expect((await get('/u/nobody/qr-print.png')).status).toBe(404);
    const media = await get(data.avatar);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/webp');
    expect(media.headers.get('cache-control')).toContain('immutable');
  });

  it('answers an unknown name with the 404 page, escaping what was typed', async () => {
    const response = await get('/u/nobody-here');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('No business card found for “nobody-here”');
    const hostile = await get('/u/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile.status).toBe(404);
    expect(await hostile.text()).not.toContain('<script>alert(1)');
  });

  it('never serves files outside a profile folder', async () => {
    await publishWithAvatar();
    fs.writeFileSync(path.join(t.dir, 'secret.txt'), 'secret');
    for (const url of [
      '/u/dana/..%2F..%2Fsecret.txt',
      '/u/..%2F..%2Fapp.db/',
      '/u/dana/index.html.gz',
      '/media/..%2Fapp.db',
      '/fonts/..%2F..%2Fpackage.json',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain('secret');
    }
  });

  it('serves the self-hosted fonts the page asks for', async () => {
    await publishWithAvatar();
    const html = await (await get('/u/dana')).text();
    const font = html.match(/\/fonts\/[a-z0-9-]+\.woff2/)?.[0];
    expect(font).toBeDefined();
    const response = await get(font ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('font/woff2');
  });

  it('serves the link preview image the page names, as a JPEG, and nothing once the page is down', async () => {
    await publishWithAvatar();
    const page = await (await get('/u/dana')).text();
    const named = new URL(/<meta property="og:image" content="([^"]+)"/.exec(page)?.[1] ?? '');
    expect(named.origin).toBe(OLD);
    expect(named.pathname).toBe('/u/dana/og.jpg');
    const image = await get(`${named.pathname}${named.search}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('public, max-age=3600');
    const bytes = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(bytes.length).toBeLessThan(300_000);
    expect((await get('/u/dana/og.jpg')).status).toBe(200);

    const { id } = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'dana')
      .executeTakeFirstOrThrow();
    await handleCommand(t.db, {
      decider: accountDecider,
      streamId: `account-${id}`,
      command: { type: 'EndTrial' },
      now: new Date('2027-01-01T00:00:00Z'),
    });
    await render();
    const gone = await get('/u/dana/og.jpg');
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
  });

  it('never answers a missing file with a cacheable 404', async () => {
    await publishWithAvatar();
    for (const url of [
      '/u/nobody',
      '/u/nobody/qr.png',
      '/u/dana/nothing.txt',
      '/media/0123456789abcdef01234567-400.webp',
      '/media/not-a-media-name.webp',
      '/fonts/no-such-font.woff2',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it('draws QR codes for the address in use: a moved PUBLIC_URL and a rebuild leave none for the old one', async () => {
    await publishWithAvatar();
    const files = ['qr.png', 'qr-print.png', 'qr.svg'];
    for (const file of files)
      expect(await decodeQr(await get(`/u/dana/${file}`)), file).toBe(`${OLD}/q/dana`);

    // The operator moves the service and restarts it; the rebuild has not run yet.
    const moved = createApp({ ...t.deps, publicUrl: NEW });
    for (const file of files)
      expect(await decodeQr(await moved.request(`/u/dana/${file}`)), file).toBe(`${NEW}/q/dana`);

    // Back on the old address a while, then `npm run rebuild` under the new one: no code for the old one is left.
    for (const file of files) await get(`/u/dana/${file}`);
    const folder = path.join(t.deps.publicDir, 'u', 'dana');
    const codesOnDisk = () => fs.readdirSync(folder).filter((name) => /\.(png|svg)$/.test(name));
    expect(codesOnDisk()).toHaveLength(3);
    await rebuildProfiles(t.db, { ...t.renderTarget, publicUrl: NEW });
    expect(codesOnDisk()).toEqual([]);
    expect(await (await moved.request('/u/dana')).text()).toContain(`${NEW}/u/dana`);
    for (const file of files)
      expect(await decodeQr(await moved.request(`/u/dana/${file}`)), file).toBe(`${NEW}/q/dana`);
    expect(codesOnDisk()).toHaveLength(3);
    for (const name of codesOnDisk()) {
      const decoded = await decodeQr(new Response(fs.readFileSync(path.join(folder, name))));
      expect(decoded, name).toBe(`${NEW}/q/dana`);
    }
  });

  it('redraws a QR code drawn for the page address before issue 16, so every code served says QR', async () => {
    await publishWithAvatar();
    const folder = path.join(t.deps.publicDir, 'u', 'dana');
    // Where the previous release drew them: named by the hash of the address they encode, /u/dana.
    const hash = createHash('sha256').update(`${OLD}/u/dana`).digest('hex').slice(0, 16);
    const earlier = ['qr', 'qr-print'].map((name) => path.join(folder, `${name}.${hash}.png`));
    for (const file of earlier) fs.writeFileSync(file, await qrPng(`${OLD}/u/dana`, 200));
    expect(await decodeQr(await get('/u/dana/qr.png'))).toBe(`${OLD}/q/dana`);
    expect(await decodeQr(await get('/u/dana/qr-print.png'))).toBe(`${OLD}/q/dana`);
    for (const file of earlier) expect(fs.existsSync(file), file).toBe(false);
  });

  it('deleting the account removes its page and its photos; its address says the card is no longer in use', async () => {
    const { data } = await publishWithAvatar();
    expect((await get(data.avatar)).status).toBe(200);
    // Served (so cached) just before: an erased card's vCard and photos must stop at once all the same.
    expect((await get('/u/dana/contact.vcf')).status).toBe(200);
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    await render();
    const page = await get('/u/dana');
    const html = await page.text();
    expect(html).toContain('This card is no longer in use');
    expect(html).not.toContain('Dana');
    expect((await get('/u/dana/contact.vcf')).status).toBe(404);
    expect((await get(data.avatar)).status).toBe(404);
    expect(fs.readdirSync(path.join(t.deps.publicDir, 'media'))).toEqual([]);
  });
});

describe('a page republished while it is being sent', () => {
  it('is sent whole, old or new, with the length of what is sent (never a length from one and bytes from the other)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-race-'));
    const file = path.join(dir, 'index.html');
    const versions = ['<p>short</p>', `<p>${'a much longer page '.repeat(200)}</p>`];
    fs.writeFileSync(file, versions[0] as string);
    const app = new Hono().get(
      '/page',
      async (c) => (await sendFile(c, { file, type: 'text/html', cache: 'no-cache' })) ?? c.notFound(),
    );
    const mismatched: string[] = [];
    for (let round = 0; round < 200; round += 1) {
      const response = await app.request('/page');
      // The projector renames a freshly written page over the old one (platform/storage/write-file.ts), right now.
      const next = path.join(dir, `next-${round}`);
      fs.writeFileSync(next, versions[(round + 1) % 2] as string);
      fs.renameSync(next, file);
      const body = Buffer.from(await response.arrayBuffer());
      const length = Number(response.headers.get('content-length'));
      if (body.length !== length)
        mismatched.push(`round ${round}: Content-Length ${length}, ${body.length} bytes`);
      if (!versions.includes(body.toString()))
        mismatched.push(`round ${round}: a page that was never written`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    expect(mismatched).toEqual([]);
  });
});
