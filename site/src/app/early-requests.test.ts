import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { MY_CARD_PATH } from './api-paths';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The answer these fakes give; the real ones have their schemas in contract/. */
const named = z.object({ data: z.object({ name: z.string() }) });

const page = fs.readFileSync(new URL('../pages/myprofile.astro', import.meta.url), 'utf8');

async function withFetch() {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  const fetch = vi.fn(async () => new Response('{"data":{"name":"fetched"}}', { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/**
 * /myprofile starts the editor's two requests from its <head> (issue 12). A browser hands a preloaded response to
 * a later fetch() only when address, mode and credentials all match; otherwise it fetches twice and warns.
 */
describe("/myprofile's early requests", () => {
  it('preloads the address the island fetches, as a CORS request with same-origin cookies', () => {
    const link = page.match(/<link\b[^>]*rel="preload"[^>]*>/)?.[0] ?? '';
    expect(link).toContain('as="fetch"');
    expect(link).toContain('href={myCard}');
    expect(page).toContain(['const myCard = `/api', '{MY_CARD_PATH}`;'].join('$'));
    // `anonymous` is mode cors with credentials same-origin: what fetch() does by default.
    expect(link).toContain('crossorigin="anonymous"');
  });

  it("is matched by the island's own request: a plain GET, default mode, same-origin cookies, no headers", async () => {
    const fetch = await withFetch();
    const { callApi } = await import('../lib/api');
    await callApi(MY_CARD_PATH, named, { fallback: 'Could not load your page.' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/business-card/my_card');
    expect(init.method).toBe('GET');
    expect(init.mode ?? 'cors').toBe('cors');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toEqual({});
    expect(init.body).toBeUndefined();
  });

  it('starts the signed-in user with a fresh timestamp, as every /profile call has (SPEC §7)', () => {
    const script = page.match(/<script is:inline[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(script).toContain("fetch('/api/profile?ts=' + Date.now(), { credentials: 'same-origin' })");
    expect(script).toContain("dataset.auth === 'in'");
  });

  it('lets the first profile query take the started request once, and fetch afresh after that', async () => {
    const fetch = await withFetch();
    const early = new Response('{"data":{"name":"early"}}', { status: 200 });
    vi.stubGlobal('window', { tcEarly: { profile: Promise.resolve(early) } });
    const { takeEarlyRequest } = await import('./early-requests');
    const { callApi } = await import('../lib/api');
    const first = await callApi('/profile?ts=1', named, {
      fallback: 'x',
      started: takeEarlyRequest('profile'),
    });
    const second = await callApi('/profile?ts=2', named, {
      fallback: 'x',
      started: takeEarlyRequest('profile'),
    });
    expect([first.data.name, second.data.name]).toEqual(['early', 'fetched']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/profile?ts=2');
  });

  it("reports the started request's failure the way its own fetch would", async () => {
    await withFetch();
    const { callApi } = await import('../lib/api');
    const refused = callApi('/profile?ts=1', named, {
      fallback: 'Could not load your account.',
      started: Promise.resolve(new Response('{"error":"Session expired."}', { status: 401 })),
    });
    await expect(refused).rejects.toMatchObject({ status: 401, message: 'Session expired.' });
    const lost = callApi('/profile?ts=1', named, {
      fallback: 'Could not load your account.',
      started: Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(lost).rejects.toMatchObject({ status: 0, message: 'Could not load your account.' });
  });
});
