import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { makeTestWallet } from '../../tests/support/wallet/certificates';
import { startTsChild } from './child-process';
import { atMost, type BenchOptions, type BenchRow, info } from './report';
import { percentile } from './stats';

const PORT = 3973;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const START_TIMEOUT_MS = 120_000;
/** Quote requests sent, and how often the preview image and the Wallet pass are asked for again once made. */
type Sizes = { quotes: number; repeats: number };
const FULL: Sizes = { quotes: 5, repeats: 20 };
const QUICK: Sizes = { quotes: 1, repeats: 3 };
/** The quote form refuses a request sent sooner than this after it was shown (api/enquiries/stamp.ts). */
const FORM_MIN_AGE_MS = 3000;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response;
}

const bytesOf = async (url: string, init?: RequestInit) =>
  Buffer.from(await (await fetchOk(url, init)).arrayBuffer());

/** A phone photo as a customer sends one: 12 MP of detail, ~2–3 MB of JPEG. */
async function phonePhoto(seed: number): Promise<Blob> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = ((i + seed) * 2654435761) >>> 24;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
}

/**
 * Issue 17 on a real server with the sample profile and test Wallet certificates: the page's weight with every new
 * section filled, its link preview image (size, first draw, served again), the Wallet pass (first signature, served
 * again), a quote request with two phone photos end to end, and "Download my data" for the sample account.
 */
export async function winningPage({ quick }: BenchOptions): Promise<BenchRow[]> {
  const { quotes: quoteCount, repeats } = quick ? QUICK : FULL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-winning-'));
  const wallet = makeTestWallet();
  const server = startTsChild('api/server.ts', {
    DATA_DIR: dir,
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    SEED_DEMO: 'true',
    // Each quote below comes from an address of its own, as separate customers' would.
    TRUST_PROXY: '1',
    METRICS_PORT: 'off',
    ...wallet.env,
  });
  try {
    await server.waitFor(/TradeCard is running/, START_TIMEOUT_MS);
    const [, password = ''] = await server.waitFor(/with password (\S+) \(shown once/, START_TIMEOUT_MS);
    const rows: BenchRow[] = [];

    const page = await bytesOf(`${ORIGIN}/u/demo`);
    rows.push(
      atMost('/u/demo with every issue 17 section filled, gzip', gzipSync(page).length / 1024, 'KB', 14),
    );
    const scripts = [...page.toString('utf8').matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    rows.push(
      atMost(
        '/u/demo: script elements other than JSON-LD',
        scripts.filter((a) => !a?.includes('ld+json')).length,
        '',
        0,
      ),
    );

    const og = await timed(() => bytesOf(`${ORIGIN}/u/demo/og.jpg`));
    rows.push(atMost('/u/demo/og.jpg (1200×630 JPEG)', og.value.length / 1024, 'KB', 300));
    rows.push(info('/u/demo/og.jpg first request (drawn)', og.ms, 'ms'));
    const ogAgain: number[] = [];
    for (let i = 0; i < repeats; i += 1)
      ogAgain.push((await timed(() => bytesOf(`${ORIGIN}/u/demo/og.jpg`))).ms);
    rows.push(info('/u/demo/og.jpg again, p50', percentile(ogAgain, 50), 'ms'));

    const pass = await timed(() => bytesOf(`${ORIGIN}/u/demo/card.pkpass`));
    rows.push(info('/u/demo/card.pkpass first request (signed on its thread)', pass.ms, 'ms'));
    const passAgain: number[] = [];
    for (let i = 0; i < repeats; i += 1)
      passAgain.push((await timed(() => bytesOf(`${ORIGIN}/u/demo/card.pkpass`))).ms);
    rows.push(info('/u/demo/card.pkpass again, p50', percentile(passAgain, 50), 'ms'));

    const photos = await Promise.all([phonePhoto(1), phonePhoto(2)]);
    const forms = await Promise.all(
      Array.from({ length: quoteCount }, async () => {
        const html = (await bytesOf(`${ORIGIN}/u/demo/quote`)).toString('utf8');
        return /name="stamp" value="([^"]+)"/.exec(html)?.[1] ?? '';
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, FORM_MIN_AGE_MS + 200));
    const quotes: number[] = [];
    for (const [index, stamp] of forms.entries()) {
      const form = new FormData();
      for (const [key, value] of Object.entries({
        stamp,
        website: '',
        name: `Customer ${index}`,
        phone: '07700 900456',
        email: `customer${index}@example.com`,
        postcode: 'BS3 1AA',
        job: 'The shower tray leaks into the kitchen ceiling; we would like it replaced and retiled.',
      }))
        form.append(key, value);
      for (const [n, photo] of photos.entries()) form.append('photos', photo, `leak-${n}.jpg`);
      const sent = await timed(() =>
        fetch(`${ORIGIN}/u/demo/quote`, {
          method: 'POST',
          body: form,
          redirect: 'manual',
          headers: { 'x-forwarded-for': `198.51.100.${index + 10}` },
        }),
      );
      if (sent.value.status !== 303) throw new Error(`a quote request answered ${sent.value.status}`);
      quotes.push(sent.ms);
    }
    rows.push(
      info(`quote request with two 12 MP photos, p50 of ${quoteCount}`, percentile(quotes, 50), 'ms'),
    );

    const login = await fetchOk(`${ORIGIN}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password }),
    });
    const { token } = (await login.json()) as { token: string };
    const exported = await timed(() =>
      bytesOf(`${ORIGIN}/api/profile/export`, { headers: { authorization: `Bearer ${token}` } }),
    );
    rows.push(info('Download my data for the sample account (with its enquiries)', exported.ms, 'ms'));
    rows.push(info('Download my data: zip size', exported.value.length / 1024, 'KB'));
    return rows;
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(wallet.dir, { recursive: true, force: true });
  }
}
