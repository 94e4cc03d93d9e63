import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { createStripeSimulator, startStripeSimulator } from '.';

const SECRET = 'whsec_index_tests';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A real endpoint on 127.0.0.1 that keeps what it is posted. */
async function endpoint() {
  const posted: { body: string; signature: string | undefined }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const signature = request.headers['stripe-signature'];
      posted.push({ body, signature: typeof signature === 'string' ? signature : undefined });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { posted, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe` };
}

const start = async (options: Partial<Parameters<typeof startStripeSimulator>[0]> = {}) => {
  const simulator = await startStripeSimulator({
    dbFile: ':memory:',
    webhookUrl: null,
    webhookSecret: SECRET,
    tickMs: 0,
    ...options,
  });
  return simulator;
};

describe('startStripeSimulator', () => {
  it('listens on 127.0.0.1, serves the SDK, and posts signed webhooks over HTTP', async () => {
    const hook = await endpoint();
    const simulator = await start({ webhookUrl: hook.url });
    cleanups.unshift(() => simulator.close());
    const stripe = new Stripe('sk_test_index', {
      host: simulator.host,
      port: simulator.port,
      protocol: 'http',
    });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'gbp', unit_amount: 2495, product_data: { name: 'Card' } }, quantity: 1 },
      ],
      success_url: 'https://shop.test/done',
    });
    expect(session.url).toBe(`${simulator.url}/checkout/${session.id}`);
    await stripe.checkout.sessions.expire(session.id);
    await simulator.deliverPending();
    const [delivery] = hook.posted;
    const event = Stripe.webhooks.constructEvent(delivery?.body ?? '', delivery?.signature ?? '', SECRET);
    expect(event.type).toBe('checkout.session.expired');
  });

  it('runs due work on its own timer as its time source moves', async () => {
    const hook = await endpoint();
    let current = Date.parse('2026-03-02T09:00:00Z');
    const simulator = await start({ webhookUrl: hook.url, tickMs: 20, now: () => new Date(current) });
    cleanups.unshift(() => simulator.close());
    const stripe = new Stripe('sk_test_index', {
      host: simulator.host,
      port: simulator.port,
      protocol: 'http',
    });
    await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'gbp',
      success_url: 'https://shop.test/done',
    });
    current += 86_400_000;
    await expect.poll(() => hook.posted.length).toBe(1);
    expect(JSON.parse(hook.posted[0]?.body ?? '{}')).toMatchObject({ type: 'checkout.session.expired' });
  });

  it('keeps its objects and its clock in its own database file across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-simulator-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const dbFile = path.join(dir, 'stripe.db');
    const now = () => new Date('2026-03-02T09:00:00Z');
    const first = await start({ dbFile, now });
    const stripe = new Stripe('sk_test_index', { host: first.host, port: first.port, protocol: 'http' });
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'gbp',
      success_url: 'https://shop.test/',
    });
    await first.advanceClock(3600);
    await first.close();

    const second = await start({ dbFile, now });
    cleanups.unshift(() => second.close());
    expect(second.now()).toBe(Date.parse('2026-03-02T10:00:00Z') / 1000);
    const again = new Stripe('sk_test_index', { host: second.host, port: second.port, protocol: 'http' });
    expect((await again.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('serves its pages from wherever an app mounts them', async () => {
    const simulator = await createStripeSimulator({
      dbFile: ':memory:',
      webhookUrl: null,
      webhookSecret: SECRET,
      publicBaseUrl: 'https://tradecard.test/checkout/test/',
      businessUrl: 'https://tradecard.test/',
    });
    cleanups.unshift(() => simulator.close());
    const site = new Hono().route('/checkout/test', simulator.pages);
    const created = await simulator.app.request('/v1/checkout/sessions', {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_mount', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        mode: 'setup',
        currency: 'gbp',
        success_url: 'https://tradecard.test/done',
      }),
    });
    const { url } = (await created.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/tradecard\.test\/checkout\/test\/checkout\/cs_test_/);
    const page = await site.request(new URL(url).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Test mode — no real payment is taken');
    const missing = await site.request('/checkout/test/receipts/nothing');
    expect(await missing.text()).toContain(
      '<a class="button" href="https://tradecard.test/">Go to TradeCard</a>',
    );
  });
});
