import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { httpRequestDuration } from '../../observability/metrics';
import { createTestApp } from '../../tests/support/api/app';
import { subscribeAtHostedCheckout } from '../../tests/support/api/payments/flows';
import { captureLogs } from '../../tests/support/observability/logs';

let t: Awaited<ReturnType<typeof createTestApp>>;
let siteDir: string;
let logs: ReturnType<typeof captureLogs>;

beforeEach(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-site-'));
  for (const [name, content] of Object.entries({
    'faq/index.html': '<h1>FAQs</h1>',
    '_astro/app.abc123.js': 'console.log(1)',
    'reset-password/index.html': '<h1>Reset your password</h1>',
    '404.html': '<h1>Not here</h1>',
  })) {
    fs.mkdirSync(path.dirname(path.join(siteDir, name)), { recursive: true });
    fs.writeFileSync(path.join(siteDir, name), content);
  }
  t = await createTestApp({ siteDir });
  logs = captureLogs('info');
});
afterEach(async () => {
  logs.restore();
  await t.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const accessLines = () => logs.lines().filter((line) => line.msg === 'request');

describe('request ids', () => {
  it('gives every answer one (API, profile page, site file, unknown path), made fresh for each request', async () => {
    const ids = [];
    for (const url of ['/api/profile', '/u/nobody', '/faq', '/_astro/app.abc123.js', '/no/such/page']) {
      const response = await t.app.request(url);
      const id = response.headers.get('x-request-id');
      expect(id, url).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(accessLines().map((line) => line.reqId)).toEqual(ids);
  });

  it("keeps a caller's id when it is a plain token of up to 64 characters, and replaces any other", async () => {
    const idFor = async (sent: string) =>
      (await t.app.request('/api/health', { headers: { 'x-request-id': sent } })).headers.get('x-request-id');
    expect(await idFor('lb-7f3a.2_Z')).toBe('lb-7f3a.2_Z');
    expect(await idFor('a'.repeat(64))).toBe('a'.repeat(64));
    expect(await idFor('a'.repeat(65))).toMatch(UUID);
    expect(await idFor('two words')).toMatch(UUID);
    expect(await idFor('{"injected":true}')).toMatch(UUID);
  });
});

describe('the access log', () => {
  it('writes one line per request: method, path, route, status, time, size and user agent, no address', async () => {
    const response = await t.app.request('/_astro/app.abc123.js', {
      headers: { 'user-agent': 'Mozilla/5.0 test', 'x-forwarded-for': '198.51.100.1, 203.0.113.9' },
    });
    expect(response.status).toBe(200);
    expect(accessLines()).toEqual([
      {
        level: 'info',
        time: expect.any(String),
        reqId: response.headers.get('x-request-id'),
        method: 'GET',
        path: '/_astro/app.abc123.js',
        route: '/_astro/*',
        status: 200,
        ms: expect.any(Number),
        bytes: 'console.log(1)'.length,
        userAgent: 'Mozilla/5.0 test',
        msg: 'request',
      },
    ]);
  });

  it('names routes by their pattern, so many paths make a few routes', async () => {
    for (const url of [
      '/u/dana',
      '/u/sam/qr.svg',
      '/api/business-card/by_username/dana',
      '/faq',
      '/nope',
      '/api/nope',
    ])
      await t.app.request(url);
    await t.call('POST', '/api/login', { email: 'x@example.com', password: 'wrong-password' });
    expect(accessLines().map((line) => [line.path, line.route, line.status])).toEqual([
      ['/u/dana', '/u/:username', 404],
      ['/u/sam/qr.svg', '/u/:username/:file', 404],
      ['/api/business-card/by_username/dana', '/api/business-card/by_username/:username', 404],
      ['/faq', 'site', 200],
      ['/nope', 'unmatched', 404],
      ['/api/nope', 'unmatched', 404],
      ['/api/login', '/api/login', 401],
    ]);
  });

  it('never writes a reset token, from the API path, the site page or a query string, nor a password', async () => {
    const secret = 'Xq7-secret-reset-token';
    await t.call('POST', `/api/reset-password/${secret}`, { password: 'Plumber2026' });
    await t.app.request(`/reset-password/${secret}`);
    await t.app.request(`/api/stripe/confirm?session_id=cs_test_1&token=${secret}`);
    expect(accessLines().map((line) => [line.path, line.route])).toEqual([
      ['/api/reset-password/[redacted]', '/api/reset-password/:token'],
      ['/reset-password/[redacted]', 'site'],
      ['/api/stripe/confirm?session_id=cs_test_1&token=[redacted]', '/api/stripe/confirm'],
    ]);
    const everything = logs.raw().join('\n');
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain('Plumber2026');
  });

  it('sends passing health and readiness probes to debug, so polling does not flood the log', async () => {
    logs.restore();
    logs = captureLogs('info');
    await t.app.request('/api/health');
    await t.app.request('/api/ready');
    expect(accessLines()).toEqual([]);
    logs.restore();
    logs = captureLogs('debug');
    await t.app.request('/api/health');
    expect(accessLines().map((line) => [line.level, line.route])).toEqual([['debug', '/api/health']]);
  });
});

describe('every log line written while handling a request', () => {
  it('is JSON and carries the request id, down to errors logged inside a handler and the 500 path', async () => {
    const token = await t.signUp('dana');
    await subscribeAtHostedCheckout(t, token);
    t.deps.payments.billing = async () => {
      throw new Error('The payment provider timed out');
    };
    // A table gone from under the app: the handler's query fails, and the error handler answers 500.
    await t.db.schema.dropTable('cards').execute();
    logs.clear();

    const billing = await t.app.request('/api/billing', { headers: { authorization: `Bearer ${token}` } });
    expect(billing.status).toBe(502);
    const broken = await t.app.request('/api/business-card/my_card', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ error: 'Something went wrong' });

    const raw = logs.raw();
    for (const line of raw) expect(() => JSON.parse(line)).not.toThrow();
    const lines = logs.lines();
    const ofBilling = lines.filter((line) => line.reqId === billing.headers.get('x-request-id'));
    const ofBroken = lines.filter((line) => line.reqId === broken.headers.get('x-request-id'));
    expect(ofBilling.length + ofBroken.length).toBe(lines.length);
    expect(ofBilling.map((line) => [line.level, line.msg])).toEqual([
      ['error', 'Reading billing from the payment provider failed'],
      ['info', 'request'],
    ]);
    expect(ofBilling[0]?.err).toMatchObject({ type: 'Error', message: 'The payment provider timed out' });
    expect(ofBroken.map((line) => [line.level, line.msg])).toEqual([
      ['error', 'Request failed'],
      ['info', 'request'],
    ]);
    expect(ofBroken[0]).toMatchObject({
      method: 'GET',
      path: '/api/business-card/my_card',
      route: '/api/business-card/my_card',
      err:
        t.dialect === 'sqlite'
          ? {
              type: 'SqliteError',
              message: 'no such table: cards',
              stack: expect.stringContaining('SqliteError'),
            }
          : {
              type: 'DatabaseError',
              message: 'relation "cards" does not exist',
              code: '42P01',
              stack: expect.stringContaining('relation "cards" does not exist'),
            },
    });
  });

  it('keeps requests handled at the same time apart', async () => {
    const token = await t.signUp('dana');
    t.deps.payments.billing = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('slow and failing');
    };
    await subscribeAtHostedCheckout(t, token);
    logs.clear();
    const headers = (id: string) => ({ authorization: `Bearer ${token}`, 'x-request-id': id });
    await Promise.all(
      ['one', 'two', 'three'].map((id) => t.app.request('/api/billing', { headers: headers(id) })),
    );
    const lines = logs.lines();
    for (const id of ['one', 'two', 'three'])
      expect(lines.filter((line) => line.reqId === id).map((line) => line.msg)).toEqual([
        'Reading billing from the payment provider failed',
        'request',
      ]);
  });
});

describe('http_request_duration_seconds', () => {
  const countFor = async (route: string) =>
    (await httpRequestDuration.get()).values
      .filter(
        (value) => value.metricName === 'http_request_duration_seconds_count' && value.labels.route === route,
      )
      .reduce((sum, value) => sum + value.value, 0);

  it('counts requests by route pattern, never by raw path', async () => {
    const before = await countFor('/u/:username');
    await t.app.request('/u/alice');
    await t.app.request('/u/bob');
    expect(await countFor('/u/:username')).toBe(before + 2);
    const routes = new Set(
      (await httpRequestDuration.get()).values.map((value) => String(value.labels.route)),
    );
    expect([...routes].filter((route) => /alice|bob/.test(route))).toEqual([]);
  });

  it('labels an invented method as other', async () => {
    await t.app.request('/api/health', { method: 'BREW' });
    const methods = (await httpRequestDuration.get()).values.map((value) => value.labels.method);
    expect(methods).toContain('other');
    expect(methods).not.toContain('BREW');
  });
});
