import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodePageVariants, PAGE_VARIANTS_FILE } from '../../platform/storage/page-variants';
import { writeDerivedFile } from '../../platform/storage/write-file';
import { createTestApp } from '../../tests/support/api/app';
import { type RawResponse, rawConnection } from '../../tests/support/static/raw-client';
import { listenLikeServer } from '../../tests/support/static/server';

let t: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof listenLikeServer>>;
let folder: string;

/** Versions of very different lengths, so a length from one and bytes from another can't go unnoticed. */
const PAGES = [
  '<!doctype html><p>Short page</p>',
  `<!doctype html>${'<p>A longer page, with a paragraph about boilers.</p>'.repeat(200)}`,
  `<!doctype html>${Array.from({ length: 900 }, (_, i) => `<li>Item ${i * 7919}</li>`).join('')}`,
];
const CARDS = [
  'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Rae Racer\r\nEND:VCARD\r\n',
  `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Rae Racer\r\nNOTE:${'x'.repeat(5000)}\r\nEND:VCARD\r\n`,
];

beforeEach(async () => {
  t = await createTestApp();
  folder = path.join(t.deps.publicDir, 'u', 'racer');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'index.html'), PAGES[0] as string);
  fs.writeFileSync(path.join(folder, 'contact.vcf'), CARDS[0] as string);
  server = await listenLikeServer(t.app, t.deps);
});
afterEach(async () => {
  await server.close();
  await t.close();
});

const decoded = (response: RawResponse) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  return response.body.toString();
};

/** A page's variants file as the renderer writes it (renderer/render-account.ts). */
const variantsOf = (html: string) => {
  const identity = Buffer.from(html);
  return encodePageVariants({ identity, gzip: gzipSync(identity), br: brotliCompressSync(identity) });
};

describe.each([
  { pages: 'pages with their variants file (issue 29)', variants: true },
  { pages: 'pages rendered before variants files', variants: false },
])('a profile republished many times a second while keep-alive clients read it: $pages', ({ variants }) => {
  it('answers every request with one whole version: its length, its bytes, its ETag', async () => {
    if (variants) fs.writeFileSync(path.join(folder, PAGE_VARIANTS_FILE), variantsOf(PAGES[0] as string));
    let publishing = true;
    const publisher = (async () => {
      for (let round = 0; publishing; round += 1) {
        // The projector, through writeDerivedFile (forgotten by the cache at once)...
        await writeDerivedFile(path.join(folder, 'index.html'), PAGES[round % 3] as string);
        if (variants)
          await writeDerivedFile(
            path.join(folder, PAGE_VARIANTS_FILE),
            variantsOf(PAGES[round % 3] as string),
          );
        await writeDerivedFile(path.join(folder, 'contact.vcf'), CARDS[round % 2] as string);
        // ...and a rebuild in another process: a rename this process is not told about.
        const next = path.join(folder, `.other-process-${round}`);
        fs.writeFileSync(next, PAGES[(round + 1) % 3] as string);
        fs.renameSync(next, path.join(folder, 'index.html'));
        if (variants) {
          fs.writeFileSync(next, variantsOf(PAGES[(round + 1) % 3] as string));
          fs.renameSync(next, path.join(folder, PAGE_VARIANTS_FILE));
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    const wrong: string[] = [];
    const etags = new Map<string, string>();
    let answered = 0;
    const reader = async (encoding: string | null) => {
      const connection = await rawConnection(server.port);
      const headers: Record<string, string> = encoding ? { 'Accept-Encoding': encoding } : {};
      const deadline = Date.now() + 1500;
      try {
        for (let i = 0; Date.now() < deadline; i += 1) {
          const vcard = i % 4 === 3;
          const url = vcard ? '/u/racer/contact.vcf' : i % 2 ? '/u/racer/' : '/u/racer';
          const response = await connection.request('GET', url, headers);
          answered += 1;
          const body = decoded(response);
          if (response.status !== 200) wrong.push(`${url}: status ${response.status}`);
          else if (!(vcard ? CARDS : PAGES).includes(body))
            wrong.push(
              `${url}: ${response.body.length} bytes that are no version (Content-Length ${response.headers['content-length']})`,
            );
          // One ETag always names the same bytes.
          const tag = response.headers.etag ?? '';
          const seen = etags.get(tag);
          if (seen !== undefined && seen !== response.body.toString('base64'))
            wrong.push(`${url}: ETag ${tag} sent with two different bodies`);
          etags.set(tag, response.body.toString('base64'));
        }
      } finally {
        connection.close();
      }
    };
    try {
      await Promise.all([reader(null), reader('gzip'), reader('br'), reader('gzip, br')]);
    } finally {
      publishing = false;
      await publisher;
    }
    expect(wrong).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    // Both paths were exercised: the fast one for pages, Hono's for the vCard and (without variants) every miss.
    expect(server.counted.answeredFast).toBeGreaterThan(0);
    expect(server.counted.answeredFast).toBeLessThan(answered);
  });
});
