import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { compressJson } from './compress-body';

const big = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Boiler service ${i}` })) };
const app = new Hono()
  .use(compressJson())
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/big', (c) => c.json(big))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/text', (c) => c.text('x'.repeat(5000)));

describe('API JSON compression', () => {
  it('compresses JSON over 1 KB with the coding the client prefers, with its length, keeping no-store', async () => {
    const br = await app.request('/big', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('no-store');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(body.length);
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual(big);
    const gzip = await app.request('/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(big);
    const plain = await app.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  it('never compresses a small body, nor anything but JSON', async () => {
    const small = await app.request('/small', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const text = await app.request('/text', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(text.headers.get('content-encoding')).toBeNull();
  });

  it('is on for the whole API, errors included', async () => {
    const t = await createTestApp();
    try {
      const missing = await t.app.request('/api/nope', { headers: { 'accept-encoding': 'gzip' } });
      expect(await missing.json()).toEqual({ error: 'Not found.' });
      const health = await t.app.request('/api/health', { headers: { 'accept-encoding': 'gzip' } });
      expect(health.headers.get('vary')).toBe('Accept-Encoding');
      expect(health.headers.get('cache-control')).toBe('no-store');
    } finally {
      await t.close();
    }
  });
});
