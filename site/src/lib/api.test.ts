import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** Just enough of localStorage for the session store, holding what a browser signed in before ADR 015 had. */
function storage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    has: (key: string) => map.has(key),
  };
}

describe('callApi and the stored session (ADR 015)', () => {
  it('sends the cookie only: no Authorization header, even from a browser that still has an old token', async () => {
    const local = storage({ token: 'old-token', authUser: '{"email":"dana@example.com"}' });
    vi.stubGlobal('localStorage', local);
    const fetch = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { callApi } = await import('./api');
    const { $session } = await import('../stores/session');

    await callApi('/profile', { method: 'PUT', body: { name: 'Dana' }, fallback: 'Failed' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('same-origin');
    expect(JSON.stringify(init.headers)).not.toMatch(/authorization|old-token/i);
    // The old token is dropped on sight; the display copy still says someone is signed in.
    expect(local.has('token')).toBe(false);
    expect($session.get()).toEqual({ user: { email: 'dana@example.com' } });
  });

  it('signing in keeps the display copy, never a token', async () => {
    const local = storage({});
    vi.stubGlobal('localStorage', local);
    const { signIn, signOut } = await import('../stores/session');
    signIn(null);
    expect(local.getItem('authUser')).toBe('null');
    expect(local.has('token')).toBe(false);
    signOut();
    expect(local.has('authUser')).toBe(false);
  });
});
